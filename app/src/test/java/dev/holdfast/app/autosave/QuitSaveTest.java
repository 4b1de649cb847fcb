package dev.holdfast.app.autosave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.checkpoint.session.WindowFrame;
import dev.holdfast.terminal.emulation.SessionSpec;
import dev.holdfast.terminal.emulation.TerminalEvents;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.pty.ProcessSnapshot;
import dev.holdfast.terminal.pty.ShellCommand;
import dev.holdfast.checkpoint.scrollback.CheckpointSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The quit: one save whoever starts it, and the launch ends cleanly only once that save is on disk. */
class QuitSaveTest {

    @TempDir
    Path root;

    private final ScrollbackExporter exporter = new ScrollbackExporter(CheckpointSettings.defaults());
    private final List<WindowState> saves = new ArrayList<>();
    private final List<Map<UUID, ScreenCapture>> captures = new ArrayList<>();
    private final List<String> endings = new ArrayList<>();
    private final List<String> order = new ArrayList<>();
    private CompletableFuture<Void> pendingSave = CompletableFuture.completedFuture(null);

    private final QuitSave.Saver saver = (state, copies) -> {
        order.add("save");
        saves.add(state);
        captures.add(copies);
        return pendingSave;
    };

    private final QuitSave.Ending ending = new QuitSave.Ending() {
        @Override
        public void saved() {
            endings.add("saved");
        }

        @Override
        public void nothingToSave() {
            endings.add("nothing to save");
        }

        @Override
        public void failed(String reason) {
            endings.add("failed: " + reason);
        }
    };

    private QuitSave quit(QuitSave.Saver with) {
        return new QuitSave(with, exporter::captureWithScreen, () -> order.add("stop periodic work"), ending, Runnable::run);
    }

    private TerminalSession terminal(String text) {
        TerminalSession s = new TerminalSession(new SessionSpec(UUID.randomUUID(), root,
                new ShellCommand(List.of("/bin/sh")), Map.of(), 80, 24, 1000),
                TerminalEvents.NONE, pid -> ProcessSnapshot.UNKNOWN, Clock.systemUTC());
        s.writeLocal(text);
        return s;
    }

    private static WindowState window(String title, TabState... tabs) {
        return new WindowState(new WindowFrame(10, 20, 800, 600, false), List.of(tabs), 0);
    }

    private WindowState oneTab(String title) {
        TerminalSession s = terminal(title + "\r\n");
        return window(title, new TabState(s.spec().panelId(), title, "", s, true));
    }

    @Test
    void aQuitThatSavedEndsTheLaunchCleanlyAfterStoppingThePeriodicWork() throws Exception {
        QuitSave quit = quit(saver);

        QuitSave.Outcome outcome = quit.windowClosing(oneTab("fresh")).get(5, TimeUnit.SECONDS);

        assertEquals(QuitSave.Outcome.SAVED, outcome);
        assertEquals(List.of("stop periodic work", "save"), order);
        assertEquals(List.of("saved"), endings);
    }

    @Test
    void aQuitSaveThatFailedLeavesTheLaunchUncleanAndSaysWhy() throws Exception {
        pendingSave = CompletableFuture.failedFuture(new UncheckedIOException(new IOException("No space left on device")));
        QuitSave quit = quit(saver);

        QuitSave.Outcome outcome = quit.windowClosing(oneTab("fresh")).get(5, TimeUnit.SECONDS);

        assertEquals(QuitSave.Outcome.FAILED, outcome);
        assertEquals(List.of("failed: No space left on device"), endings, "the sentinel stays, with the reason");
    }

    @Test
    void aLaunchThatSavesNothingEndsWithoutClaimingASave() throws Exception {
        QuitSave quit = quit(null);

        assertEquals(QuitSave.Outcome.NOTHING_TO_SAVE, quit.windowClosing(oneTab("x")).get(5, TimeUnit.SECONDS));
        assertEquals(List.of("nothing to save"), endings);
    }

