package dev.holdfast.app.conversation;

import dev.holdfast.terminal.agent.conversation.AssistantMessage;
import dev.holdfast.terminal.agent.conversation.ConversationItem;
import dev.holdfast.terminal.agent.conversation.ToolCall;
import dev.holdfast.terminal.agent.conversation.UserTurn;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Cursor;
import javafx.scene.Node;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.MenuItem;
import javafx.scene.control.OverrunStyle;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/**
 * One row of a conversation list. The list reuses its cells as it scrolls, and each cell keeps one view per kind
 * of item (a user turn, an answer, a tool call) that it fills again for the item it shows, so only the rows in
 * sight have nodes. FX thread.
 */
final class ConversationCell extends ListCell<ConversationItem> {

    /** What the cells of one panel share. */
    interface Context {
        ConversationLook look();

        /** The answer's blocks (parsed once and remembered for a while: cells come back to the same rows). */
        List<Markdown.Block> blocks(String markdown);

        boolean expanded(ToolCall call);

        /** Unfolds a folded tool call or folds an unfolded one. */
        void toggle(ToolCall call);

        /** When, as the panel shows it (a time of day), or empty. */
        String time(Optional<Instant> at);

        String agentName();
    }

    private final Context context;
    private final UserView user = new UserView();
    private final AnswerView answer = new AnswerView();
    private final ToolView tool = new ToolView();
    private final MenuItem copy = new MenuItem("Copy");
    private final ContextMenu menu = new ContextMenu(copy);
    private String copyText = "";

    ConversationCell(Context context) {
        this.context = context;
        getStyleClass().add("conversation-cell");
        setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        setText(null);
        copy.setOnAction(e -> {
            ClipboardContent content = new ClipboardContent();
            content.putString(copyText);
            javafx.scene.input.Clipboard.getSystemClipboard().setContent(content);
        });
    }

    @Override
    protected void updateItem(ConversationItem item, boolean empty) {
        super.updateItem(item, empty);
        if (empty || item == null) {
            setGraphic(null);
            setContextMenu(null);
            copyText = "";
            return;
        }
        ConversationLook look = context.look();
        if (item instanceof UserTurn turn) {
            user.show(turn, look);
            copyText = turn.text();
            setGraphic(user);
        } else if (item instanceof AssistantMessage message) {
            answer.show(message, look);
            copyText = message.text();
            setGraphic(answer);
        } else if (item instanceof ToolCall call) {
            tool.show(call, look);
            copyText = call.command() + (call.output().isEmpty() ? "" : "\n" + call.output());
            setGraphic(tool);
        }
        setContextMenu(menu);
    }

    // The list lays rows out at its own width; a row is as tall as its content wrapped to that width. The
    // labelled-control layout would size the graphic to its preferred width instead, and not wrap it.

    @Override
    protected double computePrefWidth(double height) {
        return 0;
    }

    @Override
    protected double computePrefHeight(double width) {
        Node graphic = getGraphic();
        Insets in = getInsets();
        if (graphic == null) {
            return in.getTop() + in.getBottom();
        }
        double w = width > 0 ? width : getWidth() > 0 ? getWidth()
                : getListView() == null ? 300 : getListView().getWidth() - 16;
        return in.getTop() + in.getBottom() + graphic.prefHeight(Math.max(1, w - in.getLeft() - in.getRight()));
    }

    @Override
    protected void layoutChildren() {
        super.layoutChildren();
        Node graphic = getGraphic();
        if (graphic != null) {
            Insets in = getInsets();
            double w = Math.max(1, getWidth() - in.getLeft() - in.getRight());
            graphic.resizeRelocate(in.getLeft(), in.getTop(), w, Math.max(1, getHeight() - in.getTop() - in.getBottom()));
        }
    }

    private String captionText(String who, Optional<Instant> at) {
        String time = context.time(at);
        return time.isEmpty() ? who : who + " · " + time;
    }

    /** What the user typed, on a tinted box. */
    private final class UserView extends VBox {
        private final Label caption = new Label();
        private final Text text = new Text();
        private final TextFlow flow = new TextFlow(text);

