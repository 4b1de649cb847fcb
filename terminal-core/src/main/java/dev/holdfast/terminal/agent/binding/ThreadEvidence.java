package dev.holdfast.terminal.agent.binding;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What of one conversation could show in a tab: its newest answers, reduced to letters and digits, the end of
 * each (its anchor) that is looked for on screen, and its first message.
 *
 * <p>An anchor is the last {@link BindingSettings#anchorChars()} letters and digits of an answer, when it has
 * at least {@link BindingSettings#minAnswerChars()} of them and {@link BindingSettings#minDistinctChars()}
 * different ones. A TUI shows a markdown link's target its own way ({@code label (docs/x.md)} for
 * {@code [label](/repo/docs/x.md)}), so an answer is cut at link targets and the anchor is the end of the last
 * piece long enough; fence lines ({@code ```rust}) are not shown at all and are left out.
 */
public record ThreadEvidence(String sessionId, List<String> reducedAnswers, List<String> anchors,
        Optional<String> reducedFirstMessage) {

    /** Each reduced answer is kept up to this length, for telling whether another thread said an anchor. */
    static final int MAX_REDUCED_ANSWER = 64 * 1024;
    private static final Pattern LINK_TARGET = Pattern.compile("\\]\\([^)\\s]*\\)");
    private static final Pattern FENCE_LINE = Pattern.compile("(?m)^[ \\t>]*(?:```|~~~).*$");
    private static final Pattern MEMORY_CITATION = Pattern.compile("(?s)<oai-mem-citation>.*?(?:</oai-mem-citation>|$)");

    public ThreadEvidence {
        Objects.requireNonNull(sessionId, "sessionId");
        reducedAnswers = List.copyOf(reducedAnswers);
        anchors = List.copyOf(anchors);
        Objects.requireNonNull(reducedFirstMessage, "reducedFirstMessage");
    }

    /**
     * @param answers the conversation's newest answers as written (markdown), oldest first
     * @param firstMessage its first user message, when known
     */
    public static ThreadEvidence of(String sessionId, List<String> answers, Optional<String> firstMessage,
            BindingSettings settings) {
        List<String> reduced = new ArrayList<>();
        List<String> anchors = new ArrayList<>();
        int from = Math.max(0, answers.size() - settings.answersPerThread());
        for (String answer : answers.subList(from, answers.size())) {
            String shown = MEMORY_CITATION.matcher(FENCE_LINE.matcher(answer).replaceAll("")).replaceAll("");
            String whole = DisplayText.reduce(shown);
            reduced.add(whole.length() > MAX_REDUCED_ANSWER ? whole.substring(whole.length() - MAX_REDUCED_ANSWER) : whole);
            anchor(shown, settings).ifPresent(anchors::add);
        }
        Optional<String> first = firstMessage.map(DisplayText::reduce)
                .filter(f -> f.length() >= settings.minFirstMessageChars())
                .map(f -> f.substring(0, Math.min(f.length(), settings.firstMessageChars())));
        return new ThreadEvidence(sessionId, reduced, anchors, first);
    }

    static Optional<String> anchor(String answer, BindingSettings settings) {
        String[] pieces = LINK_TARGET.split(answer, -1);
        for (int i = pieces.length - 1; i >= 0; i--) {
            String reduced = DisplayText.reduce(pieces[i]);
            String end = reduced.substring(Math.max(0, reduced.length() - settings.anchorChars()));
            if (end.length() >= settings.minAnswerChars() && end.codePoints().distinct().count() >= settings.minDistinctChars()) {
                return Optional.of(end);
            }
        }
        return Optional.empty();
    }

    /** Whether one of this conversation's answers says {@code reducedText}. */
    public boolean says(String reducedText) {
        return reducedAnswers.stream().anyMatch(a -> a.contains(reducedText));
    }
}
