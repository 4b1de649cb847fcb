package dev.holdfast.terminal.agent.claude;

import dev.holdfast.terminal.agent.conversation.ConversationEvents;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Keeps what a binding needs of a transcript: its newest answers (an answer's text blocks joined, as the screen
 * shows them) and the first message typed.
 */
final class AnswerBlocks implements ConversationEvents {
    /** An answer is kept up to this many characters (its end, which is what shows last). */
    static final int MAX_ANSWER_CHARS = 64 * 1024;

    private final int keep;
    private final Deque<String> answers = new ArrayDeque<>();
    private String lastKey;
    private Optional<String> firstUserMessage = Optional.empty();
    private long changes;

    AnswerBlocks(int keep) {
        this.keep = keep;
    }

    void reset() {
        answers.clear();
        lastKey = null;
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
        lastKey = null;
        if (firstUserMessage.isEmpty() && !text.isBlank()) {
            firstUserMessage = Optional.of(text);
            changes++;
        }
    }

    @Override
    public void answer(Optional<Instant> at, String text, Provenance provenance) {
        answerBlock(at, "", text);
    }

    @Override
    public void answerBlock(Optional<Instant> at, String messageKey, String text) {
        String body = text.strip();
        if (body.isEmpty()) {
            return;
        }
        if (!messageKey.isEmpty() && messageKey.equals(lastKey) && !answers.isEmpty()) {
            String previous = answers.removeLast();
            answers.addLast(previous.endsWith(body) ? previous : cut(previous + "\n\n" + body));
        } else {
            answers.addLast(cut(body));
            while (answers.size() > keep) {
                answers.removeFirst();
            }
        }
        lastKey = messageKey;
        changes++;
    }

    private static String cut(String text) {
        return text.length() > MAX_ANSWER_CHARS ? text.substring(text.length() - MAX_ANSWER_CHARS) : text;
    }

    @Override
    public void toolCall(Optional<Instant> at, String callId, String name, String command) {
        lastKey = null;
    }

    @Override
    public void toolResult(Optional<Instant> at, String callId, String output, OptionalInt exitCode,
            Optional<Duration> duration, boolean failed) {
        lastKey = null;
    }
}
