package dev.holdfast.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.app.restore.SessionRestorer;
import dev.holdfast.app.tabs.TerminalTab;
import dev.holdfast.app.window.CloseConfirmation;
import dev.holdfast.app.window.MainWindow;
import dev.holdfast.app.window.WindowCloseHook;
import dev.holdfast.checkpoint.session.PanelSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshot;
import dev.holdfast.checkpoint.session.WindowFrame;
import dev.holdfast.terminal.replay.InertReplay;
import dev.holdfast.terminal.replay.ReplaySanitizer;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** A saved session comes back into the real window: tabs, ids, titles, directories, scrollback, live shells. */
class SessionRestoreTest {
    @TempDir
    Path home;

    private ExecutorService background;
    private MainWindow window;
    private Stage stage;
    private SessionRestorer restorer;
    private String shell = "/bin/bash";

    @BeforeEach
    void setUp() throws Exception {
        stage = FxToolkit.registerPrimaryStage();
        background = Executors.newCachedThreadPool(new NamedThreadFactory("test-background", true));
        Files.writeString(home.resolve(".bash_profile"), "PS1='$ '\nHISTFILE=/dev/null\n");
    }

    @AfterEach
    void tearDown() throws Exception {
        FxToolkit.setupFixture(() -> window.closeWindow());
        if (restorer != null) {
            restorer.close();
        }
        background.shutdown();
        background.awaitTermination(10, TimeUnit.SECONDS);
    }

    private static <T> T fx(Callable<T> call) throws Exception {
        return WaitForAsyncUtils.asyncFx(call).get(10, TimeUnit.SECONDS);
    }

    private void restore(SessionSnapshot snapshot) throws Exception {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("HOME", home.toString());
        env.put("SHELL", shell);
        restorer = new SessionRestorer(new InertReplay(new ReplaySanitizer(), Clock.systemDefaultZone(),
                DateTimeFormatter.ISO_LOCAL_DATE_TIME), background, home);
        window = FxToolkit.setupFixture(() -> {
            MainWindow w = Windows.build(stage, background, CloseConfirmation.DIALOG, env,
                    WindowCloseHook.NONE, () -> { });
            restorer.restore(w, snapshot, Screen.getScreens().stream().map(Screen::getVisualBounds).toList());
            stage.show();
            return w;
        });
    }

    @Test
    void tabsComeBackWithTheirIdsTitlesDirectoriesAndScrollback() throws Exception {
        Path first = Files.createDirectory(home.resolve("first"));
        Path second = Files.createDirectory(home.resolve("second"));
        UUID a = UUID.randomUUID();
        UUID b = UUID.randomUUID();
        SessionSnapshot snapshot = new SessionSnapshot(Instant.now(), new WindowFrame(40, 30, 900, 560, false), List.of(
                new PanelSnapshot(a, "build", null, first.toString(),
                        "\u001b[32mgreen-restored\u001b[0m\r\nplain-restored\r\n\u001b]52;c;ZXZpbA==\u0007\u001b[6n", true),
                new PanelSnapshot(b, null, "htop", second.toString(), null, true)), 1, Instant.now());
        restore(snapshot);

        List<TerminalTab> tabs = fx(window::tabs);
        assertEquals(List.of(a, b), tabs.stream().map(TerminalTab::panelId).toList());
        assertEquals("build", fx(() -> tabs.get(0).titleProperty().get()));
        assertEquals("htop", fx(() -> tabs.get(1).titleProperty().get()));
        assertEquals(b, fx(() -> window.selectedTab().orElseThrow().panelId()), "the saved selection");
        assertTrue(fx(() -> tabs.get(0).isRestored()));

        TerminalTab restored = tabs.get(0);
        TabText.await("replayed text, separator, then a live prompt", () -> {
            String text = TabText.of(restored);
            int green = text.indexOf("green-restored");
            int separator = text.indexOf("── restored ");
            int prompt = text.indexOf("$ ", Math.max(separator, 0));
            return green >= 0 && separator > green && prompt > separator;
        });
        assertEquals(a.toString(), echo(restored, "$HOLDFAST_PANEL_ID"));
        assertEquals(first.toRealPath().toString(), echo(restored, "$(pwd)"));
        assertEquals(second.toRealPath().toString(), echo(tabs.get(1), "$(pwd)"));
        assertTrue(!TabText.of(restored).contains("ZXZpbA"), "the OSC 52 clipboard payload was not replayed");
    }

    private static String echo(TerminalTab tab, String expression) throws InterruptedException {
        String marker = "v" + UUID.randomUUID().toString().substring(0, 6);
        tab.session().sendText("echo " + marker + "=" + expression + "\r");
        String[] found = new String[1];
        TabText.await("echo " + expression, () -> {
            for (String line : TabText.of(tab).split("\n")) {
                if (line.startsWith(marker + "=")) {
                    found[0] = line.substring(marker.length() + 1).strip();
                    return true;
                }
            }
            return false;
        });
        return found[0];
    }

    @Test
    void aDirectoryThatIsGoneStartsAtHomeWithANote() throws Exception {
        UUID id = UUID.randomUUID();
        restore(new SessionSnapshot(Instant.now(), new WindowFrame(0, 0, 800, 500, false), List.of(
                new PanelSnapshot(id, null, null, home.resolve("deleted-since").toString(), null, true)), 0, null));
        TerminalTab tab = fx(() -> window.tabs().get(0));
        TabText.await("note about the missing directory", () -> TabText.of(tab).contains("no longer exists"));
        assertEquals(home.toRealPath().toString(), echo(tab, "$(pwd)"));
    }

