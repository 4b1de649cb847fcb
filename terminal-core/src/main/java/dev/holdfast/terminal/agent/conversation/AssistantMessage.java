package dev.holdfast.terminal.agent.conversation;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** An answer of the agent, as markdown text. */
public record AssistantMessage(long sequence, Optional<Instant> at, String text) implements ConversationItem {
    public AssistantMessage {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(text, "text");
    }
}
