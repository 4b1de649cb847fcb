package dev.holdfast.app.window;

import java.util.List;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every window's first build costs, done on the FX thread while it would otherwise wait for the launch's
 * state directory to be read: JavaFX's own stylesheet loaded, the window's stylesheet parsed, the controls'
 * classes and skins initialised and their CSS matched once, the installed font families listed.
 *
 * <p>Why: a launch's FX thread sat idle for 0.3–0.8 s between the toolkit's start and the app's {@code start},
 * which waits for the state directory, and then spent about a quarter of the window's build on exactly these
 * first-time costs (Modena's stylesheet alone is read when the first control is made). JavaFX keeps a parsed
 * stylesheet for every scene that names it, so the window's scene finds its own parsed. Nothing here depends on
 * the launch, and the scene built is never shown.
 */
public final class ToolkitWarmup {
    private static final Logger LOG = LoggerFactory.getLogger(ToolkitWarmup.class);

    private ToolkitWarmup() {
    }

    /** FX thread. A failure here costs nothing but the time: the window's build pays it as it would have. */
    public static void run() {
        try {
            warm();
        } catch (RuntimeException e) {
            LOG.warn("Warming up the toolkit failed", e);
        }
    }

    private static void warm() {
        long started = System.nanoTime();
        TabPane tabs = new TabPane(new Tab("", new BorderPane(new Canvas(1, 1), null, new ScrollBar(), null, null)));
        VBox root = new VBox(tabs, new Label(), new Button(), new ToggleButton(), new CheckBox(), new TextField());
        Scene scene = new Scene(root, 640, 400);
        scene.getStylesheets().add(MainWindow.stylesheet());
        root.applyCss();
        root.layout();
        List<String> families = Font.getFamilies();
        LOG.debug("Toolkit warmed up in {} ms ({} font families)", (System.nanoTime() - started) / 1_000_000,
                families.size());
    }
}
