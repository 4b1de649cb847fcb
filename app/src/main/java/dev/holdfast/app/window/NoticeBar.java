package dev.holdfast.app.window;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * A one-line strip above the tabs that says what a restore skipped or why something is off. One-off notices add
 * up until dismissed; a keyed notice (a save that keeps failing) is shown once and stays until its key is cleared
 * (the save works again) or the user dismisses the bar.
 */
final class NoticeBar extends HBox {
    private static final String SEPARATOR = "  ·  ";

    private final Label text = new Label();
    private final List<String> oneOff = new ArrayList<>();
    private final Map<String, String> keyed = new LinkedHashMap<>();

    NoticeBar() {
        getStyleClass().add("notice-bar");
        setAlignment(Pos.CENTER_LEFT);
        text.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(text, Priority.ALWAYS);
        Button dismiss = new Button("✕");
        dismiss.getStyleClass().add("notice-dismiss");
        dismiss.setFocusTraversable(false);
        dismiss.setOnAction(e -> hide());
        getChildren().addAll(text, dismiss);
        hide();
    }

    void show(List<String> notices) {
        if (notices.isEmpty()) {
            return;
        }
        oneOff.addAll(notices);
        render();
    }

    void show(String key, String notice) {
        keyed.put(key, notice);
        render();
    }

    void clear(String key) {
        if (keyed.remove(key) != null) {
            render();
        }
    }

    void hide() {
        oneOff.clear();
        keyed.clear();
        render();
    }

    String message() {
        return text.getText();
    }

    private void render() {
        List<String> all = new ArrayList<>(oneOff);
        all.addAll(keyed.values());
        boolean any = !all.isEmpty();
        text.setText(String.join(SEPARATOR, all));
        setVisible(any);
        setManaged(any);
    }
}
