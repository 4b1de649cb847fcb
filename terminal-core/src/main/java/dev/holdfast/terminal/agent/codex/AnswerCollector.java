package dev.holdfast.terminal.agent.codex;

import dev.holdfast.terminal.agent.conversation.ConversationEvents;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/** Keeps what a binding needs of a rollout: its newest answers and the first user message it saw. */
final class AnswerCollector implements ConversationEvents {
    /** An answer is kept up to this many characters (its end, which is what shows last). */
    static final int MAX_ANSWER_CHARS = 64 * 1024;

    private final int keep;
    private final Deque<String> answers = new ArrayDeque<>();
    private Optional<String> firstUserMessage = Optional.empty();
    private long changes;

    AnswerCollector(int keep) {
        this.keep = keep;
    }

    void reset() {
        answers.clear();
        firstUserMessage = Optional.empty();
        changes++;
    }

    List<String> answers() {
        return List.copyOf(answers);
    }

    Optional<String> firstUserMessage() {
        return firstUserMessage;
    }

    long changes() {
        return changes;
    }

    @Override
    public void userTurn(Optional<Instant> at, String text) {
        if (firstUserMessage.isEmpty() && !text.isBlank()) {
            firstUserMessage = Optional.of(text);
            changes++;
        }
    }

    @Override
    public void answer(Optional<Instant> at, String text, Provenance provenance) {
        String body = text.strip();
        if (body.isEmpty() || (!answers.isEmpty() && answers.peekLast().equals(body))) {
            return;
        }
        answers.addLast(body.length() > MAX_ANSWER_CHARS ? body.substring(body.length() - MAX_ANSWER_CHARS) : body);
        while (answers.size() > keep) {
            answers.removeFirst();
        }
        changes++;
    }

    @Override
    public void toolCall(Optional<Instant> at, String callId, String name, String command) {
    }

    @Override
    public void toolResult(Optional<Instant> at, String callId, String output, OptionalInt exitCode,
            Optional<Duration> duration, boolean failed) {
    }
}
