package dev.holdfast.checkpoint.clocks;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * How a restored pane's clocks start. Pure.
 * <ul>
 *   <li>When its stored row's fingerprint equals the fingerprint saved with the scrollback it came back with, the
 *       screen is the one the row describes: the stored clocks return, and the stored card when it is of the
 *       current card version.</li>
 *   <li>Otherwise (the screen changed after the last save and a crash lost that output; no row; no fingerprint
 *       saved; an unreadable database) {@code lastActivityAt} falls back to the last moment the previous launch
 *       was known alive (its last autosave or checkpoint), erring toward recent.</li>
 *   <li>No time is ever in the future: a stored time after now is clamped to now.</li>
 * </ul>
 */
public final class ClockSeeding {
    private ClockSeeding() {
    }

    /**
     * @param row the pane's preloaded row, if any
     * @param savedFingerprint the fingerprint saved with the pane's restored scrollback, if any
     * @param lastKnownAlive when the previous launch was last known alive; empty when unknown (then now)
     * @param cardVersion the card version this build makes
     */
    public static PaneSeed seed(Optional<PaneClockRow> row, Optional<String> savedFingerprint,
                                Optional<Instant> lastKnownAlive, Instant now, int cardVersion) {
        Objects.requireNonNull(now, "now");
        if (row.isPresent() && savedFingerprint.isPresent() && row.get().fingerprint().equals(savedFingerprint.get())) {
            PaneClockRow stored = row.get();
            boolean card = stored.cardJson() != null && stored.cardVersion() == cardVersion;
            return new PaneSeed.Restored(stored, clamp(stored.fingerprintSince(), now), clamp(stored.stateSince(), now),
                    card);
        }
        String reason = row.isEmpty() ? "no stored clocks"
                : savedFingerprint.isEmpty() ? "no fingerprint was saved with the scrollback"
                : "the screen changed after the last save";
        return new PaneSeed.Fallback(clamp(lastKnownAlive.orElse(now), now), reason);
    }

    static Instant clamp(Instant time, Instant now) {
        return time.isAfter(now) ? now : time;
    }
}
