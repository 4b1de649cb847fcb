package dev.holdfast.checkpoint.scrollback;

import java.time.Duration;
import java.time.Instant;

/**
 * Where one terminal's checkpointing stands. Owned by the coordinator on the UI thread; replaced, never changed,
 * and only when something changes, so planning allocates nothing for a terminal whose state stays the same.
 *
 * @param capturedGeneration the processed generation the last capture reflected, or {@link #NOT_CAPTURED} when
 *                           the terminal must be captured whatever its generation (its file was deleted, or
 *                           its last write failed)
 * @param capturedAt         when it was last captured, or null when it should be captured at the first chance
 * @param pendingSince       when the coordinator first saw it pending since its last capture, or null
 * @param backoffUntil       it is left out until then after a failed capture, or null
 * @param continuation       where its last capture that reached the disk ended, for an incremental capture next;
 *                           null when the next capture must copy the whole tail
 */
record PanelProgress(long capturedGeneration, Instant capturedAt, Instant pendingSince, Instant backoffUntil,
                     ScrollbackSource.Continuation continuation) {

    /** Never equal to a processed generation, which starts at 0. */
    static final long NOT_CAPTURED = -1;

    /** A terminal first seen: one that has printed nothing (generation 0) has nothing to save yet. */
    static final PanelProgress NEW = new PanelProgress(0, null, null, null, null);

    PanelProgress {
        if (capturedGeneration < NOT_CAPTURED) {
            throw new IllegalArgumentException("capturedGeneration " + capturedGeneration + " is not a generation");
        }
    }

    static PanelProgress orNew(PanelProgress progress) {
        return progress == null ? NEW : progress;
    }

    boolean isPending(long processedGeneration) {
        return processedGeneration != capturedGeneration;
    }

    boolean inBackoff(Instant now) {
        return backoffUntil != null && now.isBefore(backoffUntil);
    }

    /**
     * Whether its last capture is at least {@code interval} ago. A capture dated after {@code now} means the wall
     * clock was set back: counting from it would stall the terminal for as long as the clock jumped.
     */
    boolean isDue(Instant now, Duration interval) {
        if (capturedAt == null || capturedAt.isAfter(now)) {
            return true;
        }
        // Compared field by field: planning runs over every terminal on every tick, and an Instant per terminal
        // (capturedAt.plus(interval)) was its only allocation.
        long seconds = now.getEpochSecond() - capturedAt.getEpochSecond();
        long nanos = now.getNano() - capturedAt.getNano();
        if (nanos < 0) {
            seconds--;
            nanos += 1_000_000_000L;
        }
        return seconds > interval.getSeconds() || (seconds == interval.getSeconds() && nanos >= interval.getNano());
    }

    PanelProgress captured(long generation, Instant at) {
        return new PanelProgress(generation, at, null, backoffUntil, null);
    }

    /** Its capture reached the disk: the next one may continue from where it ended. */
    PanelProgress continuingFrom(ScrollbackSource.Continuation next) {
        return new PanelProgress(capturedGeneration, capturedAt, pendingSince, backoffUntil, next);
    }

    /** Its last write failed: captured again, whole, once its interval has passed. */
    PanelProgress pendingAgain(Instant now) {
        return new PanelProgress(NOT_CAPTURED, capturedAt, pendingSince != null ? pendingSince : now, backoffUntil,
                null);
    }

    /** Its file is gone (deleted, pruned): captured again, whole, at the first chance. */
    PanelProgress forgotten(Instant now) {
        return new PanelProgress(NOT_CAPTURED, null, pendingSince != null ? pendingSince : now, backoffUntil, null);
    }

    PanelProgress pendingFrom(Instant since) {
        return new PanelProgress(capturedGeneration, capturedAt, since, backoffUntil, continuation);
    }

    PanelProgress backedOffUntil(Instant until) {
        return new PanelProgress(capturedGeneration, capturedAt, pendingSince, until, continuation);
    }
}
