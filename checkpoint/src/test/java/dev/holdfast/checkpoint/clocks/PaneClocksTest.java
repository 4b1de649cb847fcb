package dev.holdfast.checkpoint.clocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The clock checkpoint end to end on real SQLite: restarts, conditional writes, backoff, damage, pruning. */
class PaneClocksTest {
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final ClockStoreSettings FAST_LOCKS = new ClockStoreSettings(
            ClockStoreSettings.DEFAULT_WRITE_BACKOFF, ClockStoreSettings.DEFAULT_OTHER_INSTANCE_RETENTION,
            Duration.ofMillis(200), Duration.ofSeconds(3));

    @TempDir
    Path state;
    @TempDir
    Path natives;

    private final ManualClock clock = new ManualClock(T0);
    private final FakeProcesses processes = new FakeProcesses();
    /** Every notice shown, in order. */
    private final List<String> notices = new CopyOnWriteArrayList<>();
    /** The notices on screen now, by key. */
    private final Map<String, String> showing = new ConcurrentHashMap<>();
    private final ClockStoreNotices bar = new ClockStoreNotices() {
        @Override
        public void show(String key, String text) {
            notices.add(text);
            showing.put(key, text);
        }

        @Override
        public void clear(String key) {
            showing.remove(key);
        }
    };
    private final List<PaneClocks> opened = new ArrayList<>();
    private long pid = 100;

    private Path db() {
        return state.resolve("panes.sqlite");
    }

    private PaneClocks launch(boolean ownsSession) {
        PaneClocks.Launch launch = new PaneClocks.Launch(UUID.randomUUID(), FakeProcesses.process(++pid), clock.instant(),
                ownsSession);
        processes.markRunning(launch.process());
        PaneClocks clocks = PaneClocks.open(db(), natives, launch, FAST_LOCKS, clock, processes, StoreTesting.THREADS,
                bar);
        opened.add(clocks);
        return clocks;
    }

    private void quit(PaneClocks clocks) {
        clocks.close();
        opened.remove(clocks);
    }

    @AfterEach
    void closeAll() {
        opened.forEach(PaneClocks::close);
    }

    private static PaneClockRow idle(PaneClocks clocks, UUID panel, String hash, Instant active, Instant since) {
        return clocks.row(panel, hash, active, "IDLE", since, "{\"hash\":\"" + hash + "\"}", 1);
    }

    @Test
    void aRestartWithNothingChangedSeedsTheStoredClocksAndWritesNothing() {
        List<UUID> panels = List.of(UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID());
        PaneClocks first = launch(true);
        for (UUID panel : panels) {
            assertTrue(first.record(idle(first, panel, "h-" + panel, T0.minus(Duration.ofDays(3)), T0.minus(Duration.ofDays(4)))));
        }
        first.flush(WAIT);
        assertEquals(3, first.stats().writes());
        quit(first);

        clock.advance(Duration.ofHours(2));
        PaneClocks second = launch(true);
        assertEquals(first.lineage(), second.lineage(), "a launch that restores the session continues its lineage");
        for (UUID panel : panels) {
            PaneSeed seed = second.seed(panel, Optional.of("h-" + panel), Optional.of(clock.instant()), 1);
            PaneSeed.Restored restored = assertInstanceOf(PaneSeed.Restored.class, seed);
            assertEquals(T0.minus(Duration.ofDays(3)), restored.lastActivityAt());
            assertEquals(T0.minus(Duration.ofDays(4)), restored.stateSince());
            assertTrue(restored.cardRestored());
            // The tab, settled on its restored screen, reports the same facts it came back with.
            assertFalse(second.record(restored.row()));
            assertFalse(second.record(idle(second, panel, "h-" + panel, restored.lastActivityAt(), restored.stateSince())));
        }
        second.flush(WAIT);
        assertEquals(0, second.stats().writes(), "a restart writes nothing for unchanged tabs");
        assertEquals(List.of(), notices);
    }

    @Test
    void aChangedScreenFallsBackAndIsWrittenOnce() {
        UUID panel = UUID.randomUUID();
        PaneClocks first = launch(true);
        first.record(idle(first, panel, "old", T0.minus(Duration.ofDays(3)), T0.minus(Duration.ofDays(3))));
        quit(first);
        Instant alive = clock.instant().plusSeconds(30);
        clock.advance(Duration.ofMinutes(5));
        PaneClocks second = launch(true);
        PaneSeed seed = second.seed(panel, Optional.of("saved-after-a-change"), Optional.of(alive), 1);
        assertEquals(alive, assertInstanceOf(PaneSeed.Fallback.class, seed).lastActivityAt());
        assertTrue(second.record(idle(second, panel, "new", alive, alive)));
        assertFalse(second.record(idle(second, panel, "new", alive, alive)));
        second.flush(WAIT);
        assertEquals(1, second.stats().writes());
    }

