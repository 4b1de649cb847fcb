package dev.holdfast.app.memory;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class HeapReleasePolicyTest {
    private static final long MB = 1L << 20;
    private static final HeapReleaseSettings SETTINGS = new HeapReleaseSettings(Duration.ofSeconds(2), 32 * MB,
            Duration.ofSeconds(1));

    private final HeapReleasePolicy policy = new HeapReleasePolicy(SETTINGS);
    private Instant now = Instant.parse("2026-12-03T08:00:00Z");

    private boolean look(long seconds, long reads, long committedMb) {
        now = now.plusSeconds(seconds);
        return policy.due(now, reads, committedMb * MB);
    }

    /** Output up to {@code reads} in all, then a look the quiet period later: whether that one releases. */
    private boolean burstThenQuiet(long reads, long committedMb) {
        look(1, reads, committedMb);
        return look(2, reads, committedMb);
    }

    @Test
    void aFloodThatGrewTheHeapIsReleasedOnceTheOutputHasBeenQuietForTheQuietPeriod() {
        look(0, 10, 30);
        assertFalse(look(1, 5_000, 120), "output flows");
        assertFalse(look(1, 9_000, 180), "output flows");
        assertFalse(look(1, 9_000, 180), "quiet for 1 s of 2");
        assertTrue(look(1, 9_000, 180), "quiet for 2 s after a flood that grew the heap by 150 MB");
    }

    @Test
    void neverWhileOutputFlowsHoweverLongTheFloodAndTheHeap() {
        look(0, 0, 30);
        for (int i = 1; i <= 60; i++) {
            assertFalse(look(1, i * 1_000, 30 + i * 10), "output still flowing at look " + i);
        }
    }

    @Test
    void atMostOneReleasePerQuietPeriod() {
        look(0, 0, 30);
        look(1, 9_000, 180);
        look(2, 9_000, 180);
        policy.released(170 * MB);
        // A concurrent cycle may give back little; the next quiet looks must not collect again and again.
        for (int i = 0; i < 30; i++) {
            assertFalse(look(1, 9_000, 180), "no output since the release, look " + i);
        }
    }

    @Test
    void aQuietPeriodWithoutEnoughGrowthIsDecidedOnceAndGrowthCountsFromTheLastRelease() {
        look(0, 0, 30);
        assertFalse(burstThenQuiet(100, 40), "a prompt's 10 MB is not a flood");
        assertFalse(look(1, 100, 80), "nothing read since that quiet period was decided");
        assertTrue(burstThenQuiet(5_000, 80), "the heap grew by 50 MB since the start, over two bursts");
        policy.released(50 * MB);
        assertFalse(burstThenQuiet(6_000, 70), "20 MB above the heap after the release");
        assertTrue(burstThenQuiet(9_000, 90), "40 MB above it");
    }

    @Test
    void growthCountsFromTheLeastHeapSinceTheLastReleaseWhenTheJvmGaveSomeBackItself() {
        look(0, 0, 150);
        assertFalse(burstThenQuiet(100, 50), "the periodic collection shrank the heap: nothing grew");
        assertTrue(burstThenQuiet(9_000, 90),
                "40 MB above the 50 MB it shrank to, though below the first look's 150 MB");
    }

    @Test
    void outputBeforeTheFirstLookIsNotAFlood() {
        look(0, 50_000, 200);
        assertFalse(look(5, 50_000, 200), "the heap at the first look is where growth counts from");
    }
}