    @Test
    void aSignalWhileTheWindowsSaveIsSlowDoesNotSaveASecondTime() throws Exception {
        pendingSave = new CompletableFuture<>();
        QuitSave quit = quit(saver);
        WindowState fresh = oneTab("fresh");
        WindowState stale = oneTab("eight seconds old");
        Duration fxWait = Duration.ofMillis(20);
        List<QuitSave.Outcome> signalOutcome = new ArrayList<>();
        // The FX thread answers the signal at once, but its save takes far longer than the signal's FX wait.
        Thread signal = new Thread(() -> {
            try {
                signalOutcome.add(quit.signalled(() -> quit.windowClosing(fresh), () -> stale, fxWait,
                        Duration.ofSeconds(30)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "test-signal-quit");
        long started = System.nanoTime();
        signal.start();
        long deadline = started + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline && (saves.isEmpty()
                || System.nanoTime() - started < fxWait.multipliedBy(10).toNanos()
                || signal.getState() == Thread.State.RUNNABLE)) {
            Thread.onSpinWait();
        }

        pendingSave.complete(null);
        signal.join(10_000);

        assertEquals(1, saves.size(), "the signal thread did not save a second time, from an older window");
        assertSame(fresh, saves.get(0));
        assertEquals(List.of(QuitSave.Outcome.SAVED), signalOutcome);
        assertEquals(List.of("saved"), endings);
    }

    @Test
    void aSignalTheWindowDoesNotAnswerSavesOnceAndALateWindowCloseJoinsThatSave() throws Exception {
        QuitSave quit = quit(saver);
        WindowState lastTick = oneTab("last tick");

        QuitSave.Outcome outcome = quit.signalled(() -> { }, () -> lastTick, Duration.ofMillis(50), Duration.ofSeconds(5));
        CompletableFuture<QuitSave.Outcome> late = quit.windowClosing(oneTab("late"));

        assertEquals(QuitSave.Outcome.SAVED, outcome);
        assertEquals(QuitSave.Outcome.SAVED, late.get(5, TimeUnit.SECONDS));
        assertEquals(1, saves.size());
        assertSame(lastTick, saves.get(0));
        assertEquals(List.of("saved"), endings);
    }

    @Test
    void theWindowsQuitCopiesItsTabsOnTheDiskExecutorNotOnTheCallingFxThread() throws Exception {
        ArrayDeque<Runnable> disk = new ArrayDeque<>();
        List<String> copiedOn = new ArrayList<>();
        QuitSave quit = new QuitSave(saver, session -> {
            copiedOn.add(Thread.currentThread().getName());
            return exporter.captureWithScreen(session);
        }, () -> order.add("stop periodic work"), ending, disk::add);
        WindowState state = oneTab("copied later");

        CompletableFuture<QuitSave.Outcome> outcome = quit.windowClosing(state);

        assertEquals(List.of("stop periodic work"), order, "the periodic work stops at once, on the caller's thread");
        assertTrue(copiedOn.isEmpty() && saves.isEmpty(), "nothing copied or saved on the caller's thread");
        while (!disk.isEmpty()) {
            disk.poll().run();
        }
        assertEquals(QuitSave.Outcome.SAVED, outcome.get(5, TimeUnit.SECONDS));
        assertEquals(1, copiedOn.size());
        UUID panel = state.tabs().get(0).panelId();
        assertTrue(exporter.format(captures.get(0).get(panel).lines()).contains("copied later"));
    }

    @Test
    void aQuitWhoseCopyFailedLeavesTheLaunchUnclean() throws Exception {
        QuitSave quit = new QuitSave(saver, session -> {
            throw new IllegalStateException("the model was gone");
        }, () -> { }, ending, Runnable::run);

        QuitSave.Outcome outcome = quit.windowClosing(oneTab("x")).get(5, TimeUnit.SECONDS);

        assertEquals(QuitSave.Outcome.FAILED, outcome);
        assertTrue(saves.isEmpty(), "nothing half-copied was saved");
        assertEquals(List.of("failed: the model was gone"), endings);
    }

    @Test
    void onlyTabsThatKeepTheirScrollbackAreCopied() {
        TerminalSession kept = terminal("kept\r\n");
        TerminalSession secret = terminal("secret\r\n");
        WindowState state = window("two", new TabState(kept.spec().panelId(), null, "", kept, true),
                new TabState(secret.spec().panelId(), null, "", secret, false));

        Map<UUID, ScreenCapture> copies = QuitSave.captureEligible(state, exporter::captureWithScreen);

        assertEquals(java.util.Set.of(kept.spec().panelId()), copies.keySet());
        assertTrue(exporter.format(copies.get(kept.spec().panelId()).lines()).contains("kept"));
    }
}
