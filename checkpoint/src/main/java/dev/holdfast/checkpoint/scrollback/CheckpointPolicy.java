package dev.holdfast.checkpoint.scrollback;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * When a checkpoint runs, which terminals are due, and how much UI-thread time it may take. Pure: the caller
 * supplies the instants.
 *
 * <p>The interval is per terminal and is the age no checkpoint should pass: a checkpoint may run on any autosave
 * tick once the keyboard has been quiet, and it captures a pending terminal at the last tick before its capture
 * would be an interval old (an interval less one tick after it). So every terminal with new output reaches the
 * disk within about one interval, however many terminals are busy — where one checkpoint per interval for the
 * whole window, three terminals each, left ten busy tabs minutes behind, and a terminal due only once its capture
 * was a whole interval old waited for the next tick on top, up to 68 s.
 *
 * <p>How many captures a checkpoint takes follows what they cost, measured on the captures themselves: the
 * reference allowed three exports in 50 ms, that is 50 ms / 3 per capture. A checkpoint takes its first captures
 * within the whole budget, and a further one only while its captures so far averaged less than that share. Cheap
 * incremental captures therefore cover every due terminal in one checkpoint (twenty tabs, twenty captures), and
 * expensive ones fall back to the reference's bounds: at most three, at most about 50 ms.
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

    /**
     * How old a terminal's last capture must be for this checkpoint to take it again: an interval less one autosave
     * tick, so that it is taken at the last tick before its capture would be an interval old (captured at a tick
     * at 0 s, it is taken again at 56 s, never 64 s). Nothing for a forced checkpoint.
     */
    public Duration dueAfter(Trigger trigger) {
        if (trigger == Trigger.FORCED) {
            return Duration.ZERO;
        }
        Duration lead = settings.checkpointInterval().minus(settings.autosaveInterval());
        return lead.isNegative() ? Duration.ZERO : lead;
    }

    /** Whether this checkpoint also prunes the files of closed tabs: at most once per interval. */
    public boolean isPruneDue(Trigger trigger, Instant now, Instant lastPruneAt) {
        return trigger == Trigger.FORCED || atLeastAgo(lastPruneAt, now, settings.checkpointInterval());
    }

    /**
     * Whether a checkpoint that has taken {@code taken} captures, which cost {@code captureNanos} of UI-thread time
     * together, may take one more. The first always; then while the time is under the whole budget (the reference's
     * rule, which alone allows about three), or under {@code taken} shares of {@code captureBudget /
     * maxCapturesPerCheckpoint} (its captures are cheap: on average no dearer than the reference allowed each).
     */
    public boolean mayTakeAnother(int taken, long captureNanos) {
        if (taken <= 0) {
            return true;
        }
        long budget = settings.captureBudget().toNanos();
        long earned = taken * (budget / settings.maxCapturesPerCheckpoint());
        return captureNanos < Math.max(budget, earned);
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
