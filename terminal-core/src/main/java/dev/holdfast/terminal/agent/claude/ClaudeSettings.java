package dev.holdfast.terminal.agent.claude;

import java.util.Objects;

/**
 * The numbers of the Claude Code binding that are Claude's own; the shared ones (400 lines, 64 characters, 32
 * candidates, 64 remembered tabs, …) are {@link dev.holdfast.terminal.agent.binding.BindingSettings}.
 *
 * @param sessionBanner text Claude Code's header shows when a session starts (also after {@code /clear}); a
 *     screen is read from its last occurrence
 * @param maxSessionFiles how many of {@code sessions/*.json} (the newest) are read to learn which sessions other
 *     live Claude processes hold: 64
 */
public record ClaudeSettings(String sessionBanner, int maxSessionFiles) {
    public static final ClaudeSettings DEFAULTS = new ClaudeSettings("Claude Code", 64);

    public ClaudeSettings {
        Objects.requireNonNull(sessionBanner, "sessionBanner");
        if (maxSessionFiles < 1) {
            throw new IllegalArgumentException("maxSessionFiles must be positive");
        }
    }
}
