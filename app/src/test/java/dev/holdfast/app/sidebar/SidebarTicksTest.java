package dev.holdfast.app.sidebar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.holdfast.terminal.screen.ActivityLog;
import dev.holdfast.terminal.screen.ProgramKind;
import dev.holdfast.terminal.screen.TabCard;
import dev.holdfast.terminal.screen.TabState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SidebarTicksTest {
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final Duration HOUR = Duration.ofMinutes(60);

    private static SidebarEntry entry(int i, Instant stateSince, Instant lastActivity) {
        return new SidebarEntry(new UUID(0, i), i, "tab" + i, new TabCard(TabCard.CURRENT_VERSION, "tab" + i, "/",
                "bash", ProgramKind.SHELL, TabState.IDLE, stateSince, lastActivity, null, null, null,
                ActivityLog.EMPTY));
    }

    @Test
    void quietCardsAreLookedAtWhenTheirMinuteTurnsNotEverySecond() {
        List<SidebarEntry> cards = List.of(entry(0, NOW.minusSeconds(7200), NOW.minusSeconds(5 * 60 + 20)),
                entry(1, NOW.minusSeconds(7200), NOW.minusSeconds(3 * 3600)));
        assertEquals(Optional.of(NOW.plusSeconds(40)), SidebarTicks.next(cards, List.of(), NOW, HOUR));
    }

    @Test
    void aCardSecondsOldIsLookedAtEverySecond() {
        List<SidebarEntry> cards = List.of(entry(0, NOW.minusSeconds(7200), NOW.minusSeconds(5 * 60)),
                entry(1, NOW.minusSeconds(7200), NOW.minusSeconds(25)));
        assertEquals(Optional.of(NOW.plusSeconds(1)), SidebarTicks.next(cards, List.of(), NOW, HOUR));
    }

    @Test
    void theRecentFilterIsLookedAtWhenACardLeavesItsWindow() {
        SidebarEntry leaving = entry(0, NOW.minus(HOUR).plusSeconds(12), NOW.minusSeconds(2 * 3600));
        SidebarEntry gone = entry(1, NOW.minus(HOUR).minusSeconds(5), NOW.minusSeconds(2 * 3600));
        assertEquals(Optional.of(NOW.plusSeconds(12)), SidebarTicks.next(List.of(leaving), List.of(leaving, gone), NOW,
                HOUR));
        assertEquals(Optional.of(NOW.plusSeconds(3600)), SidebarTicks.next(List.of(leaving), List.of(), NOW, HOUR),
                "without the filter only the wording counts");
    }

    @Test
    void noCardsNoTicks() {
        assertEquals(Optional.empty(), SidebarTicks.next(List.of(new SidebarEntry(new UUID(0, 1), 0, "new", null)),
                List.of(), NOW, HOUR));
    }
}
