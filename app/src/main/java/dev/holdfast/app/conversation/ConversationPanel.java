package dev.holdfast.app.conversation;

import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.binding.Binding;
import java.time.ZoneId;
import java.util.Objects;
import java.util.Optional;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/**
 * The side panel of one tab: a heading (the thread's title, and what ties the tab to it), then the conversation,
 * or, when there is none to show, what Holdfast knows instead — for a conversation it cannot name, "Conversation
 * unavailable — show terminal output" with the reason, the link giving the tab back to its terminal. FX thread.
 */
final class ConversationPanel extends VBox {
    /** The panel is never squeezed below this, so its heading and a line of text stay readable. */
    static final double MIN_WIDTH = 220;
    /** The headline's last words, which are the link: "show terminal output". */
    static final String SHOW_TERMINAL = Binding.UNAVAILABLE_HEADLINE.substring(
            Binding.UNAVAILABLE_HEADLINE.indexOf("— ") + 2);
    static final String UNAVAILABLE = Binding.UNAVAILABLE_HEADLINE.substring(0,
            Binding.UNAVAILABLE_HEADLINE.length() - SHOW_TERMINAL.length());

    private final Label title = new Label();
    private final Label subtitle = new Label();
    private final StackPane content = new StackPane();
    private final ConversationList list;
    private final Runnable showTerminal;
    private final VBox message = new VBox();
    private PanelContent shown;
    private ConversationLook look;

    /**
     * @param showTerminal hides the panel and gives the terminal the focus
     */
    ConversationPanel(ConversationLook look, ZoneId zone, Runnable showTerminal) {
        this.look = Objects.requireNonNull(look, "look");
        this.showTerminal = Objects.requireNonNull(showTerminal, "showTerminal");
        this.list = new ConversationList(look, zone);
        getStyleClass().add("conversation-panel");
        setMinWidth(MIN_WIDTH);
        title.getStyleClass().add("conv-title");
        title.setTextOverrun(OverrunStyle.ELLIPSIS);
        title.setMaxWidth(Double.MAX_VALUE);
        title.setMinWidth(0);
        subtitle.getStyleClass().add("conv-subtitle");
        subtitle.setTextOverrun(OverrunStyle.ELLIPSIS);
        subtitle.setMaxWidth(Double.MAX_VALUE);
        subtitle.setMinWidth(0);
        VBox titles = new VBox(title, subtitle);
        titles.setMinWidth(0);
        HBox.setHgrow(titles, Priority.ALWAYS);
        Button close = new Button("✕");
        close.getStyleClass().add("conv-close");
        close.setFocusTraversable(false);
        close.setTooltip(new Tooltip("Hide the conversation"));
        close.setOnAction(e -> showTerminal.run());
        HBox header = new HBox(titles, close);
        header.setAlignment(Pos.CENTER_LEFT);
        header.getStyleClass().add("conv-header");
        message.getStyleClass().add("conv-message");
        message.setFillWidth(true);
        VBox.setVgrow(content, Priority.ALWAYS);
        getChildren().addAll(header, content);
        applyLook();
        show(new PanelContent.NoAgent());
    }

    /** Shows {@code next}; a conversation leaves the panel the moment the state no longer shows it. */
    void show(PanelContent next) {
        shown = next;
        title.setText(next.heading());
        subtitle.setTooltip(null);
        if (next instanceof PanelContent.Showing showing) {
            subtitle.setText(boundLine(showing.agent().displayName(), showing.binding()));
            // Codex calls its conversations threads, Claude Code sessions.
            String what = showing.agent() == Agent.CLAUDE_CODE ? "Session " : "Thread ";
            subtitle.setTooltip(new Tooltip(PanelContent.sentence(showing.binding().why()) + "\n" + what
                    + showing.threadId()));
            list.show(showing.threadId(), showing.agent().displayName(), showing.conversation());
            setContent(list.node());
            return;
        }
        list.clear();
        if (next instanceof PanelContent.Reading reading) {
            subtitle.setText(boundLine(reading.agent().displayName(), reading.binding()));
            showMessage(muted("Reading the conversation…"));
        } else if (next instanceof PanelContent.Unavailable unavailable) {
            subtitle.setText(unavailable.agent().displayName() + " runs in this tab");
            showMessage(unavailableLine(), body(unavailable.reason()));
        } else if (next instanceof PanelContent.Unsupported unsupported) {
            subtitle.setText("");
            showMessage(body(unsupported.message()), terminalLink());
        } else {
            subtitle.setText("");
            showMessage(body("When Codex or Claude Code runs in this tab, its conversation shows here."), terminalLink());
        }
    }

    /** What the panel shows now, when it is a conversation. */
    Optional<PanelContent.Showing> showing() {
        return shown instanceof PanelContent.Showing s ? Optional.of(s) : Optional.empty();
    }

    void setLook(ConversationLook newLook) {
        if (!newLook.equals(look)) {
            look = newLook;
            applyLook();
            list.setLook(newLook);
            show(shown);
        }
    }

    private void applyLook() {
        setStyle(look.style());
        title.setFont(look.heading(3));
        subtitle.setFont(look.small());
    }

    /** "Codex · one of its answers was shown in this tab": the particulars are in the tooltip. */
    private static String boundLine(String agent, Binding.Bound binding) {
        return agent + " · " + binding.source().description();
    }

    private void setContent(Node node) {
        if (content.getChildren().size() != 1 || content.getChildren().get(0) != node) {
            content.getChildren().setAll(node);
        }
    }

    private void showMessage(Node... lines) {
        message.getChildren().setAll(lines);
        message.setSpacing(look.size() * 0.6);
        StackPane.setAlignment(message, Pos.TOP_LEFT);
        setContent(message);
    }

    /** "Conversation unavailable — show terminal output", the last words a link to the terminal. */
    private TextFlow unavailableLine() {
        Text words = new Text(UNAVAILABLE);
        words.getStyleClass().add("conv-unavailable");
        words.setFont(look.prose(true, false));
        Hyperlink link = terminalLink();
        link.setFont(look.prose(true, false));
        TextFlow line = new TextFlow(words, link);
        line.getStyleClass().add("conv-unavailable-line");
        return line;
    }

    private Hyperlink terminalLink() {
        Hyperlink link = new Hyperlink(SHOW_TERMINAL);
        link.getStyleClass().add("conv-terminal-link");
        link.setFont(look.prose());
        link.setFocusTraversable(false);
        link.setOnAction(e -> showTerminal.run());
        return link;
    }

    private TextFlow body(String text) {
        Text t = new Text(text);
        t.getStyleClass().add("md-text");
        t.setFont(look.prose());
        return new TextFlow(t);
    }

    private Label muted(String text) {
        Label label = new Label(text);
        label.getStyleClass().add("conv-muted");
        label.setFont(look.prose());
        return label;
    }
}
