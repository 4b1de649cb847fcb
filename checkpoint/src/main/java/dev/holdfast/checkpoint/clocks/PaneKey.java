package dev.holdfast.checkpoint.clocks;

import java.util.Objects;
import java.util.UUID;

/**
 * A pane's identity across restarts: the tab's panel id within the lineage of launches that restore one another's
 * session. A panel id alone would let a launch that started fresh (another Holdfast running, {@code --no-restore})
 * share rows with the lineage it does not continue.
 */
public record PaneKey(UUID panelId, UUID lineageId) {
    public PaneKey {
        Objects.requireNonNull(panelId, "panelId");
        Objects.requireNonNull(lineageId, "lineageId");
    }
}
