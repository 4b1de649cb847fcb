package dev.holdfast.app.autosave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.checkpoint.scrollback.CheckpointSettings;
import dev.holdfast.checkpoint.session.SessionLoad;
import dev.holdfast.checkpoint.session.SessionSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshotStore;
import dev.holdfast.checkpoint.session.WindowFrame;
import dev.holdfast.checkpoint.store.StateDirectory;
import dev.holdfast.terminal.emulation.SessionSpec;
import dev.holdfast.terminal.emulation.TerminalEvents;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.pty.ProcessSnapshot;
import dev.holdfast.terminal.pty.ShellCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionSaverTest {
    @TempDir
    Path root;

    private StateDirectory state;
    private SessionSnapshotStore store;
    private SessionSaver saver;
    private final ScrollbackExporter exporter = new ScrollbackExporter(CheckpointSettings.defaults());

    @BeforeEach
    void setUp() throws Exception {
        state = new StateDirectory(root, root.resolve("config")).open();
        store = new SessionSnapshotStore(state, Clock.systemUTC());
        saver = new SessionSaver(store, exporter, Clock.systemUTC());
    }

    @AfterEach
    void tearDown() {
        saver.close();
    }

    private static TerminalSession terminal(Path dir, String text) {
        TerminalSession s = new TerminalSession(new SessionSpec(UUID.randomUUID(), dir,
                new ShellCommand(List.of("/bin/sh")), Map.of(), 80, 24, 1000),
                TerminalEvents.NONE, pid -> ProcessSnapshot.UNKNOWN, Clock.systemUTC());
        s.writeLocal(text);
        return s;
    }

    private WindowState window(TabState... tabs) {
        return new WindowState(new WindowFrame(10, 20, 800, 600, false), List.of(tabs), 0);
    }

    private SessionSnapshot saved() {
        return ((SessionLoad.Loaded) store.load()).snapshot();
    }

    private void drain() throws Exception {
        saver.saveForQuit(window(), Map.of()).get(5, TimeUnit.SECONDS);
    }

    @Test
    void autosaveWritesTabsWithoutScrollback() throws Exception {
        TerminalSession s = terminal(root, "\u001b[31mred\u001b[0m\r\n");
        TabState tab = new TabState(s.spec().panelId(), "custom", "prog", s, true);
        saver.autosave(window(tab));
        saver.close();
        SessionSnapshot snapshot = saved();
        assertEquals(1, snapshot.panels().size());
        assertEquals(s.spec().panelId(), snapshot.panels().get(0).panelId());
        assertEquals("custom", snapshot.panels().get(0).customTitle());
        assertEquals(root.toString(), snapshot.panels().get(0).workingDirectory());
        assertNull(snapshot.panels().get(0).scrollback());
        assertNull(snapshot.scrollbackCapturedAt());
    }

    @Test
    void unchangedWindowIsNotWrittenAgain() throws Exception {
        TerminalSession s = terminal(root, "x");
        TabState tab = new TabState(s.spec().panelId(), null, "", s, true);
        saver.autosave(window(tab));
        saver.autosave(window(tab));
        saver.close();
        assertTrue(Files.notExists(state.previousSessionFile()), "the second, identical autosave wrote nothing");
    }

    @Test
    void anUnchangedWindowIsWrittenAgainWhenItsSessionFileWasRemoved() throws Exception {
        TerminalSession s = terminal(root, "x");
        TabState tab = new TabState(s.spec().panelId(), "kept", "", s, true);
        saver.autosave(window(tab));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (Files.notExists(state.sessionFile()) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        Files.delete(state.sessionFile());

        saver.autosave(window(tab));
        saver.close();

        assertEquals("kept", saved().panels().get(0).customTitle(), "a crash now still finds the session");
    }

    @Test
    void aQuitSaveThatCannotBeWrittenFailsItsFutureAndTellsTheListener() throws Exception {
        List<String> failures = new java.util.ArrayList<>();
        saver.close();
        saver = new SessionSaver(store, exporter, Clock.systemUTC(), new SessionSaver.SaveListener() {
            @Override
            public void failed(boolean quit, String reason) {
                failures.add(quit + ": " + reason);
            }
        });
        TerminalSession s = terminal(root, "x\r\n");
        // A non-empty directory cannot be renamed over, even by root: the write fails as on a full disk.
        Files.createDirectories(state.sessionFile().resolve("blocker"));

        java.util.concurrent.ExecutionException failed = org.junit.jupiter.api.Assertions.assertThrows(
                java.util.concurrent.ExecutionException.class, () -> saver.saveForQuit(window(new TabState(
                        s.spec().panelId(), null, "", s, true)), Map.of()).get(5, TimeUnit.SECONDS));

        assertTrue(failed.getCause() instanceof java.io.UncheckedIOException, failed.toString());
        assertEquals(1, failures.size());
        assertTrue(failures.get(0).startsWith("true: "), failures.get(0));
    }

    @Test
    void aQuitSnapshotLargerThanTheStoreTakesIsCutUntilItFits() throws Exception {
        SessionSnapshotStore small = new SessionSnapshotStore(state, Clock.systemUTC(), 64 * 1024);
        saver.close();
        saver = new SessionSaver(small, exporter, Clock.systemUTC());
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 3_000; i++) {
            text.append("\u001b[3").append(i % 8).append("mline ").append(i).append("\u001b[0m\r\n");
        }
        TerminalSession big = terminal(root, text.toString());
        TabState tab = new TabState(big.spec().panelId(), null, "", big, true);

        saver.saveForQuit(window(tab), Map.of(tab.panelId(), exporter.captureWithScreen(big))).get(10, TimeUnit.SECONDS);

        String kept = ((SessionLoad.Loaded) small.load()).snapshot().panels().get(0).scrollback();
        assertTrue(kept.contains("line 2999"), "the end is kept");
        assertTrue(Files.size(state.sessionFile()) <= 64 * 1024);
    }

    @Test
    void quitSaveCarriesStyledScrollbackOfEligibleTabsOnly() throws Exception {
        TerminalSession kept = terminal(root, "\u001b[31mred\u001b[0m keep\r\n");
        TerminalSession secret = terminal(root, "secret\r\n");
        TabState a = new TabState(kept.spec().panelId(), null, "", kept, true);
        TabState b = new TabState(secret.spec().panelId(), null, "", secret, false);
        saver.saveForQuit(window(a, b), Map.of(
                a.panelId(), exporter.captureWithScreen(kept),
                b.panelId(), exporter.captureWithScreen(secret))).get(5, TimeUnit.SECONDS);
        SessionSnapshot snapshot = saved();
        assertNotEquals(null, snapshot.scrollbackCapturedAt());
        String scrollback = snapshot.panels().get(0).scrollback();
        assertTrue(scrollback.contains("\u001b[31mred") || scrollback.contains("31m"), scrollback);
        assertTrue(scrollback.contains("keep"), scrollback);
        assertNull(snapshot.panels().get(1).scrollback(), "a tab that opted out keeps nothing");
    }
}
