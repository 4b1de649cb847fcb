package dev.holdfast.app.activity;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.screen.TabState;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class WorkingRowPacingTest {
    private static final UUID TAB = new UUID(0, 1);
    private static final Instant T = Instant.parse("2026-03-01T12:00:00Z");
    private final WorkingRowPacing pacing = new WorkingRowPacing(Duration.ofSeconds(30));

    @Test
    void aTabThatStaysWorkingIsWrittenAtMostOncePerInterval() {
        assertTrue(pacing.handOver(TAB, TabState.WORKING, T));
        assertFalse(pacing.handOver(TAB, TabState.WORKING, T.plusSeconds(1)));
        assertFalse(pacing.handOver(TAB, TabState.WORKING, T.plusSeconds(29)));
        assertTrue(pacing.handOver(TAB, TabState.WORKING, T.plusSeconds(30)));
    }

    @Test
    void enteringOrLeavingAStateIsWrittenAtOnce() {
        assertTrue(pacing.handOver(TAB, TabState.WORKING, T));
        assertTrue(pacing.handOver(TAB, TabState.IDLE, T.plusSeconds(1)), "leaving working");
        assertTrue(pacing.handOver(TAB, TabState.WORKING, T.plusSeconds(2)), "entering working");
        assertTrue(pacing.handOver(TAB, TabState.IDLE, T.plusSeconds(3)));
        assertTrue(pacing.handOver(TAB, TabState.IDLE, T.plusSeconds(4)), "an idle tab's rows are the store's to judge");
    }
}
