package dev.holdfast.terminal.screen;

import java.util.Locale;
import java.util.Optional;

/**
 * What runs in a tab's foreground, as far as reading its screen goes: each kind has its own table of volatile
 * text ({@link VolatilePatterns}) and its own signs of working and waiting ({@link StateClassifier}).
 */
public enum ProgramKind {
    /** The shell itself: nothing runs in the foreground. */
    SHELL("shell"),
    /** OpenAI's Codex CLI. */
    CODEX("Codex"),
    /** Anthropic's Claude Code. */
    CLAUDE_CODE("Claude Code"),
    /** Any other program (vim, a build, a wrapper that may hide an agent). */
    OTHER("program");

    private final String displayName;

    ProgramKind(String displayName) {
        this.displayName = displayName;
    }

    public String displayName() {
        return displayName;
    }

    /**
     * The kind a foreground command name ({@code ProcessSnapshot.foregroundCommand()}: the process's
     * {@code comm} on Linux) says: none is the shell; {@code codex} is Codex; {@code claude} is Claude Code.
     */
    public static ProgramKind ofForegroundCommand(Optional<String> command) {
        if (command.isEmpty()) {
            return SHELL;
        }
        String name = command.get().strip().toLowerCase(Locale.ROOT);
        int slash = name.lastIndexOf('/');
        if (slash >= 0) {
            name = name.substring(slash + 1);
        }
        if (name.equals("codex") || name.startsWith("codex-")) {
            return CODEX;
        }
        if (name.equals("claude")) {
            return CLAUDE_CODE;
        }
        return OTHER;
    }

    public boolean isAgent() {
        return this == CODEX || this == CLAUDE_CODE;
    }
}
