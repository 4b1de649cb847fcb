package dev.holdfast.checkpoint.scrollback;

/** What asking for a checkpoint did. */
public enum CheckpointStart {
    /** A checkpoint was planned; its captures follow on later UI turns. */
    STARTED,
    /** No terminal is due, or the user typed too recently. */
    NOT_DUE,
    /** The previous checkpoint is still capturing or waiting for its writes. */
    BUSY,
    /** Writes wait for this launch's sentinel ({@link CheckpointCoordinator#holdWrites}). */
    HELD,
    /** Checkpoints are off in this launch. */
    DISABLED
}
