package dev.holdfast.app.conversation;

import dev.holdfast.terminal.agent.conversation.Conversation;
import dev.holdfast.terminal.agent.conversation.ConversationItem;
import dev.holdfast.terminal.agent.conversation.ToolCall;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import javafx.application.Platform;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;

/**
 * The turns of one conversation in a virtualised list: only the rows in sight have nodes, however long the
 * conversation. It stays scrolled to the end as turns arrive, unless the user scrolled up to read; scrolling back
 * to the end follows again. FX thread.
 */
final class ConversationList implements ConversationCell.Context {
    /** Answers whose parsed blocks are remembered, for cells scrolled back to them. */
    static final int PARSED_ANSWERS_KEPT = 128;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");

    private final ListView<ConversationItem> list = new ListView<>();
    private final ZoneId zone;
    private final Set<Long> expanded = new HashSet<>();
    private final Map<String, List<Markdown.Block>> parsed = new LinkedHashMap<>(32, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, List<Markdown.Block>> eldest) {
            return size() > PARSED_ANSWERS_KEPT;
        }
    };
    private ConversationLook look;
    private String agentName = "";
    private String threadId;
    private boolean followTail = true;

    ConversationList(ConversationLook look, ZoneId zone) {
        this.look = Objects.requireNonNull(look, "look");
        this.zone = Objects.requireNonNull(zone, "zone");
        list.getStyleClass().add("conversation-list");
        list.setCellFactory(v -> new ConversationCell(this));
        Label empty = new Label("Nothing said yet.");
        empty.getStyleClass().add("conv-muted");
        list.setPlaceholder(empty);
        // Whether to follow the end is decided by what the user did, once the list has moved.
        list.addEventFilter(ScrollEvent.SCROLL, e -> recheckTailAfterLayout());
        list.addEventFilter(KeyEvent.KEY_PRESSED, e -> recheckTailAfterLayout());
        list.addEventFilter(MouseEvent.MOUSE_RELEASED, e -> recheckTailAfterLayout());
        list.addEventFilter(MouseEvent.MOUSE_DRAGGED, e -> recheckTailAfterLayout());
    }

    ListView<ConversationItem> node() {
        return list;
    }

    /** Shows {@code conversation} of {@code thread}; another thread's items are dropped first. */
    void show(String thread, String agent, Conversation conversation) {
        agentName = agent;
        if (!thread.equals(threadId)) {
            clear();
            threadId = thread;
        }
        boolean follow = followTail || atEnd();
        ListDiff.update(list.getItems(), conversation.items());
        if (follow) {
            followTail = true;
            scrollToEnd();
        }
    }

    /** Shows nothing (the panel says why instead). */
    void clear() {
        threadId = null;
        list.getItems().clear();
        expanded.clear();
        followTail = true;
    }

    void setLook(ConversationLook newLook) {
        if (!newLook.equals(look)) {
            look = newLook;
            list.refresh();
        }
    }

    /** Scrolls to the end of the last row. */
    private void scrollToEnd() {
        int last = list.getItems().size() - 1;
        if (last < 0) {
            return;
        }
        list.scrollTo(last);
        VirtualFlow<?> flow = flow();
        if (flow != null) {
            // scrollTo puts the last row at the top; a row taller than the panel is then shown from its end.
            list.layout();
            flow.scrollPixels(Math.max(1, flow.getHeight()) * 4);
        }
    }

    private void recheckTailAfterLayout() {
        Platform.runLater(() -> followTail = atEnd());
    }

    /** Whether the last row is in sight down to its bottom (an empty list is at its end). */
    boolean atEnd() {
        int last = list.getItems().size() - 1;
        VirtualFlow<?> flow = flow();
        if (last < 0 || flow == null) {
            return true;
        }
        IndexedCell<?> cell = flow.getLastVisibleCell();
        if (cell == null) {
            return true;
        }
        return cell.getIndex() == last && cell.getLayoutY() + cell.getHeight() <= flow.getHeight() + 2;
    }

    private VirtualFlow<?> flow() {
        return list.lookup(".virtual-flow") instanceof VirtualFlow<?> flow ? flow : null;
    }

    // Context of the cells.

    @Override
    public ConversationLook look() {
        return look;
    }

    @Override
    public List<Markdown.Block> blocks(String markdown) {
        return parsed.computeIfAbsent(markdown, Markdown::parse);
    }

    @Override
    public boolean expanded(ToolCall call) {
        return expanded.contains(call.sequence());
    }

    @Override
    public void toggle(ToolCall call) {
        if (!expanded.remove(call.sequence())) {
            expanded.add(call.sequence());
        }
        list.refresh();
    }

    @Override
    public String time(Optional<Instant> at) {
        return at.map(t -> TIME.format(t.atZone(zone))).orElse("");
    }

    @Override
    public String agentName() {
        return agentName;
    }
}
