package dev.holdfast.terminal.screen;

/** What a tab is doing, as {@link StateClassifier} reads it. */
public enum TabState {
    /** A program runs and its screen changed within the working window, or an agent shows its working line. */
    WORKING,
    /** The tab needs the user: an agent's approval or question dialog, a [y/N] or password prompt gone quiet. */
    WAITING,
    /** The shell is at its prompt, an agent at its input box, or a program sits quiet. */
    IDLE,
    /** The shell ended, with a status. */
    EXITED
}
