package dev.holdfast.terminal.agent.conversation;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Builds a {@link Conversation} from a reader's events, within {@link ConversationLimits}. One thread feeds it.
 *
 * <p>Answers: an agent may record one answer twice (Codex: as a model item and as a display event). A copy of
 * the other provenance with the same text among the last few unpaired answers is the same answer and is not
 * listed again.
 *
 * <p>Memory: every item is kept (the panel lists them all) but tool output only within a total budget; past
 * it, the oldest outputs are trimmed to a short head with a marker.
 */
public final class ConversationBuilder implements ConversationEvents {
    /** How far back a duplicate answer is looked for: the two copies are written next to each other. */
    static final int DUPLICATE_WINDOW = 8;

    private final ConversationLimits limits;
    private final List<ConversationItem> items = new ArrayList<>();
    /** Every tool call's item index by call id, so a result finds its call. */
    private final Map<String, Integer> calls = new HashMap<>();
    /** Tool items whose output is kept in full, oldest first, with the length each holds. */
    private final Deque<int[]> fullOutputs = new ArrayDeque<>();
    private final Deque<RecentAnswer> recentAnswers = new ArrayDeque<>();
    private long keptOutputChars;
    /** The message key of the answer listed last, while it is the last item (see {@link #answerBlock}). */
    private String lastAnswerKey;
    private long nextSequence;
    private long revision;
    private long skipped;

    private record RecentAnswer(String text, Provenance provenance, int index) {
    }

    public ConversationBuilder(ConversationLimits limits) {
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    /** Forgets everything: the file was rewritten and is read again from its start. */
    public void reset() {
        items.clear();
        calls.clear();
        fullOutputs.clear();
        recentAnswers.clear();
        keptOutputChars = 0;
        skipped = 0;
        lastAnswerKey = null;
        revision++;
    }

    public Conversation snapshot(Optional<String> title) {
        return new Conversation(title, items, revision, skipped);
    }

    public long revision() {
        return revision;
    }

    public int size() {
        return items.size();
    }

    @Override
    public void userTurn(Optional<Instant> at, String text) {
        if (text.isBlank()) {
            return;
        }
        add(new UserTurn(nextSequence++, at, ConversationLimits.cap(text, limits.maxMessageChars())));
    }

    @Override
    public void answer(Optional<Instant> at, String text, Provenance provenance) {
        String body = text.strip();
        if (body.isEmpty()) {
            return;
        }
        for (Iterator<RecentAnswer> it = recentAnswers.iterator(); it.hasNext(); ) {
            RecentAnswer recent = it.next();
            if (recent.provenance != provenance && recent.text.equals(body)) {
                it.remove();
                return;
            }
        }
        int index = items.size();
        add(new AssistantMessage(nextSequence++, at, ConversationLimits.cap(body, limits.maxMessageChars())));
        recentAnswers.addLast(new RecentAnswer(body, provenance, index));
        if (recentAnswers.size() > DUPLICATE_WINDOW) {
            recentAnswers.removeFirst();
        }
    }

    @Override
    public void answerBlock(Optional<Instant> at, String messageKey, String text) {
        String body = text.strip();
        if (body.isEmpty()) {
            return;
        }
        int last = items.size() - 1;
        if (messageKey.equals(lastAnswerKey) && last >= 0 && items.get(last) instanceof AssistantMessage previous) {
            if (previous.text().endsWith(body)) {
                // The same block written again (a retried write): nothing new.
                return;
            }
            String joined = ConversationLimits.cap(previous.text() + "\n\n" + body, limits.maxMessageChars());
            items.set(last, new AssistantMessage(previous.sequence(), previous.at(), joined));
            revision++;
            return;
        }
        add(new AssistantMessage(nextSequence++, at, ConversationLimits.cap(body, limits.maxMessageChars())));
        lastAnswerKey = messageKey;
    }

    @Override
    public void toolCall(Optional<Instant> at, String callId, String name, String command) {
        String line = ConversationLimits.cap(command.strip(), limits.maxCommandChars());
        calls.put(callId, items.size());
        add(new ToolCall(nextSequence++, at, callId, name, line.isEmpty() ? name : line, ToolCall.Status.RUNNING,
                OptionalInt.empty(), Optional.empty(), ""));
    }

    @Override
    public void toolResult(Optional<Instant> at, String callId, String output, OptionalInt exitCode,
            Optional<Duration> duration, boolean failed) {
        Integer index = calls.get(callId);
        String capped = ConversationLimits.cap(output, limits.maxToolOutputChars());
        if (index == null) {
            // An output whose call came before the part of the file that was read: list it on its own.
            index = items.size();
            calls.put(callId, index);
            add(new ToolCall(nextSequence++, at, callId, "tool", "tool output", status(exitCode, failed), exitCode,
                    duration, capped));
            keep(index, capped);
            return;
        }
        ToolCall call = (ToolCall) items.get(index);
        if (call.status() != ToolCall.Status.RUNNING) {
            // A second record of the same result (Codex writes an exec end event and the call's output):
            // it may fill in what the first lacked.
            OptionalInt exit = call.exitCode().isPresent() ? call.exitCode() : exitCode;
            Optional<Duration> took = call.duration().isPresent() ? call.duration() : duration;
            boolean hadOutput = !call.output().isEmpty();
            String text = hadOutput ? call.output() : capped;
            ToolCall.Status status = call.status() == ToolCall.Status.FAILED ? call.status() : status(exit, failed);
            items.set(index, new ToolCall(call.sequence(), call.at(), callId, call.name(), call.command(), status, exit,
                    took, text));
            revision++;
            if (!hadOutput && !capped.isEmpty()) {
                keep(index, capped);
            }
            return;
        }
        Optional<Duration> took = duration.isPresent() ? duration
                : call.at().flatMap(start -> at.map(end -> Duration.between(start, end))).filter(d -> !d.isNegative());
        items.set(index, new ToolCall(call.sequence(), call.at(), call.callId(), call.name(), call.command(),
                status(exitCode, failed), exitCode, took, capped));
        revision++;
        keep(index, capped);
    }

    private static ToolCall.Status status(OptionalInt exitCode, boolean failed) {
        boolean fails = failed || (exitCode.isPresent() && exitCode.getAsInt() != 0);
        return fails ? ToolCall.Status.FAILED : ToolCall.Status.SUCCEEDED;
    }

    private void keep(int index, String output) {
        keptOutputChars += output.length();
        fullOutputs.addLast(new int[] {index, output.length()});
        trimOldOutputs();
    }

    @Override
    public void skipped(String why) {
        skipped++;
        revision++;
    }

    private void trimOldOutputs() {
        while (keptOutputChars > limits.maxKeptOutputChars() && fullOutputs.size() > 1) {
            int[] oldest = fullOutputs.removeFirst();
            ToolCall call = (ToolCall) items.get(oldest[0]);
            String output = call.output();
            String trimmed = output.length() <= limits.trimmedOutputChars() ? output
                    : output.substring(0, limits.trimmedOutputChars()) + "\n… [older output trimmed: "
                            + String.format("%,d", output.length() - limits.trimmedOutputChars()) + " characters]";
            items.set(oldest[0], call.withOutput(trimmed));
            keptOutputChars -= oldest[1];
        }
    }

    private void add(ConversationItem item) {
        items.add(item);
        lastAnswerKey = null;
        revision++;
    }

    /** Characters of tool output held in full now; trimmed outputs are not counted. */
    public long keptOutputChars() {
        return keptOutputChars;
    }
}
