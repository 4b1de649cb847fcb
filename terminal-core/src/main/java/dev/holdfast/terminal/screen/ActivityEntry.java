package dev.holdfast.terminal.screen;

import dev.holdfast.terminal.shell.CommandRun;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Objects;

/**
 * One line of a card's activity log: the tab entered a state, or a command finished. Exactly one of
 * {@code state} and {@code command} is set.
 *
 * @param question with a {@link TabState#WAITING} entry: what the tab asked
 */
public record ActivityEntry(Instant at, TabState state, String question, CommandRun command) {
    /** What an entry costs in the log's size budget besides its text: its time and kind. */
    static final int OVERHEAD_BYTES = 64;

    public ActivityEntry {
        Objects.requireNonNull(at, "at");
        if ((state == null) == (command == null)) {
            throw new IllegalArgumentException("an activity entry is a state change or a command");
        }
        if (state != TabState.WAITING) {
            question = null;
        }
    }

    public static ActivityEntry entered(Instant at, TabState state, String question) {
        return new ActivityEntry(at, state, question, null);
    }

    public static ActivityEntry finished(CommandRun command) {
        return new ActivityEntry(command.finishedAt(), null, null, command);
    }

    /** The entry's size in the log's budget: its text in UTF-8 plus {@link #OVERHEAD_BYTES}. */
    int estimatedBytes() {
        int text = 0;
        if (question != null) {
            text += question.getBytes(StandardCharsets.UTF_8).length;
        }
        if (command != null && command.commandLine() != null) {
            text += command.commandLine().getBytes(StandardCharsets.UTF_8).length;
        }
        return OVERHEAD_BYTES + text;
    }
}
