package dev.holdfast.terminal.agent.conversation;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A conversation as read so far, immutable.
 *
 * @param title the thread's title, when the agent's store has one
 * @param items user turns, answers and tool calls, oldest first
 * @param revision grows with every change, so a listener can skip a copy it has already shown
 * @param skippedRecords records that could not be read (corrupt, or too large to hold) and were left out
 */
public record Conversation(Optional<String> title, List<ConversationItem> items, long revision, long skippedRecords) {
    public static final Conversation EMPTY = new Conversation(Optional.empty(), List.of(), 0, 0);

    public Conversation {
        Objects.requireNonNull(title, "title");
        items = List.copyOf(items);
    }

    public Conversation withTitle(Optional<String> newTitle) {
        return new Conversation(newTitle, items, revision, skippedRecords);
    }
}
