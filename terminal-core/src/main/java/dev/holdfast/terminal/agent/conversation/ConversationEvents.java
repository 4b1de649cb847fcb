package dev.holdfast.terminal.agent.conversation;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;

/** What a transcript reader finds, in file order. A reader calls this; it keeps nothing itself. */
public interface ConversationEvents {

    /** Whether an answer is the agent's display record of it or a fallback copy (see {@link #answer}). */
    enum Provenance {
        /** The record the agent writes for display (Codex: {@code event_msg/agent_message}). */
        PRIMARY,
        /** A copy from the model's items, shown only when no primary record says the same. */
        FALLBACK
    }

    void userTurn(Optional<Instant> at, String text);

    void answer(Optional<Instant> at, String text, Provenance provenance);

    /**
     * One text block of the answer {@code messageKey}: an agent that writes each block of an answer as its own
     * record (Claude Code, sharing {@code message.id}) sends them one by one. A block of the answer listed last is
     * joined to it; anything else starts an answer of its own.
     */
    default void answerBlock(Optional<Instant> at, String messageKey, String text) {
        answer(at, text, Provenance.PRIMARY);
    }

    void toolCall(Optional<Instant> at, String callId, String name, String command);

    /**
     * The result of an earlier {@link #toolCall}.
     *
     * @param failed whether the tool said it failed even without an exit status
     */
    void toolResult(Optional<Instant> at, String callId, String output, OptionalInt exitCode,
            Optional<Duration> duration, boolean failed);

    /** A record that could not be read or was too large to hold. */
    default void skipped(String why) {
    }
}
