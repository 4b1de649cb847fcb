package dev.holdfast.terminal.shell;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What a terminal's shell integration has reported so far, as one immutable value (published by the reader
 * thread, read by anyone without a lock).
 *
 * @param integrated a prompt mark has arrived since the shell started: {@link #phase} is then exact
 * @param phase where the shell is
 * @param runningCommand while {@link ShellPhase#RUNNING}: the command line, when reported; else null
 * @param runningSince while {@link ShellPhase#RUNNING}: when the command started; else null
 * @param recentCommands the last finished commands, oldest first, at most {@link CommandTracker#RECENT_COMMANDS}
 * @param directoryHost the host of the last OSC 7 report ("" when it named none), or null before one
 * @param directory the path of the last OSC 7 report, or null before one
 */
public record ShellStatus(boolean integrated, ShellPhase phase, String runningCommand, Instant runningSince,
                          List<CommandRun> recentCommands, String directoryHost, String directory) {

    /** A shell that has reported nothing. */
    public static final ShellStatus NONE = new ShellStatus(false, ShellPhase.UNKNOWN, null, null, List.of(), null, null);

    public ShellStatus {
        Objects.requireNonNull(phase, "phase");
        recentCommands = List.copyOf(recentCommands);
    }

    /** The last command that finished, or null. */
    public CommandRun lastCommand() {
        return recentCommands.isEmpty() ? null : recentCommands.get(recentCommands.size() - 1);
    }

    /** True when the marks say the shell waits at its prompt (drawing it, or for input). */
    public boolean atPrompt() {
        return integrated && (phase == ShellPhase.PROMPT || phase == ShellPhase.INPUT);
    }
}
