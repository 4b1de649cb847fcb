package dev.holdfast.checkpoint.scrollback;

import java.util.UUID;

/** Hears what a checkpoint does. Every method has a no-op default; the coordinator calls them on the UI thread. */
public interface CheckpointObserver {

    /** Hears nothing. */
    CheckpointObserver NONE = new CheckpointObserver() {
    };

    /**
     * A capture has read the panel's processed generation and is about to copy its lines. Output the terminal
     * processes from now on must stay pending: the interleaving test injects output exactly here, through the
     * production capture path, so that reading the generation after the copy would fail it.
     */
    default void generationRead(UUID panelId, long generation) {
    }

    /** A record of this launch for the panel reached the disk (a capture or a seed). */
    default void written(UUID panelId) {
    }

    /** A capture or seed of the panel could not be formatted or written; it stays pending. */
    default void writeFailed(UUID panelId, String reason) {
    }

    /**
     * Every tab this launch restored has its scrollback on disk as this launch's own record: the checkpoints it
     * inherited from earlier launches are no longer needed, and its sentinel may say so.
     */
    default void tookOver() {
    }

    /**
     * A checkpoint ended: every capture it took is written or failed, or it stopped early, or it was abandoned
     * for a quit or a restore. The {@code checkpoint-now} command answers from here.
     */
    default void finished(CheckpointReport report) {
    }
}
