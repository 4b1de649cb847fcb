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
    void theFirstCheckpointOfALaunchIsDueAtOnce() {
        assertTrue(policy.isDue(Trigger.AUTOSAVE, NOW, null, null));
    }

    @Test
    void aCheckpointIsDueOnlyOnceTheIntervalHasPassed() {
        assertFalse(policy.isDue(Trigger.AUTOSAVE, NOW, NOW.minusSeconds(59), null));
        assertTrue(policy.isDue(Trigger.AUTOSAVE, NOW, NOW.minusSeconds(60), null));
    }

    @Test
    void aCheckpointWaitsForFiveSecondsWithoutAKeystroke() {
        Instant longAgo = NOW.minus(Duration.ofHours(1));

        assertFalse(policy.isDue(Trigger.AUTOSAVE, NOW, longAgo, NOW));
        assertFalse(policy.isDue(Trigger.AUTOSAVE, NOW, longAgo, NOW.minusMillis(4_999)));
        assertTrue(policy.isDue(Trigger.AUTOSAVE, NOW, longAgo, NOW.minusSeconds(5)));
    }

    @Test
    void aForcedCheckpointIgnoresTheIntervalAndTyping() {
        assertTrue(policy.isDue(Trigger.FORCED, NOW, NOW, NOW));
    }

    @Test
    void withCheckpointsOffNothingIsDueNotEvenForced() {
        CheckpointPolicy off = new CheckpointPolicy(CheckpointSettings.defaults().withEnabled(false));

        assertFalse(off.isDue(Trigger.AUTOSAVE, NOW, null, null));
        assertFalse(off.isDue(Trigger.FORCED, NOW, null, null));
    }

    @Test
    void aClockSetBackDoesNotStallCheckpoints() {
        Instant future = NOW.plus(Duration.ofHours(2));

        assertTrue(policy.isDue(Trigger.AUTOSAVE, NOW, future, future));
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
    void aSlowOrFailedTerminalIsLeftOutForTenMinutes() {
        assertEquals(NOW.plus(Duration.ofMinutes(10)), policy.backoffUntil(NOW));
        assertEquals(3, policy.maxCaptures());
    }
}
