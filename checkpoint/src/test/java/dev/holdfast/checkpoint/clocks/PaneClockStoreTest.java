package dev.holdfast.checkpoint.clocks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SQL of the clock table on real SQLite files. */
class PaneClockStoreTest {
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    private static final Duration BUSY = Duration.ofMillis(200);

    @TempDir
    Path dir;

    @BeforeAll
    static void nativeLibrary(@TempDir Path natives) throws Exception {
        SqliteNativeDirectory.install(natives);
    }

    @Test
    void theDatabaseAndItsWalFilesArePrivate() throws Exception {
        Path db = dir.resolve("panes.sqlite");
        try (PaneClockStore store = PaneClockStore.open(db, BUSY)) {
            store.write(StoreTesting.row(UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID(), "h", "IDLE", T0));
            for (String name : new String[] {"panes.sqlite", "panes.sqlite-wal", "panes.sqlite-shm"}) {
                Path file = dir.resolve(name);
                assertTrue(Files.exists(file), name);
                assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)), name);
            }
        }
    }

    @Test
    void aLooseDatabaseFileIsTightened() throws Exception {
        Path db = dir.resolve("panes.sqlite");
        PaneClockStore.open(db, BUSY).close();
        Files.setPosixFilePermissions(db, PosixFilePermissions.fromString("rw-r--r--"));
        PaneClockStore.open(db, BUSY).close();
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(db)));
    }

    @Test
    void rowsAndLaunchesRoundTrip() throws Exception {
        Path db = dir.resolve("panes.sqlite");
        UUID lineage = UUID.randomUUID();
        PaneClockRow row = StoreTesting.row(UUID.randomUUID(), lineage, UUID.randomUUID(), "hash", "WAITING", T0);
        PaneClockRow bare = new PaneClockRow(new PaneKey(UUID.randomUUID(), lineage), "other", T0, "IDLE",
                T0.minusSeconds(5), null, null, UUID.randomUUID(), T0);
        LaunchRow launch = new LaunchRow(UUID.randomUUID(), lineage, FakeProcesses.process(77), T0, true);
        try (PaneClockStore store = PaneClockStore.open(db, BUSY)) {
            assertTrue(store.write(row));
            assertTrue(store.write(bare));
            store.recordLaunch(launch);
        }
        try (PaneClockStore store = PaneClockStore.open(db, BUSY)) {
            PaneClockPreload preload = store.loadAll();
            assertEquals(Map.of(row.key(), row, bare.key(), bare), preload.rows());
            assertEquals(java.util.List.of(launch), preload.launches());
        }
    }

    @Test
    void aWriteOfTheSameFactsIsANoOpAndAChangeReplacesTheWholeRow() throws Exception {
        Path db = dir.resolve("panes.sqlite");
        UUID panel = UUID.randomUUID();
        UUID lineage = UUID.randomUUID();
        PaneClockRow first = StoreTesting.row(panel, lineage, UUID.randomUUID(), "h1", "IDLE", T0);
        try (PaneClockStore store = PaneClockStore.open(db, BUSY)) {
            store.write(first);
            // Another writer saw the same screen later: its write must not move the stored clocks.
            assertFalse(store.write(StoreTesting.row(panel, lineage, UUID.randomUUID(), "h1", "IDLE", T0.plusSeconds(30))));
            assertEquals(first, store.loadAll().rows().get(first.key()));
            PaneClockRow changed = StoreTesting.row(panel, lineage, UUID.randomUUID(), "h2", "IDLE", T0.plusSeconds(60));
            assertTrue(store.write(changed));
            assertEquals(changed, store.loadAll().rows().get(first.key()));
        }
    }

    @Test
    void aDeleteOnlyTakesARowStillAsItWasRead() throws Exception {
        Path db = dir.resolve("panes.sqlite");
        UUID panel = UUID.randomUUID();
        UUID lineage = UUID.randomUUID();
        PaneClockRow read = StoreTesting.row(panel, lineage, UUID.randomUUID(), "h1", "IDLE", T0);
        try (PaneClockStore store = PaneClockStore.open(db, BUSY)) {
            store.write(read);
            store.write(StoreTesting.row(panel, lineage, UUID.randomUUID(), "h2", "IDLE", T0.plusSeconds(5)));
            assertFalse(store.deleteIfUnchanged(read), "rewritten since it was read");
            assertEquals(1, store.loadAll().rows().size());
        }
    }

    @Test
    void aDatabaseOfANewerSchemaIsLeftAlone() throws Exception {
        Path db = dir.resolve("panes.sqlite");
        try (Connection c = StoreTesting.connection(db); Statement s = c.createStatement()) {
            s.execute("PRAGMA user_version = 7");
        }
        ClockStoreException e = assertThrows(ClockStoreException.class, () -> PaneClockStore.open(db, BUSY));
        assertEquals(ClockStoreProblem.NEWER_SCHEMA, e.problem());
    }

    @Test
    void aFileThatIsNoDatabaseIsCorrupt() throws Exception {
        Path db = dir.resolve("panes.sqlite");
        Files.writeString(db, "not a database ".repeat(400));
        ClockStoreException e = assertThrows(ClockStoreException.class, () -> PaneClockStore.open(db, BUSY));
        assertEquals(ClockStoreProblem.CORRUPT, e.problem());
    }

    @Test
    void aDatabaseHeldByAnotherConnectionIsLocked() throws Exception {
        Path db = dir.resolve("panes.sqlite");
        PaneClockStore.open(db, BUSY).close();
        try (Connection holder = StoreTesting.exclusiveHolder(db)) {
            ClockStoreException e = assertThrows(ClockStoreException.class, () -> {
                try (PaneClockStore store = PaneClockStore.open(db, BUSY)) {
                    store.loadAll();
                }
            });
            assertEquals(ClockStoreProblem.LOCKED, e.problem());
        }
    }
}
