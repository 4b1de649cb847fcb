package dev.holdfast.app.sidebar;

import dev.holdfast.terminal.screen.TabCard;
import dev.holdfast.terminal.screen.TabState;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.OverrunStyle;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * One card in the sidebar's list. Cells are reused as the list scrolls and updated in place: a card that changes
 * sets the texts of its labels, no node is created per update. FX thread.
 */
final class CardCell extends ListCell<SidebarEntry> {
    private static final List<String> STATE_CLASSES = List.of("state-working", "state-waiting", "state-idle",
            "state-exited", "state-starting");

    private final Label dot = new Label("●");
    private final Label title = new Label();
    private final Label updated = new Label();
    private final Label where = new Label();
    private final Label state = new Label();
    private final Label question = new Label();
    private final Label command = new Label();
    private final Label log = new Label();
    private final VBox box;
    private final Supplier<Instant> now;
    private final ZoneId zone;
    private final String home;

    CardCell(Supplier<Instant> now, ZoneId zone, String home, Consumer<SidebarEntry> clicked) {
        this.now = now;
        this.zone = zone;
        this.home = home;
        getStyleClass().add("card-cell");
        dot.getStyleClass().add("card-dot");
        title.getStyleClass().add("card-title");
        updated.getStyleClass().add("card-updated");
        where.getStyleClass().add("card-where");
        state.getStyleClass().add("card-state");
        question.getStyleClass().add("card-question");
        command.getStyleClass().add("card-command");
        log.getStyleClass().add("card-log");
        // As wide as the list, never wider: long commands and log lines end in an ellipsis, and the "updated" text
        // at the end of the top row stays in sight instead of behind a horizontal scroll bar.
        setPrefWidth(0);
        for (Label label : List.of(title, where, state, command, log)) {
            label.setTextOverrun(OverrunStyle.ELLIPSIS);
            label.setMinWidth(0);
        }
        question.setWrapText(true);
        question.setMinWidth(0);
        question.setMaxHeight(48);
        title.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(title, Priority.ALWAYS);
        updated.setMinWidth(Region.USE_PREF_SIZE);
        HBox top = new HBox(6, dot, title, updated);
        top.setAlignment(Pos.CENTER_LEFT);
        box = new VBox(1, top, where, state, question, command, log);
        box.getStyleClass().add("card");
        box.setMinWidth(0);
        setOnMouseClicked(e -> {
            if (getItem() != null) {
                clicked.accept(getItem());
            }
        });
    }

    @Override
    protected void updateItem(SidebarEntry entry, boolean empty) {
        super.updateItem(entry, empty);
        setText(null);
        if (empty || entry == null) {
            setGraphic(null);
            return;
        }
        show(entry, now.get());
        setGraphic(box);
    }

    /** Sets only what the clock moves: the "updated" text. */
    void tick(Instant at) {
        SidebarEntry entry = getItem();
        if (entry != null && entry.card() != null) {
            setIfChanged(updated, CardText.updated(entry.card(), at));
        }
    }

    private void show(SidebarEntry entry, Instant at) {
        TabCard card = entry.card();
        setIfChanged(title, entry.title().isBlank() && card != null ? card.title() : entry.title());
        String stateClass = "state-" + (card == null ? "starting" : CardText.state(card.state()));
        // Style classes only when the state changed: each change restyles the dot (CSS), and cards are set anew
        // whenever a busy tab's "updated" time moves.
        if (!dot.getStyleClass().contains(stateClass)) {
            dot.getStyleClass().removeAll(STATE_CLASSES);
            dot.getStyleClass().add(stateClass);
        }
        if (card == null) {
            setIfChanged(updated, "");
            setIfChanged(where, "");
            setIfChanged(state, "starting");
            show(question, null);
            show(command, null);
            show(log, null);
            return;
        }
        setIfChanged(updated, CardText.updated(card, at));
        setIfChanged(where, CardText.where(card, home));
        setIfChanged(state, CardText.stateLine(card, at, zone));
        show(question, card.state() == TabState.WAITING && card.question() != null
                ? CardText.oneLine(card.question()) : null);
        String last = CardText.lastCommand(card);
        show(command, last == null ? null : "$ " + last);
        List<String> tail = CardText.logTail(card, at, zone);
        show(log, tail.isEmpty() ? null : String.join("\n", tail));
    }

    private static void show(Label label, String text) {
        boolean visible = text != null && !text.isEmpty();
        if (label.isVisible() != visible) {
            label.setVisible(visible);
            label.setManaged(visible);
        }
        setIfChanged(label, visible ? text : "");
    }

    private static void setIfChanged(Label label, String text) {
        if (!text.equals(label.getText())) {
            label.setText(text);
        }
    }
}
