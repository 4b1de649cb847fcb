package dev.holdfast.app.tabs;

import java.util.function.Consumer;
import javafx.beans.value.ObservableStringValue;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.HBox;

/**
 * A tab's header: its title (double-click to rename in place), before the title the tab's state badge when it
 * has one (a working indicator, a waiting badge: {@link #setBadge}), and after it the tab's agent button when an
 * agent runs in it ({@link #setAgentButton}). The two slots are independent: either may come and go while the
 * other stays. FX thread.
 */
public final class TabHeader extends HBox {
    /** Every tab header has it; the tab menu finds the header it opened on by it. */
    static final String STYLE_CLASS = "terminal-tab-header";
    private final Label title = new Label();
    private final Consumer<String> renamed;
    private final Runnable editingEnded;
    private Node badge;
    private Node agentButton;

    /**
     * @param renamed told the name the user typed (blank: back to the program's title)
     * @param editingEnded told when renaming ends, committed or not (the terminal takes the focus back)
     */
    TabHeader(ObservableStringValue titleText, Consumer<String> renamed, Runnable editingEnded) {
        this.renamed = renamed;
        this.editingEnded = editingEnded;
        setAlignment(Pos.CENTER_LEFT);
        getStyleClass().add(STYLE_CLASS);
        title.textProperty().bind(titleText);
        title.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2) {
                beginRename();
                e.consume();
            }
        });
        getChildren().add(title);
    }

    /** Shows {@code node} before the title (null: no badge). */
    public void setBadge(Node node) {
        if (badge != null) {
            getChildren().remove(badge);
        }
        badge = node;
        if (node != null) {
            getChildren().add(0, node);
        }
    }

    /** Shows {@code node} after the title (null: none): the button that opens the agent's conversation. */
    public void setAgentButton(Node node) {
        if (agentButton != null) {
            getChildren().remove(agentButton);
        }
        agentButton = node;
        if (node != null) {
            getChildren().add(node);
        }
    }

    /** Replaces the title with a field holding it; Enter or leaving the field renames, Escape cancels. */
    void beginRename() {
        String current = title.getText();
        TextField field = new TextField(current);
        field.setPrefColumnCount(Math.max(8, current.length()));
        int at = getChildren().indexOf(title);
        getChildren().set(at, field);
        field.requestFocus();
        field.selectAll();
        Runnable commit = () -> {
            if (getChildren().contains(field)) {
                renamed.accept(field.getText());
                endRename(field);
            }
        };
        field.setOnAction(e -> commit.run());
        field.focusedProperty().addListener((obs, was, is) -> {
            if (!is) {
                commit.run();
            }
        });
        field.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                endRename(field);
                e.consume();
            }
        });
    }

    private void endRename(TextField field) {
        int at = getChildren().indexOf(field);
        if (at >= 0) {
            getChildren().set(at, title);
        }
        editingEnded.run();
    }
}
