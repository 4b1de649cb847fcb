package dev.holdfast.checkpoint.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.checkpoint.scrollback.CheckpointPolicy.Trigger;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class CheckpointPolicyTest {

    private static final Instant NOW = Instant.parse("2025-03-14T09:15:00Z");

    private final CheckpointPolicy policy = new CheckpointPolicy(CheckpointSettings.defaults());

    @Test
    void aCheckpointWaitsForFiveSecondsWithoutAKeystroke() {
        assertTrue(policy.isTypingQuiet(Trigger.AUTOSAVE, NOW, null));
        assertFalse(policy.isTypingQuiet(Trigger.AUTOSAVE, NOW, NOW));
        assertFalse(policy.isTypingQuiet(Trigger.AUTOSAVE, NOW, NOW.minusMillis(4_999)));
        assertTrue(policy.isTypingQuiet(Trigger.AUTOSAVE, NOW, NOW.minusSeconds(5)));
    }

    @Test
    void eachTerminalIsDueOncePerSixtySecondsAndAForcedCheckpointDoesNotWait() {
        assertEquals(Duration.ofSeconds(60), policy.captureInterval(Trigger.AUTOSAVE));
        assertEquals(Duration.ZERO, policy.captureInterval(Trigger.FORCED));
        assertTrue(policy.isTypingQuiet(Trigger.FORCED, NOW, NOW));
    }

    @Test
    void closedTabsArePrunedAtMostOncePerInterval() {
        assertTrue(policy.isPruneDue(Trigger.AUTOSAVE, NOW, null));
        assertFalse(policy.isPruneDue(Trigger.AUTOSAVE, NOW, NOW.minusSeconds(59)));
        assertTrue(policy.isPruneDue(Trigger.AUTOSAVE, NOW, NOW.minusSeconds(60)));
        assertTrue(policy.isPruneDue(Trigger.FORCED, NOW, NOW));
    }

    @Test
    void aClockSetBackDoesNotStallCheckpoints() {
        Instant future = NOW.plus(Duration.ofHours(2));

        assertTrue(policy.isTypingQuiet(Trigger.AUTOSAVE, NOW, future));
        assertTrue(policy.isPruneDue(Trigger.AUTOSAVE, NOW, future));
        assertTrue(PanelProgress.NEW.captured(1, future).isDue(NOW, Duration.ofSeconds(60)));
    }

    @Test
    void theBudgetIsSpentAtFiftyMillisecondsAndACaptureIsSlowOnlyAboveThem() {
        long fifty = Duration.ofMillis(50).toNanos();

        assertFalse(policy.isBudgetSpent(fifty - 1));
        assertTrue(policy.isBudgetSpent(fifty));
        assertFalse(policy.isSlow(fifty));
        assertTrue(policy.isSlow(fifty + 1));
    }

    @Test
    void aFailedTerminalIsLeftOutForTenMinutes() {
        assertEquals(NOW.plus(Duration.ofMinutes(10)), policy.backoffUntil(NOW));
        assertEquals(3, policy.maxCaptures());
    }
}
