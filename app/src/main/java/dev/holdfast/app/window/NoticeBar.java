package dev.holdfast.app.window;

import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/** A one-line strip above the tabs that says what a restore skipped or why something is off. */
final class NoticeBar extends HBox {
    private final Label text = new Label();

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
        String current = isVisible() ? text.getText() + "  ·  " : "";
        text.setText(current + String.join("  ·  ", notices));
        setVisible(true);
        setManaged(true);
    }

    void hide() {
        setVisible(false);
        setManaged(false);
        text.setText("");
    }

    String message() {
        return text.getText();
    }
}
