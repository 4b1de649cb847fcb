package dev.holdfast.app.sidebar;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Which cards the sidebar lists, in which order. Pure.
 * <ul>
 *   <li>{@link SidebarSort#LAST_UPDATED}: by {@code lastActivityAt}, newest first; a tab not yet looked at (no card)
 *       after those that have one; ties in tab order, so equal times never swap places between two refreshes.</li>
 *   <li>{@link SidebarSort#TAB_ORDER}: as the tab strip.</li>
 *   <li>Recent: only tabs whose state changed within {@code recentWindow} (default 60 min) of now; a tab without a card
 *       yet has just opened, and counts as recent.</li>
 * </ul>
 */
public final class SidebarOrder {
    /** The Recent filter's window. */
    public static final Duration DEFAULT_RECENT_WINDOW = Duration.ofMinutes(60);

    private static final Comparator<SidebarEntry> BY_TAB = Comparator.comparingInt(SidebarEntry::tabIndex);
    private static final Comparator<SidebarEntry> BY_LAST_UPDATED = Comparator
            .comparing((SidebarEntry e) -> e.card() == null)
            .thenComparing((SidebarEntry e) -> e.card() == null ? Instant.MIN : e.card().lastActivityAt(),
                    Comparator.reverseOrder())
            .thenComparing(BY_TAB);

    private SidebarOrder() {
    }

    public static List<SidebarEntry> order(List<SidebarEntry> tabs, SidebarSort sort, boolean recentOnly, Instant now,
                                           Duration recentWindow) {
        Objects.requireNonNull(now, "now");
        Instant recentSince = now.minus(recentWindow);
        return tabs.stream()
                .filter(e -> !recentOnly || e.card() == null || !e.card().stateSince().isBefore(recentSince))
                .sorted(sort == SidebarSort.TAB_ORDER ? BY_TAB : BY_LAST_UPDATED)
                .toList();
    }
}
