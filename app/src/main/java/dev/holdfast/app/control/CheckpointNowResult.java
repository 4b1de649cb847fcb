package dev.holdfast.app.control;

import java.util.Objects;

/**
 * What a {@code checkpoint-now} run did.
 *
 * @param terminals      terminals it planned to capture (changed since their last checkpoint, eligible)
 * @param written        checkpoints it wrote
 * @param skipped        planned terminals it did not reach (a key was pressed, or the time budget was spent)
 * @param failed         captures or writes that failed (those terminals stay pending)
 * @param ending         why it ended: completed, typing-resumed, budget-spent, abandoned, or not-started
 * @param durationMillis wall time from plan to the last file on disk, in milliseconds
 */
public record CheckpointNowResult(int terminals, int written, int skipped, int failed, String ending,
                                long durationMillis) {
    public CheckpointNowResult {
        Objects.requireNonNull(ending, "ending");
        if (terminals < 0 || written < 0 || skipped < 0 || failed < 0 || durationMillis < 0) {
            throw new IllegalArgumentException("checkpoint-now counts must not be negative: " + terminals + ", "
                    + written + ", " + skipped + ", " + failed + ", " + durationMillis);
        }
    }
}
