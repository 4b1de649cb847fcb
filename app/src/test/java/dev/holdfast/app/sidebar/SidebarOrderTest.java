package dev.holdfast.app.sidebar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.holdfast.terminal.screen.ActivityLog;
import dev.holdfast.terminal.screen.ProgramKind;
import dev.holdfast.terminal.screen.TabCard;
import dev.holdfast.terminal.screen.TabState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SidebarOrderTest {
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final Duration HOUR = SidebarOrder.DEFAULT_RECENT_WINDOW;

    private static SidebarEntry tab(int index, Instant lastActivity, Instant stateSince) {
        TabCard card = new TabCard(TabCard.CURRENT_VERSION, "t" + index, "/", "bash", ProgramKind.SHELL, TabState.IDLE,
                stateSince, lastActivity, null, null, null, ActivityLog.EMPTY);
        return new SidebarEntry(new UUID(0, index), index, "t" + index, card);
    }

    private static List<Integer> indexes(List<SidebarEntry> entries) {
        return entries.stream().map(SidebarEntry::tabIndex).toList();
    }

    @Test
    void lastUpdatedPutsTheNewestChangeFirstAndTabsWithoutACardLast() {
        List<SidebarEntry> tabs = List.of(tab(0, NOW.minusSeconds(300), NOW), tab(1, NOW.minusSeconds(5), NOW),
                new SidebarEntry(new UUID(0, 2), 2, "new", null), tab(3, NOW.minusSeconds(60), NOW));

        assertEquals(List.of(1, 3, 0, 2), indexes(SidebarOrder.order(tabs, SidebarSort.LAST_UPDATED, false, NOW, HOUR)));
    }

    @Test
    void equalTimesKeepTabOrderSoNothingSwapsBetweenRefreshes() {
        Instant same = NOW.minusSeconds(30);
        List<SidebarEntry> tabs = List.of(tab(2, same, NOW), tab(0, same, NOW), tab(1, same, NOW));

        assertEquals(List.of(0, 1, 2), indexes(SidebarOrder.order(tabs, SidebarSort.LAST_UPDATED, false, NOW, HOUR)));
    }

    @Test
    void tabOrderIsTheStripsOrder() {
        List<SidebarEntry> tabs = List.of(tab(1, NOW, NOW), tab(0, NOW.minusSeconds(999), NOW));

        assertEquals(List.of(0, 1), indexes(SidebarOrder.order(tabs, SidebarSort.TAB_ORDER, false, NOW, HOUR)));
    }

    @Test
    void recentKeepsTabsWhoseStateChangedWithinTheWindow() {
        List<SidebarEntry> tabs = List.of(tab(0, NOW, NOW.minus(HOUR).minusSeconds(1)), tab(1, NOW, NOW.minus(HOUR)),
                new SidebarEntry(new UUID(0, 2), 2, "new", null));

        assertEquals(List.of(1, 2), indexes(SidebarOrder.order(tabs, SidebarSort.TAB_ORDER, true, NOW, HOUR)),
                "by state-since, not by last activity; a tab just opened counts as recent");
    }
}