    @Test
    void afterAFailedWriteWritesBackOffForAMinuteAndTheFailedRowIsNotRetried() throws Exception {
        UUID panel = UUID.randomUUID();
        PaneClocks clocks = launch(true);
        try (Connection holder = StoreTesting.writeHolder(db())) {
            assertTrue(clocks.record(idle(clocks, panel, "a", T0, T0)));
            clocks.flush(WAIT);
            assertEquals(1, clocks.stats().failures());
            clock.advance(Duration.ofSeconds(59));
            assertFalse(clocks.record(idle(clocks, panel, "b", clock.instant(), T0)), "backing off");
            clocks.flush(WAIT);
            assertEquals(1, clocks.stats().failures(), "nothing was tried while backing off");
            assertEquals(1, clocks.stats().dropped());
        }
        assertEquals(1, notices.size(), notices.toString());
        assertTrue(notices.get(0).contains("locked"), notices.get(0));
        clock.advance(Duration.ofSeconds(1));
        // The lock is gone and the minute is over: the dropped row is not retried by itself...
        clocks.flush(WAIT);
        assertEquals(0, clocks.stats().writes());
        // ...the pane's next change writes.
        assertTrue(clocks.record(idle(clocks, panel, "c", clock.instant(), T0)));
        clocks.flush(WAIT);
        assertEquals(1, clocks.stats().writes());
        assertEquals("c", rows().get(new PaneKey(panel, clocks.lineage())).fingerprint());
    }

    @Test
    void theLockNoticeIsTakenBackWhenAWriteWorksAgainAndToldAgainWhenTheLockComesBack() throws Exception {
        UUID panel = UUID.randomUUID();
        PaneClocks clocks = launch(true);
        try (Connection holder = StoreTesting.writeHolder(db())) {
            clocks.record(idle(clocks, panel, "a", T0, T0));
            clocks.flush(WAIT);
        }
        assertEquals(1, showing.size(), showing.toString());
        clock.advance(Duration.ofMinutes(1));
        assertTrue(clocks.record(idle(clocks, panel, "b", clock.instant(), T0)));
        clocks.flush(WAIT);
        assertEquals(1, clocks.stats().writes());
        assertEquals(Map.of(), showing, "the write worked: the notice is gone");

        clock.advance(Duration.ofMinutes(1));
        try (Connection holder = StoreTesting.writeHolder(db())) {
            clocks.record(idle(clocks, panel, "c", clock.instant(), T0));
            clocks.flush(WAIT);
        }
        assertEquals(2, notices.size(), "a new lock is a new problem, told again: " + notices);
        assertTrue(showing.values().iterator().next().contains("locked"), showing.toString());
    }

    @Test
    void aDatabaseThatBecomesWritableAgainIsWrittenAndItsNoticeTakenBack() throws Exception {
        UUID panel = UUID.randomUUID();
        PaneClocks first = launch(true);
        first.record(idle(first, panel, "h", T0, T0));
        quit(first);
        StoreTesting.makeReadOnly(db());
        PaneClocks second;
        try {
            second = launch(true);
            second.record(idle(second, panel, "while read-only", T0, T0));
            second.flush(WAIT);
            assertEquals(0, second.stats().writes());
            assertTrue(showing.values().iterator().next().startsWith("panes.sqlite cannot be written"),
                    showing.toString());
        } finally {
            StoreTesting.makeWritable(db());
        }
        clock.advance(Duration.ofMinutes(1));
        assertTrue(second.record(idle(second, panel, "writable again", clock.instant(), T0)));
        second.flush(WAIT);
        assertEquals(1, second.stats().writes(), "the store was opened again for writing");
        assertEquals("writable again", rows().get(new PaneKey(panel, second.lineage())).fingerprint());
        assertEquals(Map.of(), showing, "the notice is gone");
    }

    @Test
    void aMissingDatabaseIsCreatedQuietly() {
        PaneClocks clocks = launch(true);
        assertTrue(Files.exists(db()));
        assertEquals(0, clocks.preloaded().rows().size());
        assertInstanceOf(PaneSeed.Fallback.class, clocks.seed(UUID.randomUUID(), Optional.of("x"), Optional.empty(), 1));
        assertEquals(List.of(), notices);
    }

