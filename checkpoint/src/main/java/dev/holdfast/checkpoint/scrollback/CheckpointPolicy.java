package dev.holdfast.checkpoint.scrollback;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * When a checkpoint runs, which terminals are due, and how much UI-thread time it may take. Pure: the caller
 * supplies the instants.
 *
 * <p>The interval is per terminal: a checkpoint may run on any autosave tick once the keyboard has been quiet,
 * and it captures a pending terminal whose last capture is at least one interval old. So every terminal with new
 * output reaches the disk within about one interval and a tick, however many terminals are busy — where one
 * checkpoint per interval for the whole window, three terminals each, left ten busy tabs minutes behind.
 *
 * <p>A forced checkpoint (the {@code checkpoint-now} command) skips only the two waits that exist for comfort,
 * the interval and typing-quiet. The bounds that protect the UI thread — the capture cap, the time budget,
 * stopping when a key is pressed — hold for it too.
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
     * Whether the keyboard lets a checkpoint start now.
     *
     * @param lastKeystrokeAt when a key was last pressed in any Holdfast window, or null when none was
     */
    public boolean isTypingQuiet(Trigger trigger, Instant now, Instant lastKeystrokeAt) {
        Objects.requireNonNull(trigger, "trigger");
        Objects.requireNonNull(now, "now");
        return trigger == Trigger.FORCED || atLeastAgo(lastKeystrokeAt, now, settings.typingQuiet());
    }

    /** How long after its last capture a terminal is due again. */
    public Duration captureInterval(Trigger trigger) {
        return trigger == Trigger.FORCED ? Duration.ZERO : settings.checkpointInterval();
    }

    /** Whether this checkpoint also prunes the files of closed tabs: at most once per interval. */
    public boolean isPruneDue(Trigger trigger, Instant now, Instant lastPruneAt) {
        return trigger == Trigger.FORCED || atLeastAgo(lastPruneAt, now, settings.checkpointInterval());
    }

    /** At most this many captures per checkpoint. */
    public int maxCaptures() {
        return settings.maxCapturesPerCheckpoint();
    }

    /** Whether a checkpoint that has spent this much UI-thread capture time must take no further capture. */
    public boolean isBudgetSpent(long captureNanos) {
        return captureNanos >= settings.captureBudget().toNanos();
    }

    /** Whether one capture took more than the whole budget (counted and logged, not punished). */
    public boolean isSlow(long captureNanos) {
        return captureNanos > settings.captureBudget().toNanos();
    }

    /** Until when a terminal whose capture failed at {@code now} is left out. */
    public Instant backoffUntil(Instant now) {
        return now.plus(settings.failedCaptureBackoff());
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
