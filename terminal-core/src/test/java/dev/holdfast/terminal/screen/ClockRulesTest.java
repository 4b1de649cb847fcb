package dev.holdfast.terminal.screen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class ClockRulesTest {
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    @Test
    void lastActivityMovesOnlyOnARealChange() {
        TabClocks before = new TabClocks(T0, TabState.IDLE, T0);
        assertEquals(T0, ClockRules.afterLook(before, false, TabState.IDLE, T0.plusSeconds(9)).lastActivityAt());
        assertEquals(T0.plusSeconds(9), ClockRules.afterLook(before, true, TabState.IDLE, T0.plusSeconds(9)).lastActivityAt());
    }

    @Test
    void stateSinceMovesOnlyWhenTheStateChanges() {
        TabClocks idle = new TabClocks(T0, TabState.IDLE, T0);
        assertEquals(T0, ClockRules.afterLook(idle, true, TabState.IDLE, T0.plusSeconds(9)).stateSince());
        assertEquals(T0.plusSeconds(9), ClockRules.afterLook(idle, false, TabState.WORKING, T0.plusSeconds(9)).stateSince());
    }

    @Test
    void theFirstStateStartsAtTheSeededTime() {
        TabClocks seeded = new TabClocks(T0, null, T0.minusSeconds(30));
        TabClocks first = ClockRules.afterLook(seeded, false, TabState.IDLE, T0.plusSeconds(2));
        assertEquals(new TabClocks(T0, TabState.IDLE, T0.minusSeconds(30)), first);
    }

    @Test
    void timesInTheFutureAreClampedToNow() {
        TabClocks skewed = new TabClocks(T0.plusSeconds(600), TabState.IDLE, T0.plusSeconds(900));
        assertEquals(new TabClocks(T0, TabState.IDLE, T0), ClockRules.afterLook(skewed, false, TabState.IDLE, T0));
        assertEquals(new TabClocks(T0, TabState.IDLE, T0), ClockRules.clamp(skewed, T0));
    }
}
