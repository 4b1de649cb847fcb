package dev.holdfast.checkpoint.scrollback;

import java.time.Instant;
import java.util.Objects;

/** Where a restored tab's scrollback came from, so the tab can say how old it is. */
public sealed interface RestoreSource {

    /** The session snapshot saved with scrollback (quit, power-off, update relaunch). */
    record CleanQuitSnapshot(Instant capturedAt) implements RestoreSource {
        public CleanQuitSnapshot {
            Objects.requireNonNull(capturedAt, "capturedAt");
        }
    }

    /**
     * A checkpoint of the launch that ended uncleanly: "restored from a checkpoint taken 42 s before the crash",
     * measured against the snapshot's {@code createdAt}, the last autosave before the crash.
     *
     * @param agent a coding agent ran in the tab; replay may choose not to show this text
     */
    record Checkpoint(Instant capturedAt, boolean agent) implements RestoreSource {
        public Checkpoint {
            Objects.requireNonNull(capturedAt, "capturedAt");
        }
    }

    /** No scrollback: none was saved, the snapshot deliberately omitted it, or the user opted out. */
    record None() implements RestoreSource {
    }
}
