package dev.holdfast.terminal.agent.resume;

import java.util.Locale;
import java.util.Optional;

/** The {@code resumeAgents} setting: what a restored tab does with its agent's conversation. */
public enum ResumeAgents {
    /** Types the resume command at the prompt, with a line above it; Enter runs it. The default. */
    ASK,
    /** Runs the resume command as soon as the shell is at its prompt. */
    ALWAYS,
    /** Only says which conversation the tab had, and how to resume it. */
    NEVER;

    public static final ResumeAgents DEFAULT = ASK;

    /** The setting's word in the settings file. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<ResumeAgents> parse(String word) {
        if (word == null) {
            return Optional.empty();
        }
        for (ResumeAgents value : values()) {
            if (value.word().equals(word.strip().toLowerCase(Locale.ROOT))) {
                return Optional.of(value);
            }
        }
        return Optional.empty();
    }
}
