package dev.holdfast.e2e;

import static dev.holdfast.e2e.TestWindow.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.app.tabs.TerminalTab;
import dev.holdfast.app.window.CloseConfirmation;
import dev.holdfast.app.window.MainWindow;
import dev.holdfast.terminal.shell.ShellIntegrationScripts;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** Ctrl+Shift+Up / Down (Cmd+Up / Down) scroll the view to the previous / next shell prompt, by its OSC 133 mark. */
class PromptJumpTest {
    @TempDir
    Path home;

    private final FxRobot robot = new FxRobot();
    private final boolean mac = System.getProperty("os.name", "").toLowerCase().contains("mac");
    private TestWindow test;
    private MainWindow window;

    @BeforeEach
    void openWindow() throws Exception {
        var integration = ShellIntegrationScripts.install(home.resolve("integration"));
        test = TestWindow.open(home, CloseConfirmation.DIALOG, () -> { }, (w, stage) -> {
            w.setShellIntegration(integration);
            w.openTab(home);
        });
        window = test.window();
    }

    @AfterEach
    void closeWindow() throws Exception {
        test.close();
    }

    /** The text of the view's top row, as shown now. */
    private String topRow(TerminalTab tab) throws Exception {
        int offset = fx(() -> tab.view().scrollOffset());
        var buffer = tab.session().buffer();
        buffer.lock();
        try {
            return buffer.getLine(-offset).getText().strip();
        } finally {
            buffer.unlock();
        }
    }

    private void press(KeyCode arrow) {
        if (mac) {
            robot.press(KeyCode.META).type(arrow).release(KeyCode.META);
        } else {
            robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(arrow).release(KeyCode.SHIFT, KeyCode.CONTROL);
        }
    }

    @Test
    void theShortcutsScrollFromPromptToPrompt() throws Exception {
        TerminalTab tab = fx(() -> window.selectedTab().orElseThrow());
        TabText.await("an integrated prompt", () -> tab.session().shellStatus().atPrompt());
        tab.session().sendText("for i in $(seq 1 60); do echo first-$i; done\r");
        TabText.await("the first command's output", () -> TabText.of(tab).contains("first-60\n$ "));
        tab.session().sendText("for i in $(seq 1 60); do echo second-$i; done\r");
        TabText.await("the second command's output", () -> TabText.of(tab).contains("second-60\n$ "));
        TabText.await("three prompts marked", () -> {
            var buffer = tab.session().buffer();
            buffer.lock();
            try {
                return tab.session().promptMarks().promptRows().size() == 3;
            } finally {
                buffer.unlock();
            }
        });
        robot.clickOn(tab.view());

        press(KeyCode.UP);
        TabText.await("the view at the second prompt", () -> call(() -> topRow(tab)).startsWith("$ for i in $(seq 1 60); do echo second"),
                () -> " top row: " + call(() -> topRow(tab)));
        press(KeyCode.UP);
        TabText.await("the view at the first prompt", () -> call(() -> topRow(tab)).startsWith("$ for i in $(seq 1 60); do echo first"),
                () -> " top row: " + call(() -> topRow(tab)));
        int atFirst = fx(() -> tab.view().scrollOffset());

        press(KeyCode.UP);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(atFirst, (int) fx(() -> tab.view().scrollOffset()), "no prompt above the first: the view stays");

        press(KeyCode.DOWN);
        TabText.await("the view back at the second prompt",
                () -> call(() -> topRow(tab)).startsWith("$ for i in $(seq 1 60); do echo second"));
        press(KeyCode.DOWN);
        TabText.await("the live screen, where the last prompt is", () -> call(() -> tab.view().scrollOffset()) == 0);
        assertTrue(TabText.of(tab).contains("second-60"));
    }

    private <T> T call(Callable<T> call) {
        try {
            return call.call();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
