package dev.holdfast.checkpoint.clocks;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * One pane's clocks as {@code panes.sqlite} holds them: facts about the pane, written whole.
 *
 * @param fingerprint the fingerprint the pane's visible screen is known by (a hash, never the text)
 * @param fingerprintSince when that fingerprint first appeared: the pane's {@code lastActivityAt}
 * @param state the pane's state by name ({@code IDLE}, …)
 * @param stateSince when the pane entered it
 * @param cardJson the card made from that very screen, as JSON, or null (a card is only stored with the hash it
 *     was made from)
 * @param cardVersion the card's format version; set exactly when {@code cardJson} is
 * @param ownerLaunch the launch that wrote the row
 * @param updatedAt when it was written
 */
public record PaneClockRow(PaneKey key, String fingerprint, Instant fingerprintSince, String state,
                           Instant stateSince, String cardJson, Integer cardVersion, UUID ownerLaunch,
                           Instant updatedAt) {
    public PaneClockRow {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(fingerprintSince, "fingerprintSince");
        Objects.requireNonNull(stateSince, "stateSince");
        Objects.requireNonNull(ownerLaunch, "ownerLaunch");
        Objects.requireNonNull(updatedAt, "updatedAt");
        if (fingerprint == null || fingerprint.isBlank()) {
            throw new IllegalArgumentException("a pane clock row needs a fingerprint");
        }
        if (state == null || state.isBlank()) {
            throw new IllegalArgumentException("a pane clock row needs a state");
        }
        if ((cardJson == null) != (cardVersion == null)) {
            throw new IllegalArgumentException("a card is stored with its version, and a version only with a card");
        }
    }

    /**
     * True when {@code other} records the same facts: the same screen, state and card. What a conditional write
     * compares; the times follow from those.
     */
    public boolean sameFacts(PaneClockRow other) {
        return other != null && fingerprint.equals(other.fingerprint) && state.equals(other.state)
                && Objects.equals(cardJson, other.cardJson) && Objects.equals(cardVersion, other.cardVersion);
    }
}
