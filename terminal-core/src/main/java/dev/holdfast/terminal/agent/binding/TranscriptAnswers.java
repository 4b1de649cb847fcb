package dev.holdfast.terminal.agent.binding;

import dev.holdfast.terminal.agent.conversation.ConversationEvents;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Keeps what a binding needs of an agent's transcript: its newest answers, each as the screen shows it, and the
 * first message typed. An answer written twice in a row (Codex logs it as an event and as a response item) is kept
 * once; the text blocks of one message (Claude writes each block as a record of its own) are joined.
 */
final class TranscriptAnswers implements ConversationEvents {
    /** An answer is kept up to this many characters (its end, which is what shows last). */
    static final int MAX_ANSWER_CHARS = 64 * 1024;

    private final int keep;
    private final Deque<String> answers = new ArrayDeque<>();
    private String lastKey;
    private Optional<String> firstUserMessage = Optional.empty();
    private long changes;

    TranscriptAnswers(int keep) {
        this.keep = keep;
    }

    /** The transcript starts over (rewritten, or a new conversation in the same file). */
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

    /** Counts every change, so a caller can tell whether its evidence is still current. */
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
        String body = text.strip();
        if (body.isEmpty() || cut(body).equals(answers.peekLast())) {
            return;
        }
        add(body);
        lastKey = null;
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
            changes++;
        } else {
            add(body);
        }
        lastKey = messageKey;
    }

    private void add(String body) {
        answers.addLast(cut(body));
        while (answers.size() > keep) {
            answers.removeFirst();
        }
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