    @Test
    void aLockedDatabaseLetsHoldfastStartWithFallbackClocksAndSaysSoOnce() throws Exception {
        UUID panel = UUID.randomUUID();
        PaneClocks first = launch(true);
        first.record(idle(first, panel, "h", T0, T0));
        quit(first);
        try (Connection holder = StoreTesting.exclusiveHolder(db())) {
            PaneClocks second = launch(true);
            assertInstanceOf(PaneSeed.Fallback.class, second.seed(panel, Optional.of("h"), Optional.of(T0), 1));
            second.record(idle(second, panel, "h2", T0, T0));
            second.flush(WAIT);
            assertEquals(1, notices.size(), notices.toString());
            assertTrue(notices.get(0).startsWith("panes.sqlite is locked by another program"), notices.get(0));
        }
    }

    @Test
    void aCorruptDatabaseIsMovedAsideAndRecreated() throws Exception {
        Files.writeString(db(), "this was never a database ".repeat(300));
        PaneClocks clocks = launch(true);
        assertEquals(1, notices.size(), notices.toString());
        assertTrue(notices.get(0).startsWith("panes.sqlite was damaged"), notices.get(0));
        try (Stream<Path> files = Files.list(state)) {
            Path aside = files.filter(p -> p.getFileName().toString().startsWith("panes.corrupt-")).findFirst().orElseThrow();
            assertTrue(Files.readString(aside).startsWith("this was never"), "the evidence is kept");
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(aside)));
        }
        UUID panel = UUID.randomUUID();
        assertTrue(clocks.record(idle(clocks, panel, "h", T0, T0)));
        clocks.flush(WAIT);
        assertEquals(1, clocks.stats().writes(), "the fresh database works");
    }

    @Test
    void aDatabaseLargerThanTheLimitIsMovedAsideUnopenedAndRecreated() throws Exception {
        PaneClocks first = launch(true);
        quit(first);
        try (java.io.RandomAccessFile file = new java.io.RandomAccessFile(db().toFile(), "rw")) {
            file.setLength(3L * 1024 * 1024 * 1024);
        }
        PaneClocks clocks = launch(true);
        assertEquals(1, notices.size(), notices.toString());
        assertTrue(notices.get(0).startsWith("panes.sqlite was damaged"), notices.get(0));
        try (Stream<Path> files = Files.list(state)) {
            assertTrue(files.anyMatch(p -> p.getFileName().toString().startsWith("panes.corrupt-")), "set aside");
        }
        assertTrue(Files.size(db()) < ClockStoreSettings.MAX_FILE_BYTES, "a fresh database in its place");
        assertTrue(clocks.record(idle(clocks, UUID.randomUUID(), "h", T0, T0)));
        clocks.flush(WAIT);
        assertEquals(1, clocks.stats().writes(), "the fresh database works");
    }

    @Test
    void aDatabaseDamagedInsideIsMovedAsideToo() throws Exception {
        PaneClocks first = launch(true);
        for (int i = 0; i < 200; i++) {
            first.record(idle(first, UUID.randomUUID(), "hash-" + "x".repeat(200) + i, T0, T0));
        }
        quit(first);
        byte[] bytes = Files.readAllBytes(db());
        for (int i = 4096 + 100; i < Math.min(bytes.length, 4096 * 4); i++) {
            bytes[i] = (byte) 0x5a;
        }
        Files.write(db(), bytes);
        Files.deleteIfExists(state.resolve("panes.sqlite-wal"));
        Files.deleteIfExists(state.resolve("panes.sqlite-shm"));
        PaneClocks second = launch(true);
        assertTrue(notices.stream().anyMatch(n -> n.startsWith("panes.sqlite was damaged")), notices.toString());
        assertEquals(0, second.preloaded().rows().size());
    }

    @Test
    void aReadOnlyDatabaseStillSeedsAndSaysOnceThatClocksWillNotBeSaved() throws Exception {
        UUID panel = UUID.randomUUID();
        PaneClocks first = launch(true);
        first.record(idle(first, panel, "h", T0.minusSeconds(500), T0.minusSeconds(900)));
        quit(first);
        StoreTesting.makeReadOnly(db());
        try {
            PaneClocks second = launch(true);
            PaneSeed.Restored restored = assertInstanceOf(PaneSeed.Restored.class,
                    second.seed(panel, Optional.of("h"), Optional.of(T0), 1));
            assertEquals(T0.minusSeconds(500), restored.lastActivityAt());
            second.record(idle(second, panel, "changed", T0, T0));
            second.flush(WAIT);
            clock.advance(Duration.ofMinutes(2));
            second.record(idle(second, panel, "changed again", clock.instant(), T0));
            second.flush(WAIT);
            assertEquals(0, second.stats().writes());
            assertEquals(1, notices.size(), notices.toString());
            assertTrue(notices.get(0).startsWith("panes.sqlite cannot be written"), notices.get(0));
            quit(second);
        } finally {
            StoreTesting.makeWritable(db());
        }
    }

    @Test
    void pruningTakesOnlyPreloadedRowsOfThisLineageWhosePanelsAreGone() throws Exception {
        UUID open = UUID.randomUUID();
        UUID closed = UUID.randomUUID();
        UUID closedButRewritten = UUID.randomUUID();
        PaneClocks first = launch(true);
        for (UUID panel : List.of(open, closed, closedButRewritten)) {
            first.record(idle(first, panel, "h", T0, T0));
        }
        quit(first);
        PaneClocks second = launch(true);
        UUID lineage = second.lineage();
        UUID insertedMeanwhile = UUID.randomUUID();
        // Another instance writes after this one read the database.
        try (PaneClockStore other = PaneClockStore.open(db(), Duration.ofSeconds(1))) {
            other.write(StoreTesting.row(insertedMeanwhile, lineage, UUID.randomUUID(), "o", "IDLE", T0));
            other.write(StoreTesting.row(closedButRewritten, lineage, UUID.randomUUID(), "o2", "IDLE", T0.plusSeconds(1)));
        }
        second.pruneAfterFullListing(Set.of(open));
        second.flush(WAIT);
        Map<PaneKey, PaneClockRow> left = rows();
        assertEquals(Set.of(open, insertedMeanwhile, closedButRewritten),
                left.keySet().stream().map(PaneKey::panelId).collect(java.util.stream.Collectors.toSet()));
        second.pruneAfterFullListing(Set.of());
        second.flush(WAIT);
        assertEquals(3, rows().size(), "pruning happens once, after the first listing");
    }

    @Test
    void aLaunchThatStartsFreshNeverPrunesTheSessionsRowsAndTheNextOwnerContinuesThem() {
        UUID panel = UUID.randomUUID();
        PaneClocks owner = launch(true);
        owner.record(idle(owner, panel, "h", T0, T0));
        quit(owner);
        // holdfast --no-restore: its own lineage, its own (empty) tabs.
        PaneClocks fresh = launch(false);
        assertFalse(fresh.lineage().equals(owner.lineage()));
        assertInstanceOf(PaneSeed.Fallback.class, fresh.seed(panel, Optional.of("h"), Optional.empty(), 1),
                "the same panel id in another lineage is another pane");
        fresh.pruneAfterFullListing(Set.of(UUID.randomUUID()));
        fresh.flush(WAIT);
        quit(fresh);
        PaneClocks next = launch(true);
        assertEquals(owner.lineage(), next.lineage());
        assertInstanceOf(PaneSeed.Restored.class, next.seed(panel, Optional.of("h"), Optional.empty(), 1));
    }

    @Test
    void rowsOfAnotherInstanceGoOnceItIsGoneAndThirtyDaysQuiet() {
        UUID theirs = UUID.randomUUID();
        PaneClocks other = launch(false);
        other.record(idle(other, theirs, "h", T0, T0));
        quit(other);
        PaneClocks stillRunningLater = launch(true);
        clock.advance(Duration.ofDays(31));
        stillRunningLater.pruneAfterFullListing(Set.of());
        stillRunningLater.flush(WAIT);
        assertEquals(1, rows().size(), "the other instance still runs (its pid is alive)");
        quit(stillRunningLater);

        processes.markGone(FakeProcesses.process(101));
        PaneClocks after = launch(true);
        after.pruneAfterFullListing(Set.of());
        after.flush(WAIT);
        assertEquals(0, rows().size(), "gone, and quiet for over 30 days");
    }

    private Map<PaneKey, PaneClockRow> rows() {
        try (PaneClockStore reader = PaneClockStore.open(db(), Duration.ofSeconds(1))) {
            return reader.loadAll().rows();
        } catch (ClockStoreException e) {
            throw new AssertionError(e);
        }
    }
}
