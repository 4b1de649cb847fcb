package dev.holdfast.app.control;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The tabs' activity as the control socket reports it. FX thread, cheap reads of what the window already holds. */
public interface ActivityView {
    ActivityView NONE = new ActivityView() {
        @Override
        public Optional<Clocks> clocks(UUID panelId) {
            return Optional.empty();
        }

        @Override
        public List<CardInfo> cards() {
            return List.of();
        }
    };

    /** A tab's state and clocks. */
    record Clocks(String state, Instant stateSince, Instant lastActivityAt) {
    }

    /** The tab's state and clocks, or empty before the watcher's first look at it. */
    Optional<Clocks> clocks(UUID panelId);

    /** Every tab's card, in the sidebar's order. */
    List<CardInfo> cards();
}
