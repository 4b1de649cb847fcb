package dev.holdfast.e2e;

import static dev.holdfast.e2e.TestWindow.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.holdfast.app.window.ToolkitWarmup;
import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Insets;
import javafx.scene.layout.Region;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxToolkit;

/**
 * The warm-up before a launch's window is built shows nothing, and the window built after it still wears the
 * window's stylesheet: the warm-up's throwaway scene named the same stylesheet, and JavaFX kept it parsed for it.
 */
class ToolkitWarmupTest {
    @TempDir
    Path home;

    @Test
    void theWarmUpOpensNoWindowAndTheWindowAfterItWearsItsStylesheet() throws Exception {
        FxToolkit.registerPrimaryStage();
        List<Window> before = fx(() -> List.copyOf(Window.getWindows()));
        fx(() -> {
            ToolkitWarmup.run();
            return null;
        });
        assertEquals(before, fx(() -> List.copyOf(Window.getWindows())), "the warm-up shows no window");
        try (TestWindow test = TestWindow.withOneTab(home)) {
            Insets padding = fx(() -> {
                Region headers = (Region) test.window().tabPane().lookup(".headers-region");
                return headers.getPadding();
            });
            // holdfast.css: .terminal-tabs > .tab-header-area > .headers-region { -fx-padding: 0 80 0 0; }
            assertEquals(new Insets(0, 80, 0, 0), padding, "the tab headers' padding comes from holdfast.css");
        }
    }
}
