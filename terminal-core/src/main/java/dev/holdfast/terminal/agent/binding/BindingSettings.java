package dev.holdfast.terminal.agent.binding;

import java.time.Duration;
import java.util.Objects;

/**
 * The numbers of the binding rules ({@code reference/agent-conversation-binding.txt}), each with its default.
 *
 * @param screenLines how far back a tab's screen is read for a match: its last 400 lines
 * @param minAnswerChars an answer counts as evidence from 64 characters (letters and digits, as shown)
 * @param anchorChars the end of an answer looked for on screen, in letters and digits
 * @param minDistinctChars an anchor needs this many different characters (a rule line of dashes is no evidence)
 * @param candidateThreads the newest interactive threads of the directory whose answers are looked for: 32
 * @param answersPerThread the newest answers of each thread looked for
 * @param claimInterval other tabs are looked at for the same open question at most once per 5 s
 * @param memoryEntries bindings remembered, least recently used dropped first: 64
 * @param processStartTolerance a thread begun up to this long before a process's computed start still counts as
 *     begun after it (the boot time behind a start time has whole seconds)
 * @param firstMessageChars how much of a thread's first message (letters and digits) a claim looks for
 * @param minFirstMessageChars a first message shorter than this cannot support a claim
 * @param sessionBanner text an agent prints when a session starts; a screen is read from its last occurrence
 */
public record BindingSettings(
        int screenLines,
        int minAnswerChars,
        int anchorChars,
        int minDistinctChars,
        int candidateThreads,
        int answersPerThread,
        Duration claimInterval,
        int memoryEntries,
        Duration processStartTolerance,
        int firstMessageChars,
        int minFirstMessageChars,
        String sessionBanner) {

    public static final BindingSettings DEFAULTS = new BindingSettings(400, 64, 160, 12, 32, 8, Duration.ofSeconds(5), 64,
            Duration.ofSeconds(1), 48, 8, "OpenAI Codex (v");

    public BindingSettings {
        if (screenLines < 1 || minAnswerChars < 1 || anchorChars < minAnswerChars || minDistinctChars < 1
                || candidateThreads < 1 || answersPerThread < 1 || memoryEntries < 1 || firstMessageChars < minFirstMessageChars) {
            throw new IllegalArgumentException("binding settings out of range");
        }
        Objects.requireNonNull(claimInterval, "claimInterval");
        Objects.requireNonNull(processStartTolerance, "processStartTolerance");
        Objects.requireNonNull(sessionBanner, "sessionBanner");
    }
}
