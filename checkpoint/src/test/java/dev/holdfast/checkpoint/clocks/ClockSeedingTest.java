package dev.holdfast.checkpoint.clocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ClockSeedingTest {
    private static final Instant NOW = Instant.parse("2026-03-10T09:00:00Z");
    private static final Instant ACTIVE = NOW.minus(Duration.ofDays(3));
    private static final Instant IDLE_SINCE = NOW.minus(Duration.ofDays(4));
    private static final Optional<Instant> ALIVE = Optional.of(NOW.minusSeconds(40));
    private static final String HASH = "f".repeat(64);

    private static PaneClockRow row(String hash, Instant active, Instant since, Integer cardVersion) {
        return new PaneClockRow(new PaneKey(UUID.randomUUID(), UUID.randomUUID()), hash, active, "IDLE", since,
                cardVersion == null ? null : "{\"version\":" + cardVersion + "}", cardVersion, UUID.randomUUID(), active);
    }

    @Test
    void anUnchangedScreenGetsItsStoredClocksAndCardBack() {
        PaneSeed seed = ClockSeeding.seed(Optional.of(row(HASH, ACTIVE, IDLE_SINCE, 1)), Optional.of(HASH), ALIVE, NOW, 1);
        PaneSeed.Restored restored = assertInstanceOf(PaneSeed.Restored.class, seed);
        assertEquals(ACTIVE, restored.lastActivityAt());
        assertEquals(IDLE_SINCE, restored.stateSince());
        assertTrue(restored.cardRestored());
    }

    @Test
    void aScreenThatChangedAfterTheLastSaveFallsBackToTheLastMomentTheLaunchWasAlive() {
        PaneSeed seed = ClockSeeding.seed(Optional.of(row(HASH, ACTIVE, IDLE_SINCE, 1)), Optional.of("e".repeat(64)),
                ALIVE, NOW, 1);
        PaneSeed.Fallback fallback = assertInstanceOf(PaneSeed.Fallback.class, seed);
        assertEquals(ALIVE.get(), fallback.lastActivityAt());
        assertEquals("the screen changed after the last save", fallback.reason());
    }

    @Test
    void noRowOrNoSavedFingerprintFallsBackToo() {
        assertEquals(new PaneSeed.Fallback(ALIVE.get(), "no stored clocks"),
                ClockSeeding.seed(Optional.empty(), Optional.of(HASH), ALIVE, NOW, 1));
        assertEquals(new PaneSeed.Fallback(ALIVE.get(), "no fingerprint was saved with the scrollback"),
                ClockSeeding.seed(Optional.of(row(HASH, ACTIVE, IDLE_SINCE, 1)), Optional.empty(), ALIVE, NOW, 1));
        assertEquals(NOW, ((PaneSeed.Fallback) ClockSeeding.seed(Optional.empty(), Optional.empty(), Optional.empty(),
                NOW, 1)).lastActivityAt(), "with nothing known: now");
    }

    @Test
    void storedTimesInTheFutureAreClampedToNow() {
        Instant future = NOW.plus(Duration.ofHours(5));
        PaneSeed.Restored restored = (PaneSeed.Restored) ClockSeeding.seed(
                Optional.of(row(HASH, future, future, null)), Optional.of(HASH), ALIVE, NOW, 1);
        assertEquals(NOW, restored.lastActivityAt());
        assertEquals(NOW, restored.stateSince());
        assertEquals(NOW, ((PaneSeed.Fallback) ClockSeeding.seed(Optional.empty(), Optional.empty(),
                Optional.of(future), NOW, 1)).lastActivityAt());
    }

    @Test
    void aCardOfAnotherVersionIsNotRestored() {
        PaneSeed.Restored restored = (PaneSeed.Restored) ClockSeeding.seed(
                Optional.of(row(HASH, ACTIVE, IDLE_SINCE, 1)), Optional.of(HASH), ALIVE, NOW, 2);
        assertFalse(restored.cardRestored());
        PaneSeed.Restored without = (PaneSeed.Restored) ClockSeeding.seed(
                Optional.of(row(HASH, ACTIVE, IDLE_SINCE, null)), Optional.of(HASH), ALIVE, NOW, 1);
        assertFalse(without.cardRestored(), "a row stored after a failed read holds clocks, no card");
    }
}
