package dev.holdfast.checkpoint.scrollback;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * What one checkpoint did: its report, kept as the last one in the stats and handed to the observer.
 *
 * @param startedAt   when it was planned
 * @param trigger     the autosave timer or a command
 * @param planned     candidates chosen
 * @param captured    captures taken (each then written or failed)
 * @param written     files written
 * @param failed      captures that threw, and captures whose formatting or writing failed
 * @param skipped     candidates left pending without a capture: stopped early, closed, or no longer eligible
 * @param ending      why it ended
 * @param captureTime UI-thread time spent in captures, as {@link CheckpointRuntime#uiTime()} counts it (CPU time)
 * @param duration    from the plan to the last write acknowledged on the UI thread
 */
public record CheckpointReport(
        Instant startedAt,
        CheckpointPolicy.Trigger trigger,
        int planned,
        int captured,
        int written,
        int failed,
        int skipped,
        Ending ending,
        Duration captureTime,
        Duration duration) {

    /** Why a checkpoint ended. */
    public enum Ending {
        /** Every candidate was attempted. */
        COMPLETED,
        /** A key was pressed; the rest stay pending. */
        TYPING_RESUMED,
        /** The UI-thread capture budget was spent; the rest stay pending. */
        BUDGET_SPENT,
        /** A quit or a restore began: its files were deleted, its terminals left pending. */
        ABANDONED
    }

    public CheckpointReport {
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(trigger, "trigger");
        Objects.requireNonNull(ending, "ending");
        Objects.requireNonNull(captureTime, "captureTime");
        Objects.requireNonNull(duration, "duration");
    }
}
