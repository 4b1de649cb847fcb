package dev.holdfast.app.window;

import dev.holdfast.app.view.Palette;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.TabPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;

/**
 * The window's chrome: the notice bar across the top; below it the tab strip, with the new-tab and settings
 * buttons in its corner, and on its left the sidebar when one is shown ({@link #showSidebar}). The chrome
 * follows the terminal's theme, so a light terminal does not sit in dark chrome. FX thread.
 */
final class WindowLayout {
    /** {@code .holdfast-root}'s background in holdfast.css, dark and light. */
    static final Color DARK_CHROME = Color.web("#16181c");
    static final Color LIGHT_CHROME = Color.web("#fbfbfa");

    private final VBox root;
    private final BorderPane body;

    WindowLayout(NoticeBar notices, TabPane tabs, boolean mac, Runnable newTab, Runnable openSettings) {
        Button newTabButton = cornerButton("+", mac ? "New tab (⌘T)" : "New tab (Ctrl+Shift+T)", newTab);
        Button settingsButton = cornerButton("⚙", mac ? "Settings (⌘,)" : "Settings (Ctrl+Shift+,)", openSettings);
        HBox corner = new HBox(settingsButton, newTabButton);
        corner.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        StackPane tabsArea = new StackPane(tabs, corner);
        StackPane.setAlignment(corner, Pos.TOP_RIGHT);
        body = new BorderPane(tabsArea);
        VBox.setVgrow(body, Priority.ALWAYS);
        root = new VBox(notices, body);
        root.getStyleClass().add("holdfast-root");
    }

    private static Button cornerButton(String label, String tooltip, Runnable action) {
        Button button = new Button(label);
        button.getStyleClass().add("new-tab-button");
        button.setFocusTraversable(false);
        button.setTooltip(new Tooltip(tooltip));
        button.setOnAction(e -> action.run());
        return button;
    }

    Region root() {
        return root;
    }

    /** Shows {@code sidebar} left of the tabs (replacing one that is shown). */
    void showSidebar(Node sidebar) {
        body.setLeft(sidebar);
    }

    void hideSidebar() {
        body.setLeft(null);
    }

    /**
     * Light chrome for a light terminal palette, dark for a dark one. The scene's fill follows: the toolkit gives
     * it to the native window as its background, which is what shows from the moment the window is mapped until
     * the first frame is painted (half a second of a launch on a slow machine): white by default, a flash in a
     * dark window.
     */
    void applyChrome(Palette palette) {
        root.getStyleClass().remove("light");
        if (!palette.isDark()) {
            root.getStyleClass().add("light");
        }
        if (root.getScene() != null) {
            root.getScene().setFill(palette.isDark() ? DARK_CHROME : LIGHT_CHROME);
        }
    }
}
