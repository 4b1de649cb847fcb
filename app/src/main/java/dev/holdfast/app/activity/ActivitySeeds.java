package dev.holdfast.app.activity;

import dev.holdfast.checkpoint.clocks.PaneSeed;
import dev.holdfast.terminal.screen.ActivitySeed;
import dev.holdfast.terminal.screen.TabCard;
import dev.holdfast.terminal.screen.TabState;
import dev.holdfast.terminal.screen.VisibleScreenFingerprint;

/**
 * Turns what the pane clock store decided for a restored tab ({@code ClockSeeding}) into what its activity starts
 * from. A stored row that does not read as this build's values (an unknown state, a malformed hash) is treated as no
 * row: the tab falls back, which is never worse than having no database.
 */
final class ActivitySeeds {
    private ActivitySeeds() {
    }

    /** @param lastKnownAlive the fallback time, when the stored row turns out unreadable */
    static ActivitySeed of(PaneSeed seed, java.time.Instant lastKnownAlive, TabCardJson cards) {
        if (seed instanceof PaneSeed.Restored restored) {
            try {
                TabState state = TabState.valueOf(restored.row().state());
                VisibleScreenFingerprint fingerprint = new VisibleScreenFingerprint(restored.row().fingerprint());
                TabCard card = restored.cardRestored() ? cards.decode(restored.row().cardJson()).orElse(null) : null;
                return new ActivitySeed.Restored(fingerprint, restored.lastActivityAt(), state, restored.stateSince(),
                        card);
            } catch (IllegalArgumentException unreadable) {
                return new ActivitySeed.Fallback(lastKnownAlive);
            }
        }
        PaneSeed.Fallback fallback = (PaneSeed.Fallback) seed;
        return new ActivitySeed.Fallback(fallback.lastActivityAt());
    }
}
