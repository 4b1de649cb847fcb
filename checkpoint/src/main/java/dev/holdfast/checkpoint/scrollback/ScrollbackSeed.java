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
 */
public record ScrollbackSeed(UUID panelId, String scrollback, Instant capturedAt, boolean agent) {

    public ScrollbackSeed {
        Objects.requireNonNull(panelId, "panelId");
        Objects.requireNonNull(scrollback, "scrollback");
        Objects.requireNonNull(capturedAt, "capturedAt");
    }
}
