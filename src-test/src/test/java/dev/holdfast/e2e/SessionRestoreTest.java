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

    @BeforeEach
    void setUp() throws Exception {
        stage = FxToolkit.registerPrimaryStage();
        background = Executors.newCachedThreadPool(new NamedThreadFactory("test-background", true));
        Files.writeString(home.resolve(".bash_profile"), "PS1='$ '\nHISTFILE=/dev/null\n");
    }

    @AfterEach
    void tearDown() throws Exception {
        FxToolkit.setupFixture(() -> window.closeWindow());
        background.shutdown();
        background.awaitTermination(10, TimeUnit.SECONDS);
    }

    private static <T> T fx(Callable<T> call) throws Exception {
        return WaitForAsyncUtils.asyncFx(call).get(10, TimeUnit.SECONDS);
    }

    private void restore(SessionSnapshot snapshot) throws Exception {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("HOME", home.toString());
        env.put("SHELL", "/bin/bash");
        window = FxToolkit.setupFixture(() -> {
            MainWindow w = Windows.build(stage, background, CloseConfirmation.DIALOG, env,
                    WindowCloseHook.NONE, () -> { });
            new SessionRestorer(new InertReplay(new ReplaySanitizer(), Clock.systemDefaultZone(),
                    DateTimeFormatter.ISO_LOCAL_DATE_TIME), background, home)
                    .restore(w, snapshot, Screen.getScreens().stream().map(Screen::getVisualBounds).toList());
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
}
