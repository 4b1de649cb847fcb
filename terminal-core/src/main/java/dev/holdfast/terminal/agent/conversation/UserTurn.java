package dev.holdfast.terminal.agent.conversation;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** What the user typed to the agent (never the context the agent injected around it). */
public record UserTurn(long sequence, Optional<Instant> at, String text) implements ConversationItem {
    public UserTurn {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(text, "text");
    }
}
