package dev.holdfast.checkpoint.scrollback;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * When a checkpoint runs and how much UI-thread time it may take. Pure: the caller supplies the instants.
 *
 * <p>A forced checkpoint (the {@code checkpoint-now} command) skips only the two waits that exist for comfort,
 * the interval and typing-quiet. The bounds that protect the UI thread — the capture cap, the time budget,
 * the slow-capture backoff, stopping when a key is pressed — hold for it too.
 */
public final class CheckpointPolicy {

    /** What asked for a checkpoint. */
    public enum Trigger {
        /** The session autosave timer. */
        AUTOSAVE,
        /** A command asked for one now. */
        FORCED
    }

    private final CheckpointSettings settings;

    public CheckpointPolicy(CheckpointSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /**
     * Whether a checkpoint should start now.
     *
     * @param lastCheckpointAt when the last checkpoint started, or null when none has in this launch
     * @param lastKeystrokeAt  when a key was last pressed in any Holdfast window, or null when none was
     */
    public boolean isDue(Trigger trigger, Instant now, Instant lastCheckpointAt, Instant lastKeystrokeAt) {
        Objects.requireNonNull(trigger, "trigger");
        Objects.requireNonNull(now, "now");
        if (!settings.enabled()) {
            return false;
        }
        if (trigger == Trigger.FORCED) {
            return true;
        }
        return atLeastAgo(lastCheckpointAt, now, settings.checkpointInterval())
                && atLeastAgo(lastKeystrokeAt, now, settings.typingQuiet());
    }

    /** At most this many captures per checkpoint. */
    public int maxCaptures() {
        return settings.maxCapturesPerCheckpoint();
    }

    /** Whether a checkpoint that has spent this much UI-thread capture time must take no further capture. */
    public boolean isBudgetSpent(long captureNanos) {
        return captureNanos >= settings.captureBudget().toNanos();
    }

    /** Whether one capture took so long that its terminal is left out for a while. */
    public boolean isSlow(long captureNanos) {
        return captureNanos > settings.captureBudget().toNanos();
    }

    /** Until when a terminal whose capture was slow or failed at {@code now} is left out. */
    public Instant backoffUntil(Instant now) {
        return now.plus(settings.slowCaptureBackoff());
    }

    /**
     * Whether {@code since} lies at least {@code wait} before {@code now}. An instant after {@code now} means
     * the wall clock was set back: counting from it would stall checkpoints for as long as the clock jumped, so
     * it counts as long ago.
     */
    private static boolean atLeastAgo(Instant since, Instant now, Duration wait) {
        if (since == null || since.isAfter(now)) {
            return true;
        }
        return Duration.between(since, now).compareTo(wait) >= 0;
    }
}