    private static SessionSnapshot oneTab(UUID id, String customTitle, String programTitle, String scrollback) {
        return new SessionSnapshot(Instant.now(), new WindowFrame(0, 0, 900, 560, false), List.of(
                new PanelSnapshot(id, customTitle, programTitle, null, scrollback, true)), 0, Instant.now());
    }

    @Test
    void aRestoredProgramTitleIsShownCleanUntilTheNewShellSetsItsOwn() throws Exception {
        restore(oneTab(UUID.randomUUID(), null, "vim\u0007 notes.md\u001b\u202e", "old text"));
        TerminalTab tab = fx(() -> window.tabs().get(0));
        assertEquals("vim notes.md", fx(() -> tab.titleProperty().get()));
        assertEquals("vim notes.md — Holdfast", fx(stage::getTitle));
        TabText.await("the restored tab's prompt", () -> TabText.of(tab).contains("── restored "));
        TabText.await("a live shell", () -> tab.session().isRunning());
        tab.session().sendText("printf '\\033]0;%s\\007' fresh-title\r");
        TabText.await("the new shell's title", () -> {
            try {
                return "fresh-title".equals(fx(() -> tab.titleProperty().get()));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertEquals("fresh-title — Holdfast", fx(stage::getTitle));
    }

    @Test
    void aSavedEndedTitleIsNotPutOnALiveShell() throws Exception {
        restore(oneTab(UUID.randomUUID(), null, "ended", null));
        TerminalTab tab = fx(() -> window.tabs().get(0));
        assertEquals("bash", fx(() -> tab.titleProperty().get()));
        assertEquals("", fx(tab::programTitle));
    }

    @Test
    void aShellThatEndsBadlyShowsEndedButKeepsItsProgramsTitleForTheSave() throws Exception {
        shell = "/bin/false";
        restore(oneTab(UUID.randomUUID(), null, "build", null));
        TerminalTab tab = fx(() -> window.tabs().get(0));
        TabText.await("the tab to say its shell ended", () -> {
            try {
                return "ended".equals(fx(() -> tab.titleProperty().get()));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertEquals("build", fx(() -> window.windowState().tabs().get(0).programTitle()));
    }

    @Test
    void hostileOrHugeRestoredTextComesBackInertAndEveryTabReachesALiveShell() throws Exception {
        String esc = "\u001b";
        String hugeLine = esc + "[36m" + "0123456789abcdef".repeat(65_536) + esc + "[0m" + "end-of-huge-line";
        StringBuilder wrapped = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            wrapped.append(esc).append("[3").append(i % 8).append("m").append("w".repeat(3_000)).append(esc)
                    .append("[0m").append("wrapped-end-").append(i).append("\r\n");
        }
        String vimLeftOpen = "before vim\r\n" + esc + "[?1049h" + esc + "[?1h" + esc + "=" + esc + "[?1000h"
                + esc + "[?2004h" + esc + "[2J" + esc + "[H" + "~\r\n~\r\n\"notes.md\" 2L, 10B";
        String malicious = "visible-" + esc + "[6n" + esc + "[c" + esc + "P$qm" + esc + "\\" + esc + "]52;c;"
                + "cm0gLXJmIH4=\u0007" + esc + "]0;hijacked\u0007" + esc + "]4;1;rgb:ff/00/00\u0007" + esc + "]10;?"
                + "\u0007" + esc + "[?1049h" + "-text";
        List<String> scrollbacks = List.of(hugeLine, wrapped.toString(), vimLeftOpen, malicious);
        List<PanelSnapshot> panels = new java.util.ArrayList<>();
        for (String scrollback : scrollbacks) {
            panels.add(new PanelSnapshot(UUID.randomUUID(), null, null, null, scrollback, true));
        }
        restore(new SessionSnapshot(Instant.now(), new WindowFrame(0, 0, 900, 560, false), panels, 2, Instant.now()));
        List<TerminalTab> tabs = fx(window::tabs);
        List<String> ends = List.of("end-of-huge-line", "wrapped-end-299", "notes.md", "visible--text");
        for (int i = 0; i < tabs.size(); i++) {
            TerminalTab tab = tabs.get(i);
            String end = ends.get(i);
            TabText.await("tab " + i + ": its restored text, then a prompt", () -> {
                String text = TabText.of(tab);
                int restored = text.indexOf(end);
                return restored >= 0 && text.indexOf("$ ", text.indexOf("── restored ", restored)) > 0;
            });
            // Whatever the replay had made the emulator answer would be typed before this command.
            assertEquals("42", echo(tab, "$((6*7))"), "tab " + i);
            assertEquals("bash", fx(() -> tab.titleProperty().get()), "tab " + i);
            // (Bracketed paste is not asked about: bash turns it on itself at its prompt.)
            assertTrue(!tab.session().mouseReporting() && !tab.session().applicationCursorKeys(),
                    "tab " + i + " kept a mode of the replay");
            tab.session().buffer().lock();
            try {
                assertTrue(!tab.session().buffer().isUsingAlternateBuffer(), "tab " + i + " is on the alternate screen");
            } finally {
                tab.session().buffer().unlock();
            }
        }
        assertTrue(!TabText.of(tabs.get(3)).contains("cm0gLXJmIH4"), "the clipboard payload was not replayed");
        assertEquals("bash — Holdfast", fx(stage::getTitle));
    }
}
