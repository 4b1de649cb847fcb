package dev.holdfast.terminal.replay;

import java.util.Objects;
import java.util.Optional;

/**
 * A restored scrollback's replay in two parts (from {@link InertReplay#beginSplit}): {@code screen}, fed now in
 * bounded steps, brings back the last screen and the rows it scrolls into the history; {@code history}, when the
 * text was long enough to split, puts the older rows above them afterwards. Without it, {@code screen} is the
 * whole text.
 */
public record SplitReplay(PendingReplay screen, Optional<DeferredHistory> history) {
    public SplitReplay {
        Objects.requireNonNull(screen, "screen");
        Objects.requireNonNull(history, "history");
    }
}
