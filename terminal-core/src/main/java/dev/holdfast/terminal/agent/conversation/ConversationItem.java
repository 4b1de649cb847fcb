package dev.holdfast.terminal.agent.conversation;

import java.time.Instant;
import java.util.Optional;

/**
 * One entry of a conversation as a panel lists it. {@link #sequence()} is stable for the life of the
 * conversation (a tool call keeps its number when its output arrives), so a virtualised list can key rows on it.
 */
public sealed interface ConversationItem permits UserTurn, AssistantMessage, ToolCall {
    long sequence();

    Optional<Instant> at();
}