        UserView() {
            getStyleClass().add("conv-user");
            caption.getStyleClass().add("conv-caption");
            text.getStyleClass().add("md-text");
            getChildren().addAll(caption, flow);
        }

        void show(UserTurn turn, ConversationLook look) {
            caption.setText(captionText("You", turn.at()));
            caption.setFont(look.small());
            text.setText(turn.text());
            text.setFont(look.prose());
        }
    }

    /** An answer: its markdown as headings, paragraphs, lists and code. */
    private final class AnswerView extends VBox {
        private final Label caption = new Label();
        private final VBox body = new VBox();
        private String shownText;
        private ConversationLook shownLook;

        AnswerView() {
            getStyleClass().add("conv-answer");
            caption.getStyleClass().add("conv-caption");
            body.getStyleClass().add("md-body");
            getChildren().addAll(caption, body);
        }

        void show(AssistantMessage message, ConversationLook look) {
            caption.setText(captionText(context.agentName(), message.at()));
            caption.setFont(look.small());
            // A cell given back the answer it already shows keeps its nodes.
            if (!message.text().equals(shownText) || !look.equals(shownLook)) {
                MarkdownNodes.fill(body, context.blocks(message.text()), look);
                shownText = message.text();
                shownLook = look;
            }
        }
    }

    /** A tool call: one line (click to unfold), and its output below when unfolded. */
    private final class ToolView extends VBox {
        private final Label arrow = new Label();
        private final Label command = new Label();
        private final Label status = new Label();
        private final Label duration = new Label();
        private final HBox line = new HBox(arrow, command, status, duration);
        private final Text output = new Text();
        private final TextFlow outputFlow = new TextFlow(output);
        private ToolCall call;

        ToolView() {
            getStyleClass().add("conv-tool");
            line.getStyleClass().add("conv-tool-line");
            line.setAlignment(Pos.CENTER_LEFT);
            line.setCursor(Cursor.HAND);
            arrow.getStyleClass().add("conv-tool-arrow");
            arrow.setMinWidth(Region.USE_PREF_SIZE);
            command.getStyleClass().add("conv-tool-command");
            command.setTextOverrun(OverrunStyle.ELLIPSIS);
            command.setMaxWidth(Double.MAX_VALUE);
            command.setMinWidth(0);
            HBox.setHgrow(command, Priority.ALWAYS);
            status.setMinWidth(Region.USE_PREF_SIZE);
            duration.setMinWidth(Region.USE_PREF_SIZE);
            duration.getStyleClass().add("conv-tool-duration");
            output.getStyleClass().add("md-code-text");
            outputFlow.getStyleClass().add("conv-tool-output");
            line.setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY && call != null) {
                    context.toggle(call);
                    e.consume();
                }
            });
            getChildren().add(line);
        }

        void show(ToolCall shown, ConversationLook look) {
            call = shown;
            ToolCallLine summary = ToolCallLine.of(shown);
            boolean open = context.expanded(shown);
            arrow.setText(open ? "▾" : "▸");
            arrow.setFont(look.mono());
            command.setText("$ " + summary.command());
            command.setFont(look.mono());
            status.setText(summary.status());
            status.setFont(look.small());
            status.getStyleClass().removeAll("conv-ok", "conv-fail", "conv-running");
            status.getStyleClass().add(summary.failed() ? "conv-fail"
                    : shown.status() == ToolCall.Status.RUNNING ? "conv-running" : "conv-ok");
            duration.setText(summary.duration());
            duration.setFont(look.small());
            line.setSpacing(look.size() * 0.5);
            if (open) {
                output.setText(shown.output().isEmpty() ? "(no output)" : shown.output());
                output.setFont(look.mono());
                if (!getChildren().contains(outputFlow)) {
                    getChildren().add(outputFlow);
                }
            } else {
                // A folded call holds no copy of its output in the scene.
                output.setText("");
                getChildren().remove(outputFlow);
            }
        }
    }
}
