package dev.holdfast.checkpoint.scrollback;

import java.util.UUID;

/** Hears what a checkpoint does. Every method has a no-op default; the coordinator calls them on the UI thread. */
public interface CheckpointObserver {

    /** Hears nothing. */
    CheckpointObserver NONE = new CheckpointObserver() {
    };

    /**
     * A capture copied the panel's lines and the coordinator is about to record {@code generation} — the one it
     * read before the copy — as captured. Output the terminal processes from now on must stay pending; the
     * interleaving test injects output exactly here, through the production capture path.
     */
    default void copied(UUID panelId, long generation) {
    }

    /**
     * A checkpoint ended: every capture it took is written or failed, or it stopped early, or it was abandoned
     * for a quit or a restore. The {@code checkpoint-now} command answers from here.
     */
    default void finished(CheckpointSummary summary) {
    }
}
