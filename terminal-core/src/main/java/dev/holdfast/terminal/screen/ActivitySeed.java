package dev.holdfast.terminal.screen;

import java.time.Instant;
import java.util.Objects;

/** What a tab's clocks and card start from. */
public sealed interface ActivitySeed {

    /** A new tab: its clocks start at its creation. */
    record Fresh(Instant createdAt) implements ActivitySeed {
        public Fresh {
            Objects.requireNonNull(createdAt, "createdAt");
        }
    }

    /**
     * A restored tab whose stored fingerprint equals the one saved with the scrollback it came back with: its
     * screen is the one the clocks describe, so they and the card return as stored, and the restored screen (text,
     * separator, new prompt) is known by that fingerprint until it really changes.
     *
     * @param card the stored card, or null when none was stored for that screen
     */
    record Restored(VisibleScreenFingerprint fingerprint, Instant lastActivityAt, TabState state, Instant stateSince,
                    TabCard card) implements ActivitySeed {
        public Restored {
            Objects.requireNonNull(fingerprint, "fingerprint");
            Objects.requireNonNull(lastActivityAt, "lastActivityAt");
            Objects.requireNonNull(state, "state");
            Objects.requireNonNull(stateSince, "stateSince");
        }
    }

    /**
     * A restored tab without a usable stored row (none, another screen, an unreadable database): what it showed
     * may have changed after the last save, so its clocks start at the last moment the previous launch was known
     * alive, erring toward recent.
     */
    record Fallback(Instant lastKnownAlive) implements ActivitySeed {
        public Fallback {
            Objects.requireNonNull(lastKnownAlive, "lastKnownAlive");
        }
    }
}
