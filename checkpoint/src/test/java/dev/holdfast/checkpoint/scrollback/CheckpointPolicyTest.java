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
    void eachTerminalIsDueAtTheLastTickBeforeItsCaptureIsSixtySecondsOldAndAForcedCheckpointDoesNotWait() {
        assertEquals(Duration.ofSeconds(52), policy.dueAfter(Trigger.AUTOSAVE),
                "sixty seconds less an eight-second tick: taken at 56 s, not at 64 s");
        assertEquals(Duration.ZERO, policy.dueAfter(Trigger.FORCED));
        assertEquals(Duration.ZERO, new CheckpointPolicy(CheckpointSettings.defaults().withTiming(
                Duration.ofSeconds(8), Duration.ofSeconds(5), Duration.ZERO)).dueAfter(Trigger.AUTOSAVE),
                "an interval shorter than a tick: due at every tick");
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
    void aCaptureIsSlowOnlyAboveFiftyMilliseconds() {
        long fifty = Duration.ofMillis(50).toNanos();

        assertFalse(policy.isSlow(fifty));
        assertTrue(policy.isSlow(fifty + 1));
    }

    @Test
    void theFirstCapturesSpendUpToFiftyMillisecondsAndFurtherOnesOnlyWhileTheyAveragedUnderAThirdOfThem() {
        long ms = Duration.ofMillis(1).toNanos();

        assertTrue(policy.mayTakeAnother(0, 0), "the first capture is always taken");
        assertTrue(policy.mayTakeAnother(0, 500 * ms));
        assertTrue(policy.mayTakeAnother(1, 49 * ms), "the reference's 50 ms budget");
        assertFalse(policy.mayTakeAnother(1, 50 * ms));
        assertFalse(policy.mayTakeAnother(2, 60 * ms), "30 ms captures: two, as the reference allowed");
        assertTrue(policy.mayTakeAnother(2, 40 * ms), "20 ms captures: a third, as the reference allowed");
        assertFalse(policy.mayTakeAnother(3, 60 * ms), "but no fourth: three is the cap for dear captures");
        assertTrue(policy.mayTakeAnother(3, 45 * ms), "15 ms captures are cheap: a fourth");
        assertTrue(policy.mayTakeAnother(19, 19 * 16 * ms), "twenty captures of 16 ms in one checkpoint");
        assertFalse(policy.mayTakeAnother(19, 19 * 17 * ms), "17 ms each is dearer than a third of 50 ms");
    }

    @Test
    void aFailedTerminalIsLeftOutForTenMinutes() {
        assertEquals(NOW.plus(Duration.ofMinutes(10)), policy.backoffUntil(NOW));
    }
}
