package dev.holdfast.checkpoint.clocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** The store's pure policies: conditional writes, backoff, lineage, pruning. */
class ClockPoliciesTest {
    private static final Instant NOW = Instant.parse("2026-03-10T09:00:00Z");
    private static final Duration RETENTION = ClockStoreSettings.DEFAULT_OTHER_INSTANCE_RETENTION;

    private static PaneClockRow row(UUID panel, UUID lineage, String hash, String state, Instant updated) {
        return new PaneClockRow(new PaneKey(panel, lineage), hash, updated, state, updated, null, null,
                UUID.randomUUID(), updated);
    }

    @Test
    void aRowIsWrittenOnlyWhenItsScreenStateOrCardChanged() {
        UUID panel = UUID.randomUUID();
        UUID lineage = UUID.randomUUID();
        PaneClockRow stored = row(panel, lineage, "a", "IDLE", NOW);
        assertTrue(ClockWritePolicy.needsWrite(null, stored));
        assertFalse(ClockWritePolicy.needsWrite(stored, row(panel, lineage, "a", "IDLE", NOW.plusSeconds(90))),
                "the same facts, later: a restart writes nothing");
        assertTrue(ClockWritePolicy.needsWrite(stored, row(panel, lineage, "b", "IDLE", NOW)));
        assertTrue(ClockWritePolicy.needsWrite(stored, row(panel, lineage, "a", "WORKING", NOW)));
        PaneClockRow carded = new PaneClockRow(stored.key(), "a", NOW, "IDLE", NOW, "{}", 1, UUID.randomUUID(), NOW);
        assertTrue(ClockWritePolicy.needsWrite(stored, carded), "a new card landed");
    }

    @Test
    void afterAFailureWritesBackOffForAMinute() {
        WriteBackoff backoff = new WriteBackoff(ClockStoreSettings.DEFAULT_WRITE_BACKOFF);
        assertTrue(backoff.allows(NOW));
        backoff.failed(NOW);
        assertFalse(backoff.allows(NOW.plusSeconds(59)));
        assertTrue(backoff.allows(NOW.plusSeconds(60)));
    }

    @Test
    void aLaunchThatOwnsTheSessionContinuesItsLineageAndOneThatStartsFreshHasItsOwn() {
        UUID lineage = UUID.randomUUID();
        UUID fresh = UUID.randomUUID();
        List<LaunchRow> known = List.of(
                new LaunchRow(UUID.randomUUID(), UUID.randomUUID(), FakeProcesses.process(7), NOW.minusSeconds(9000), true),
                new LaunchRow(UUID.randomUUID(), lineage, FakeProcesses.process(8), NOW.minusSeconds(100), true),
                new LaunchRow(UUID.randomUUID(), fresh, FakeProcesses.process(9), NOW.minusSeconds(50), false));
        UUID me = UUID.randomUUID();
        assertEquals(lineage, LaunchLineage.decide(known, me, true));
        assertEquals(me, LaunchLineage.decide(known, me, false));
        assertEquals(me, LaunchLineage.decide(List.of(), me, true));
    }

    @Test
    void pruningDeletesThisLineagesClosedPanelsAndKeepsItsOpenOnes() {
        UUID lineage = UUID.randomUUID();
        UUID open = UUID.randomUUID();
        UUID closed = UUID.randomUUID();
        PaneClockRow kept = row(open, lineage, "a", "IDLE", NOW.minus(Duration.ofDays(400)));
        PaneClockRow gone = row(closed, lineage, "b", "IDLE", NOW);
        PaneClockPreload preload = new PaneClockPreload(Map.of(kept.key(), kept, gone.key(), gone), List.of(), 0);
        ClockPruning.Plan plan = ClockPruning.plan(preload, lineage, Set.of(open), l -> false, NOW, RETENTION);
        assertEquals(List.of(gone), plan.rows());
    }

    @Test
    void anotherInstancesRowsGoOnlyOnceItIsGoneAndItsNewestActivityIsThirtyDaysOld() {
        UUID mine = UUID.randomUUID();
        UUID other = UUID.randomUUID();
        LaunchRow otherLaunch = new LaunchRow(UUID.randomUUID(), other, FakeProcesses.process(42),
                NOW.minus(Duration.ofDays(90)), false);
        PaneClockRow longIdle = row(UUID.randomUUID(), other, "x", "IDLE", NOW.minus(Duration.ofDays(80)));
        PaneClockRow recent = row(UUID.randomUUID(), other, "y", "IDLE", NOW.minus(Duration.ofDays(29)));
        PaneClockPreload bothRows = new PaneClockPreload(Map.of(longIdle.key(), longIdle, recent.key(), recent),
                List.of(otherLaunch), 0);
        Predicate<LaunchRow> running = l -> l.equals(otherLaunch);
        Predicate<LaunchRow> gone = l -> false;

        assertEquals(List.of(), ClockPruning.plan(bothRows, mine, Set.of(), running, NOW.plus(Duration.ofDays(60)),
                RETENTION).rows(), "a running instance keeps its rows however old");
        assertEquals(List.of(), ClockPruning.plan(bothRows, mine, Set.of(), gone, NOW, RETENTION).rows(),
                "a long-idle pane is kept with its recently active sibling");
        ClockPruning.Plan old = ClockPruning.plan(bothRows, mine, Set.of(), gone, NOW.plus(Duration.ofDays(2)), RETENTION);
        assertEquals(Set.of(longIdle, recent), Set.copyOf(old.rows()));
        assertEquals(List.of(otherLaunch.launchId()), old.launches());
    }

    @Test
    void thisLineageKeepsOnlyItsNewestLaunchRecord() {
        UUID lineage = UUID.randomUUID();
        LaunchRow older = new LaunchRow(UUID.randomUUID(), lineage, FakeProcesses.process(5), NOW.minusSeconds(900), true);
        LaunchRow newer = new LaunchRow(UUID.randomUUID(), lineage, FakeProcesses.process(6), NOW.minusSeconds(60), true);
        PaneClockPreload preload = new PaneClockPreload(Map.of(), List.of(older, newer), 0);
        assertEquals(List.of(older.launchId()),
                ClockPruning.plan(preload, lineage, Set.of(), l -> false, NOW, RETENTION).launches());
    }
}
