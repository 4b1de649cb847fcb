package dev.holdfast.e2e;

import static dev.holdfast.e2e.TestWindow.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.holdfast.app.tabs.TerminalTab;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the terminals paint, and when: the real window on headless Monocle, real bash behind its tabs. */
class TerminalPaintingTest {
    @TempDir
    Path home;

    private TestWindow test;

    @BeforeEach
    void openWindow() throws Exception {
        test = TestWindow.withOneTab(home);
    }

    @AfterEach
    void closeWindow() throws Exception {
        test.close();
    }

    /** The frames {@code tab}'s view painted so far, read on the FX thread. */
    private static long frames(TerminalTab tab) {
        try {
            return fx(() -> tab.view().framesPainted());
        } catch (Exception e) {
            throw new IllegalStateException("the FX thread did not answer", e);
        }
    }

    private static void run(TerminalTab tab, String command) {
        tab.session().send((command + "\r").getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aTabInTheBackgroundPaintsNothingWhateverItsOutputAndEverythingOnceShown() throws Exception {
        TerminalTab front = fx(() -> test.window().selectedTab().orElseThrow());
        TerminalTab back = fx(() -> test.window().openTab(home));
        TabText.await("both prompts", () -> TabText.of(front).contains("$ ") && TabText.of(back).contains("$ "));
        fx(() -> {
            test.window().tabPane().getSelectionModel().select(front.tab());
            return null;
        });
        long backBefore = frames(back);

        run(back, "seq 1 20000; echo back-$((6*7))");
        TabText.await("the background tab's output in its model", () -> TabText.of(back).contains("\nback-42\n"));
        // A pulse after all of that output: the front tab paints its echo then, and a background tab that painted
        // would have painted in that pulse too.
        long frontBefore = frames(front);
        run(front, "echo front-$((6*7))");
        TabText.await("the front tab painted its echo", () -> TabText.of(front).contains("\nfront-42\n")
                && frames(front) > frontBefore);
        assertEquals(backBefore, frames(back), "20,000 lines in a background tab painted no frame");

        fx(() -> {
            test.window().tabPane().getSelectionModel().select(back.tab());
            return null;
        });
        TabText.await("the tab painted once shown", () -> frames(back) > backBefore);
    }

    @Test
    void onlyTheSelectedTabsTerminalIsInTheSceneGraph() throws Exception {
        TerminalTab first = fx(() -> test.window().selectedTab().orElseThrow());
        TerminalTab second = fx(() -> test.window().openTab(home));
        TabText.await("the new tab's terminal in the scene", () -> inScene(second));
        assertEquals(false, inScene(first), "the tab left is out of the scene graph");
        TabText.await("its prompt", () -> TabText.of(first).contains("$ "));

        fx(() -> {
            test.window().tabPane().getSelectionModel().select(first.tab());
            return null;
        });
        TabText.await("the first tab's terminal back in the scene", () -> inScene(first));
        assertEquals(false, inScene(second));
        TabText.await("the first tab focused again", () -> {
            try {
                return fx(() -> first.view().isFocused());
            } catch (Exception e) {
                return false;
            }
        });
    }

    private static boolean inScene(TerminalTab tab) {
        try {
            return fx(() -> tab.view().getScene() != null);
        } catch (Exception e) {
            throw new IllegalStateException("the FX thread did not answer", e);
        }
    }
}
