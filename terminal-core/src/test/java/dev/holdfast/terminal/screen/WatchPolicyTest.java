package dev.holdfast.terminal.screen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class WatchPolicyTest {
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    private final WatchPolicy policy = new WatchPolicy(ActivitySettings.DEFAULT);
    private final UUID idle = UUID.randomUUID();
    private final UUID busy = UUID.randomUUID();

    private void lookAtEverythingDue(Instant now, long idleGeneration, long busyGeneration) {
        for (UUID tab : policy.due(now)) {
            policy.looked(tab, tab.equals(idle) ? idleGeneration : busyGeneration, now, null);
        }
    }

    @Test
    void aNewTabIsLookedAtOnceThenOnlyWhenItHasNewOutput() {
        policy.add(idle);
        assertEquals(List.of(idle), policy.due(T0));
        policy.looked(idle, 5, T0, null);
        for (int s = 1; s < 100; s++) {
            policy.outputSeen(idle, 5);
            assertEquals(List.of(), policy.due(T0.plusSeconds(s)), "no new output, no look");
        }
        assertEquals(Optional.empty(), policy.nextDue(), "nothing to wake up for");
        policy.outputSeen(idle, 6);
        assertEquals(List.of(idle), policy.due(T0.plusSeconds(100)));
    }

    @Test
    void aFloodingTabIsLookedAtAtMostOncePerInterval() {
        policy.add(busy);
        int looks = 0;
        long generation = 0;
        for (int ms = 0; ms < 10_000; ms += 50) {
            policy.outputSeen(busy, ++generation);
            Instant now = T0.plusMillis(ms);
            for (UUID tab : policy.due(now)) {
                policy.looked(tab, generation, now, null);
                looks++;
            }
        }
        assertEquals(10, looks, "one look per second over ten seconds");
    }

    @Test
    void outputArrivingDuringALookMakesTheTabDueAgainAfterTheInterval() {
        policy.add(busy);
        policy.outputSeen(busy, 1);
        policy.due(T0);
        policy.outputSeen(busy, 2);
        policy.looked(busy, 1, T0, null);
        assertEquals(List.of(), policy.due(T0.plusMillis(999)));
        assertEquals(Optional.of(T0.plusSeconds(1)), policy.nextDue());
        assertEquals(List.of(busy), policy.due(T0.plusSeconds(1)));
    }

    @Test
    void aLookCanAskToBeRepeatedWithoutOutput() {
        policy.add(busy);
        policy.due(T0);
        policy.looked(busy, 1, T0, T0.plusSeconds(5));
        assertEquals(Optional.of(T0.plusSeconds(5)), policy.nextDue());
        assertEquals(List.of(), policy.due(T0.plusSeconds(4)));
        assertEquals(List.of(busy), policy.due(T0.plusSeconds(5)));
        policy.looked(busy, 1, T0.plusSeconds(5), null);
        assertEquals(List.of(), policy.due(T0.plusSeconds(60)));
    }

    @Test
    void onlyTabsWithOutputAreDue() {
        policy.add(idle);
        policy.add(busy);
        lookAtEverythingDue(T0, 1, 1);
        policy.outputSeen(idle, 1);
        policy.outputSeen(busy, 2);
        assertEquals(List.of(busy), policy.due(T0.plusSeconds(2)));
        policy.remove(busy);
        assertTrue(policy.due(T0.plusSeconds(3)).isEmpty());
        assertEquals(1, policy.size());
    }
}
