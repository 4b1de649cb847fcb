package dev.holdfast.terminal.shell;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A command the shell ran, as its integration marks told: from {@code 133;C} to {@code 133;D}.
 *
 * @param sequence counts the commands of one terminal, from 1: tells a new command from one already seen
 * @param commandLine the command as typed, or null when the shell did not report it (bash does not when the
 *     line was kept out of its history)
 * @param exitStatus the command's exit status, or null when the shell did not say
 * @param startedAt when it started
 * @param finishedAt when it ended, never before it started
 */
public record CommandRun(long sequence, String commandLine, Integer exitStatus, Instant startedAt, Instant finishedAt) {
    public CommandRun {
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(finishedAt, "finishedAt");
        if (finishedAt.isBefore(startedAt)) {
            finishedAt = startedAt;
        }
    }

    /** How long it ran. */
    public Duration duration() {
        return Duration.between(startedAt, finishedAt);
    }
}
