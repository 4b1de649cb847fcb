package dev.holdfast.app.control;

/**
 * What a {@code checkpoint-now} run did.
 *
 * @param terminals      terminals the run looked at
 * @param written        checkpoints it wrote
 * @param skipped        terminals it left alone (unchanged since their last checkpoint, over budget, or not persisted)
 * @param bytesWritten   bytes written to checkpoint files
 * @param durationMillis wall time of the run, in milliseconds
 */
public record CheckpointSummary(int terminals, int written, int skipped, long bytesWritten, long durationMillis) {
    public CheckpointSummary {
        if (terminals < 0 || written < 0 || skipped < 0 || bytesWritten < 0 || durationMillis < 0) {
            throw new IllegalArgumentException("checkpoint summary counts must not be negative: " + terminals + ", "
                    + written + ", " + skipped + ", " + bytesWritten + ", " + durationMillis);
        }
    }
}
