package dev.holdfast.checkpoint.scrollback;

/** What asking for a checkpoint did. */
public enum CheckpointStart {
    /** A checkpoint was planned; its captures follow on later UI turns. */
    STARTED,
    /** Within the interval since the last one, or the user typed too recently. */
    NOT_DUE,
    /** The previous checkpoint is still capturing or waiting for its writes. */
    BUSY,
    /** Checkpoints are off in this launch. */
    DISABLED
}
