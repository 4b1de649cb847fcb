package dev.holdfast.terminal.screen;

import java.time.Instant;
import java.util.Objects;

/**
 * A tab's two clocks.
 *
 * @param lastActivityAt the last time its visible screen really changed ("Last updated")
 * @param state its state, or null before the first look judged one
 * @param stateSince when it entered {@code state} (before the first look: the time its first state will be given)
 */
public record TabClocks(Instant lastActivityAt, TabState state, Instant stateSince) {
    public TabClocks {
        Objects.requireNonNull(lastActivityAt, "lastActivityAt");
        Objects.requireNonNull(stateSince, "stateSince");
    }
}
