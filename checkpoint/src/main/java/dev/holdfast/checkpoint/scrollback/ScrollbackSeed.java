package dev.holdfast.checkpoint.scrollback;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * Scrollback restored after an unclean exit, to be written back as a checkpoint of this launch so that a
 * second crash before the panel's next capture loses nothing.
 *
 * @param capturedAt when the restored text was captured in the launch before, so its age stays true
 * @param agent      whether the checkpoint it came from was an agent terminal's
 * @param screenFingerprint the fingerprint saved with the restored text, kept in the seed's record so that two
 *                   crashes in a row still find the pane clocks' row; null when none was saved
 */
public record ScrollbackSeed(UUID panelId, String scrollback, Instant capturedAt, boolean agent,
                             String screenFingerprint) {

    public ScrollbackSeed {
        Objects.requireNonNull(panelId, "panelId");
        Objects.requireNonNull(scrollback, "scrollback");
        Objects.requireNonNull(capturedAt, "capturedAt");
    }

    /** A seed without a screen fingerprint. */
    public ScrollbackSeed(UUID panelId, String scrollback, Instant capturedAt, boolean agent) {
        this(panelId, scrollback, capturedAt, agent, null);
    }
}
