package dev.holdfast.app.view;

import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * The find bar above a terminal: incremental search as you type, case and regex toggles, the match count,
 * next (Enter) and previous (Shift+Enter), Escape to close. The search itself is {@link TerminalFind}'s.
 */
public final class FindBar extends HBox {
    private final TerminalFind find;
    private final TerminalView view;
    private final TextField field = new TextField();
    private final ToggleButton caseSensitive = new ToggleButton("Aa");
    private final ToggleButton regex = new ToggleButton(".*");
    private final Label count = new Label();
    private final Button previous;
    private final Button next;
    private final Button close;
    private boolean tooltipsInstalled;

    /**
     * @param view the terminal searched: the bar starts from its selection and gives it the focus back
     */
    public FindBar(TerminalFind find, TerminalView view) {
        this.find = find;
        this.view = view;
        getStyleClass().add("find-bar");
        setAlignment(Pos.CENTER_LEFT);
        field.setPromptText("Find");
        field.setPrefColumnCount(24);
        HBox.setHgrow(field, Priority.SOMETIMES);
        previous = new Button("↑");
        next = new Button("↓");
        close = new Button("✕");
        count.getStyleClass().add("find-count");
        count.setMinWidth(90);
        for (var node : new javafx.scene.control.Control[] {caseSensitive, regex, previous, next, close}) {
            node.setFocusTraversable(false);
        }
        getChildren().addAll(field, caseSensitive, regex, count, previous, next, close);

        field.textProperty().addListener((obs, old, text) -> search());
        caseSensitive.selectedProperty().addListener((obs, old, on) -> search());
        regex.selectedProperty().addListener((obs, old, on) -> search());
        previous.setOnAction(e -> find.previous());
        next.setOnAction(e -> find.next());
        close.setOnAction(e -> hide());
        field.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ENTER) {
                if (e.isShiftDown()) {
                    find.previous();
                } else {
                    find.next();
                }
                e.consume();
            } else if (e.getCode() == KeyCode.ESCAPE) {
                hide();
                e.consume();
            }
        });
        count.textProperty().bind(find.statusProperty());
        setVisible(false);
        setManaged(false);
    }

    /** Opens the bar (or focuses it), preset with the selection when there is one. */
    public void show() {
        installTooltips();
        String selected = view.selectedText();
        if (!selected.isEmpty() && !selected.contains("\n")) {
            field.setText(selected);
        }
        setVisible(true);
        setManaged(true);
        field.requestFocus();
        field.selectAll();
        search();
    }

    /**
     * Each tooltip is a popup window of its own: made for every tab up front, a restore of twenty tabs built
     * eighty windows on the FX thread before the first paint. Made when the bar is first opened instead.
     */
    private void installTooltips() {
        if (tooltipsInstalled) {
            return;
        }
        tooltipsInstalled = true;
        caseSensitive.setTooltip(new Tooltip("Match case"));
        regex.setTooltip(new Tooltip("Regular expression"));
        previous.setTooltip(new Tooltip("Previous match (Shift+Enter)"));
        next.setTooltip(new Tooltip("Next match (Enter)"));
        close.setTooltip(new Tooltip("Close (Escape)"));
    }

    public void hide() {
        setVisible(false);
        setManaged(false);
        find.clear();
        view.requestFocus();
    }

    public boolean isShowing() {
        return isVisible();
    }

    public String countText() {
        return count.getText();
    }

    private void search() {
        if (isVisible()) {
            find.search(new TextSearch.Query(field.getText(), caseSensitive.isSelected(), regex.isSelected()));
        }
    }
}
