package dev.holdfast.checkpoint.clocks;

import java.time.Instant;
import java.util.Objects;

/** What a restored pane's clocks start from ({@link ClockSeeding}). */
public sealed interface PaneSeed {

    /**
     * The stored row describes the screen the pane came back with: its clocks (clamped to now) and, when
     * {@code cardRestored}, its card return as though just read.
     */
    record Restored(PaneClockRow row, Instant lastActivityAt, Instant stateSince, boolean cardRestored)
            implements PaneSeed {
        public Restored {
            Objects.requireNonNull(row, "row");
            Objects.requireNonNull(lastActivityAt, "lastActivityAt");
            Objects.requireNonNull(stateSince, "stateSince");
        }
    }

    /**
     * No usable row: the clocks start at the last moment the previous launch was known alive (clamped to now).
     *
     * @param reason why, for the log
     */
    record Fallback(Instant lastActivityAt, String reason) implements PaneSeed {
        public Fallback {
            Objects.requireNonNull(lastActivityAt, "lastActivityAt");
            Objects.requireNonNull(reason, "reason");
        }
    }
}
