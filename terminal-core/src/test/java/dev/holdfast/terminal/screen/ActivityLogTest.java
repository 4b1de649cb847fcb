package dev.holdfast.terminal.screen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.shell.CommandRun;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ActivityLogTest {
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    @Test
    void keepsTheLastTwentyEntries() {
        ActivityLog log = ActivityLog.EMPTY;
        for (int i = 0; i < 25; i++) {
            log = log.with(ActivityEntry.entered(T0.plusSeconds(i), i % 2 == 0 ? TabState.IDLE : TabState.WORKING, null),
                    20, 4096);
        }
        assertEquals(20, log.entries().size());
        assertEquals(T0.plusSeconds(5), log.entries().get(0).at());
        assertEquals(T0.plusSeconds(24), log.entries().get(19).at());
    }

    @Test
    void keepsAtMostFourKilobytesDroppingTheOldestFirst() {
        ActivityLog log = ActivityLog.EMPTY;
        for (int i = 0; i < 20; i++) {
            CommandRun run = new CommandRun(i, i + " " + "x".repeat(500), 0, T0.plusSeconds(i), T0.plusSeconds(i));
            log = log.with(ActivityEntry.finished(run), 20, 4096);
        }
        assertTrue(log.estimatedBytes() <= 4096, "size " + log.estimatedBytes());
        assertEquals(7, log.entries().size());
        assertTrue(log.entries().get(6).command().commandLine().startsWith("19 "));
    }

    @Test
    void theNewestEntryStaysEvenWhenAloneItIsOverTheBudget() {
        CommandRun huge = new CommandRun(1, "y".repeat(9000), 0, T0, T0);
        ActivityLog log = ActivityLog.EMPTY.with(ActivityEntry.entered(T0, TabState.IDLE, null), 20, 4096)
                .with(ActivityEntry.finished(huge), 20, 4096);
        assertEquals(1, log.entries().size());
        assertEquals(huge, log.entries().get(0).command());
    }
}
