package dev.holdfast.terminal.shell;

/** Where a shell with integration is, by its last prompt or command mark. */
public enum ShellPhase {
    /** No mark yet: the shell has no integration loaded, or has not drawn its first prompt. */
    UNKNOWN,
    /** At its prompt: drawing it ({@code 133;A}), or back after a command ended ({@code 133;D}). */
    PROMPT,
    /** The prompt is drawn and the user may be typing ({@code 133;B}). */
    INPUT,
    /** A command entered at the prompt runs ({@code 133;C}). */
    RUNNING
}
