package dev.holdfast.app.sidebar;

import dev.holdfast.terminal.screen.TabCard;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * When the sidebar must look at the clock again: the first moment after now at which a listed card's "updated …"
 * text changes its wording, or (with the Recent filter on) a listed card's state leaves the recent window. Nothing
 * else the sidebar shows moves with time alone; a card that changes refreshes the list itself. Pure.
 */
final class SidebarTicks {
    private SidebarTicks() {
    }

    /**
     * @param listed the cards the sidebar lists now
     * @param recentCandidates the entries the Recent filter is applied to (empty when it is off)
     */
    static Optional<Instant> next(List<SidebarEntry> listed, List<SidebarEntry> recentCandidates, Instant now,
                                  Duration recentWindow) {
        Instant next = null;
        for (SidebarEntry entry : listed) {
            TabCard card = entry.card();
            if (card != null) {
                next = earlier(next, RelativeTime.nextChange(card.lastActivityAt(), now));
            }
        }
        for (SidebarEntry entry : recentCandidates) {
            TabCard card = entry.card();
            if (card != null) {
                Instant leaves = card.stateSince().plus(recentWindow);
                if (leaves.isAfter(now)) {
                    next = earlier(next, leaves);
                }
            }
        }
        return Optional.ofNullable(next);
    }

    private static Instant earlier(Instant a, Instant b) {
        return a == null || b.isBefore(a) ? b : a;
    }
}
