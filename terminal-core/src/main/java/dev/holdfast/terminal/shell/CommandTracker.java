package dev.holdfast.terminal.shell;

import dev.holdfast.terminal.stream.ShellMark;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Objects;

/**
 * Turns a terminal's shell marks into its {@link ShellStatus}: the phase, the command that runs, the last
 * commands with their exit status and duration, and the working directory. Pure: marks and an injected clock
 * in, a status out. Not thread-safe: the terminal's reader thread owns it.
 *
 * <p>A {@code 133;D} counts as the end of a command only after a {@code 133;C}: shells send D at every prompt
 * (an empty line, Ctrl+C while typing), and those are not commands.
 */
public final class CommandTracker {
    /** How many finished commands a status keeps: as many as a card's activity log holds. */
    public static final int RECENT_COMMANDS = 20;

    private final Clock clock;
    private final ArrayDeque<CommandRun> recent = new ArrayDeque<>(RECENT_COMMANDS);
    private boolean integrated;
    private ShellPhase phase = ShellPhase.UNKNOWN;
    private String runningCommand;
    private Instant runningSince;
    private long sequence;
    private String host;
    private String directory;
    private ShellStatus status = ShellStatus.NONE;

    public CommandTracker(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Applies {@code mark}; returns the status after it. */
    public ShellStatus apply(ShellMark mark) {
        Instant now = clock.instant();
        if (mark instanceof ShellMark.PromptStarted) {
            integrated = true;
            phase = ShellPhase.PROMPT;
            runningCommand = null;
            runningSince = null;
        } else if (mark instanceof ShellMark.InputStarted) {
            integrated = true;
            phase = ShellPhase.INPUT;
        } else if (mark instanceof ShellMark.CommandStarted started) {
            phase = ShellPhase.RUNNING;
            runningCommand = started.commandLine();
            runningSince = now;
        } else if (mark instanceof ShellMark.CommandFinished finished) {
            if (phase == ShellPhase.RUNNING) {
                if (recent.size() == RECENT_COMMANDS) {
                    recent.removeFirst();
                }
                recent.addLast(new CommandRun(++sequence, runningCommand, finished.exitStatus(), runningSince, now));
            }
            phase = integrated ? ShellPhase.PROMPT : ShellPhase.UNKNOWN;
            runningCommand = null;
            runningSince = null;
        } else if (mark instanceof ShellMark.WorkingDirectory cwd) {
            host = cwd.host();
            directory = cwd.path();
        }
        status = new ShellStatus(integrated, phase, runningCommand, runningSince, List.copyOf(recent), host, directory);
        return status;
    }

    public ShellStatus status() {
        return status;
    }
}
