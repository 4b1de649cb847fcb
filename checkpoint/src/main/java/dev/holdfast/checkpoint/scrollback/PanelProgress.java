package dev.holdfast.checkpoint.scrollback;

import java.time.Instant;

/**
 * Where one terminal's checkpointing stands. Owned by the coordinator on the UI thread; replaced, never changed,
 * and only when something changes, so planning allocates nothing for a terminal whose state stays the same.
 *
 * @param capturedGeneration the processed generation the last capture reflected, or {@link #NOT_CAPTURED} when
 *                           the terminal must be captured whatever its generation (its file was deleted, or
 *                           its last write failed)
 * @param pendingSince       when the coordinator first saw it pending since its last capture, or null
 * @param backoffUntil       it is left out until then after a slow or failed capture, or null
 */
record PanelProgress(long capturedGeneration, Instant pendingSince, Instant backoffUntil) {

    /** Never equal to a processed generation, which starts at 0. */
    static final long NOT_CAPTURED = -1;

    /** A terminal first seen: one that has printed nothing (generation 0) has nothing to save yet. */
    static final PanelProgress NEW = new PanelProgress(0, null, null);

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

    PanelProgress captured(long generation) {
        return new PanelProgress(generation, null, backoffUntil);
    }

    PanelProgress pendingAgain(Instant now) {
        return new PanelProgress(NOT_CAPTURED, pendingSince != null ? pendingSince : now, backoffUntil);
    }

    PanelProgress pendingFrom(Instant since) {
        return new PanelProgress(capturedGeneration, since, backoffUntil);
    }

    PanelProgress backedOffUntil(Instant until) {
        return new PanelProgress(capturedGeneration, pendingSince, until);
    }
}
