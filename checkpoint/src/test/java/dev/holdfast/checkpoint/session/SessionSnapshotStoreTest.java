package dev.holdfast.checkpoint.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.holdfast.checkpoint.store.StateDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

class SessionSnapshotStoreTest {

    private static final Instant NOW = Instant.parse("2025-03-14T09:15:02Z");
    private static final String STAMP = "20250314-091502";
    private static final byte[] GARBAGE = "{\"version\": 1, \"panels\": [".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path root;

    private StateDirectory dir;
    private SessionSnapshotStore store;

    @BeforeEach
    void openStore() throws IOException {
        dir = new StateDirectory(root.resolve("state"), root.resolve("config")).open();
        store = new SessionSnapshotStore(dir, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    @Test
    void withNoSavedSessionTheLoadIsMissing() {
        assertInstanceOf(SessionLoad.Missing.class, store.load());
    }

    @Test
    void aSavedSnapshotLoadsBackFromTheCurrentFileWithoutNotices() throws IOException {
        SessionSnapshot saved = Snapshots.full(NOW);

        store.save(saved);

        SessionLoad.Loaded loaded = assertInstanceOf(SessionLoad.Loaded.class, store.load());
        assertEquals(saved, loaded.snapshot());
        assertEquals(SessionLoad.Source.CURRENT, loaded.source());
        assertEquals(List.of(), loaded.notices());
        assertEquals("rw-------", mode(dir.sessionFile()));
    }

    @Test
    void eachSaveKeepsTheSnapshotBeforeItAsThePreviousFile() throws IOException {
        SessionSnapshot first = Snapshots.autosave(NOW, "/first");
        SessionSnapshot second = Snapshots.autosave(NOW.plusSeconds(8), "/second");
        SessionSnapshot third = Snapshots.autosave(NOW.plusSeconds(16), "/third");

        store.save(first);
        assertFalse(Files.exists(dir.previousSessionFile()));
        store.save(second);
        assertEquals(first, loadedFrom(dir.previousSessionFile()));
        store.save(third);

        assertEquals(second, loadedFrom(dir.previousSessionFile()));
        assertEquals(third, loadedFrom(dir.sessionFile()));
        assertEquals("rw-------", mode(dir.previousSessionFile()));
        assertEquals(List.of("session.json", "session.previous.json"), stateFiles());
    }

    @Test
    void aCorruptCurrentFileIsMovedAsideAndThePreviousSnapshotRestored() throws IOException {
        SessionSnapshot good = Snapshots.autosave(NOW, "/good");
        store.save(good);
        store.save(Snapshots.autosave(NOW.plusSeconds(8), "/lost"));
        Files.write(dir.sessionFile(), GARBAGE);

        SessionLoad.Loaded loaded = assertInstanceOf(SessionLoad.Loaded.class, store.load());

        assertEquals(good, loaded.snapshot());
        assertEquals(SessionLoad.Source.PREVIOUS, loaded.source());
        assertEquals(1, loaded.notices().size());
        String notice = loaded.notices().get(0);
        assertTrue(notice.startsWith("session.json was unreadable ("), notice);
        assertTrue(notice.endsWith("); moved aside as session.corrupt-" + STAMP + ".json;"
                + " restored from session.previous.json"), notice);
        Path quarantined = dir.root().resolve("session.corrupt-" + STAMP + ".json");
        assertArrayEquals(GARBAGE, Files.readAllBytes(quarantined));
        assertEquals("rw-------", mode(quarantined));
        assertFalse(Files.exists(dir.sessionFile()));
    }

    @Test
    void aSessionFromAnotherFormatVersionIsMovedAsideWithThatReason() throws IOException {
        store.save(Snapshots.autosave(NOW, "/good"));
        store.save(Snapshots.autosave(NOW, "/newer"));
        Files.writeString(dir.sessionFile(), "{\"version\": 2, \"tabs\": []}");

        SessionLoad.Loaded loaded = assertInstanceOf(SessionLoad.Loaded.class, store.load());

        assertEquals(List.of("session.json was unreadable (format version 2 is not supported (this build reads"
                + " version 1)); moved aside as session.corrupt-" + STAMP + ".json;"
                + " restored from session.previous.json"), loaded.notices());
        assertEquals("{\"version\": 2, \"tabs\": []}",
                Files.readString(dir.root().resolve("session.corrupt-" + STAMP + ".json")));
    }

    @Test
    void whenBothFilesAreUnusableBothAreMovedAsideAndTheLoadSaysWhy() throws IOException {
        Files.write(dir.sessionFile(), GARBAGE);
        Files.writeString(dir.previousSessionFile(), "{\"version\": 1, \"createdAt\": \"2025-01-01T00:00:00Z\"}");

        SessionLoad.Unreadable unreadable = assertInstanceOf(SessionLoad.Unreadable.class, store.load());

        assertEquals(2, unreadable.notices().size());
        assertTrue(unreadable.notices().get(0).startsWith("session.json was unreadable ("));
        assertEquals("session.previous.json was unreadable (window is missing); moved aside as"
                + " session.previous.corrupt-" + STAMP + ".json", unreadable.notices().get(1));
        assertEquals(List.of("session.corrupt-" + STAMP + ".json", "session.previous.corrupt-" + STAMP + ".json"),
                stateFiles());
    }

    @Test
    void whenBothSnapshotsAreUnusableTheLastOneWithScrollbackIsRestored() throws IOException {
        SessionSnapshot quit = Snapshots.full(NOW);
        store.save(quit);
        store.save(Snapshots.autosave(NOW.plusSeconds(8), "/a"));
        store.save(Snapshots.autosave(NOW.plusSeconds(16), "/b"));
        Files.write(dir.sessionFile(), GARBAGE);
        Files.write(dir.previousSessionFile(), new byte[0]);

        SessionLoad.Loaded loaded = assertInstanceOf(SessionLoad.Loaded.class, store.load());

        assertEquals(SessionLoad.Source.SCROLLBACK, loaded.source());
        assertEquals(quit, loaded.snapshot(), "the quit's tabs and scrollback, not nothing");
        assertEquals(2, loaded.notices().size());
        assertTrue(loaded.notices().get(0).startsWith("session.json was unreadable ("), loaded.notices().get(0));
        assertEquals("session.previous.json was unreadable (it is empty); moved aside as session.previous.corrupt-"
                + STAMP + ".json; restored from session.scrollback.json", loaded.notices().get(1));
        assertEquals(List.of("session.corrupt-" + STAMP + ".json", "session.previous.corrupt-" + STAMP + ".json",
                "session.scrollback.json"), stateFiles());
    }

    @Test
    void aCorruptCurrentFileWithNoPreviousIsUnreadable() throws IOException {
        Files.write(dir.sessionFile(), new byte[0]);

        SessionLoad.Unreadable unreadable = assertInstanceOf(SessionLoad.Unreadable.class, store.load());

        assertEquals(List.of("session.json was unreadable (it is empty); moved aside as session.corrupt-" + STAMP
                + ".json; there is no earlier session to restore"), unreadable.notices());
    }

    @Test
    void aMissingCurrentFileMeansNoSessionEvenWithAPreviousOne() throws IOException {
        store.save(Snapshots.autosave(NOW, "/old"));
        store.save(Snapshots.autosave(NOW, "/deleted by the user"));
        Files.delete(dir.sessionFile());

        assertInstanceOf(SessionLoad.Missing.class, store.load());
        assertTrue(Files.exists(dir.previousSessionFile()));
    }

    @Test
    void aCurrentFileThatCannotBeReadAtAllIsSetAsideWithoutThrowing() throws IOException {
        Files.createDirectory(dir.sessionFile());
        Files.writeString(dir.sessionFile().resolve("inside"), "x");

        SessionLoad.Unreadable unreadable = assertInstanceOf(SessionLoad.Unreadable.class, store.load());

        String notice = unreadable.notices().get(0);
        assertTrue(notice.startsWith("session.json was unreadable (could not be read: "), notice);
        assertTrue(Files.isDirectory(dir.root().resolve("session.corrupt-" + STAMP + ".json")));
        assertFalse(Files.exists(dir.sessionFile()));
    }

    @Test
    void savingOverAnUnusableCurrentFileKeepsTheGoodPrevious() throws IOException {
        SessionSnapshot good = Snapshots.autosave(NOW, "/good");
        store.save(good);
        store.save(Snapshots.autosave(NOW, "/soon corrupt"));
        Files.write(dir.sessionFile(), GARBAGE);
        SessionSnapshot next = Snapshots.autosave(NOW.plusSeconds(8), "/next");

        store.save(next);

        assertEquals(good, loadedFrom(dir.previousSessionFile()));
        assertEquals(next, loadedFrom(dir.sessionFile()));
    }

    @Test
    void afterRestoringFromThePreviousFileTheNextSavesKeepItUntilANewGoodOneExists() throws IOException {
        SessionSnapshot good = Snapshots.autosave(NOW, "/good");
        store.save(good);
        store.save(Snapshots.autosave(NOW, "/corrupted"));
        Files.write(dir.sessionFile(), GARBAGE);
        assertEquals(SessionLoad.Source.PREVIOUS, ((SessionLoad.Loaded) store.load()).source());

        SessionSnapshot first = Snapshots.autosave(NOW.plusSeconds(8), "/first after restore");
        store.save(first);
        assertEquals(good, loadedFrom(dir.previousSessionFile()));
        store.save(Snapshots.autosave(NOW.plusSeconds(16), "/second after restore"));
        assertEquals(first, loadedFrom(dir.previousSessionFile()));
    }

    @Test
    void aSaveThatFailsLeavesTheCurrentSessionInPlace() throws IOException {
        SessionSnapshot good = Snapshots.autosave(NOW, "/good");
        store.save(good);
        // The rotation cannot replace a non-empty directory, so the save fails before its last write.
        Files.createDirectory(dir.previousSessionFile());
        Files.writeString(dir.previousSessionFile().resolve("x"), "x");

        assertThrows(IOException.class, () -> store.save(Snapshots.autosave(NOW.plusSeconds(8), "/lost")));

        assertEquals(good, loadedFrom(dir.sessionFile()));
    }

    @Test
    void aLegacyFileLoadsAsTheCurrentSession() throws IOException {
        Files.write(dir.sessionFile(), SessionSnapshotCodecTest.legacyFile());

        SessionLoad.Loaded loaded = assertInstanceOf(SessionLoad.Loaded.class, store.load());

        assertEquals(SessionLoad.Source.CURRENT, loaded.source());
        assertEquals(2, loaded.snapshot().panels().size());
        assertTrue(loaded.snapshot().panels().get(0).persistScrollback());
    }

    @Test
    void movingACorruptFileAsideIsLoggedOnceWithBothNames() throws IOException {
        Files.write(dir.sessionFile(), GARBAGE);
        Logger logger = (Logger) LoggerFactory.getLogger(SessionSnapshotStore.class);
        ListAppender<ILoggingEvent> events = new ListAppender<>();
        events.start();
        logger.addAppender(events);
        try {
            store.load();
        } finally {
            logger.detachAppender(events);
        }

        List<ILoggingEvent> warnings = events.list.stream().filter(e -> e.getLevel() == Level.WARN).toList();
        assertEquals(1, warnings.size());
        String message = warnings.get(0).getFormattedMessage();
        assertTrue(message.contains(dir.sessionFile().toString()), message);
        assertTrue(message.contains("session.corrupt-" + STAMP + ".json"), message);
    }

    @Test
    void twoAutosavesAfterAQuitKeepTheQuitsScrollbackAsItsOwnGeneration() throws IOException {
        SessionSnapshot quit = Snapshots.full(NOW);
        store.save(quit);
        store.save(Snapshots.autosave(NOW.plusSeconds(8), "/a"));
        store.save(Snapshots.autosave(NOW.plusSeconds(16), "/b"));

        SessionLoad.Loaded loaded = assertInstanceOf(SessionLoad.Loaded.class, store.load());

        assertEquals("/b", loaded.snapshot().panels().get(0).workingDirectory());
        assertEquals(quit, loaded.withScrollback(), "the last snapshot that carried scrollback is kept");
        assertEquals(quit, loadedFrom(dir.scrollbackSessionFile()));
    }

    @Test
    void aNewerSnapshotWithScrollbackTakesTheGenerationsPlace() throws IOException {
        store.save(Snapshots.full(NOW));
        store.save(Snapshots.autosave(NOW.plusSeconds(8), "/a"));
        SessionSnapshot laterQuit = Snapshots.full(NOW.plusSeconds(100));
        store.save(laterQuit);

        SessionLoad.Loaded loaded = assertInstanceOf(SessionLoad.Loaded.class, store.load());
        assertEquals(laterQuit, loaded.snapshot());
        assertEquals(null, loaded.withScrollback(), "the restored snapshot has newer scrollback itself");

        store.save(Snapshots.autosave(NOW.plusSeconds(108), "/b"));
        assertEquals(laterQuit, ((SessionLoad.Loaded) store.load()).withScrollback());
    }

    @Test
    void aGenerationNewerThanTheRestoredScrollbackIsDecodedAndOffered() throws IOException {
        SessionSnapshot current = Snapshots.full(NOW);
        store.save(current);
        SessionSnapshot newer = Snapshots.full(NOW.plusSeconds(60));
        Files.write(dir.scrollbackSessionFile(), codecBytes(newer));

        SessionLoad.Loaded loaded = assertInstanceOf(SessionLoad.Loaded.class, store.load());

        assertEquals(current, loaded.snapshot());
        assertEquals(newer, loaded.withScrollback(), "its scrollback is later than the restored snapshot's");
    }

    @Test
    void anOlderGenerationIsNotDecodedWhenTheRestoredSnapshotHasNewerScrollback() throws IOException {
        SessionSnapshot current = Snapshots.full(NOW.plusSeconds(60));
        store.save(current);
        // Well-formed JSON of the current version, whose time says it is older, but which would not bind: a launch that
        // decoded it would say so and move it aside.
        String older = "{\"version\": 1, \"panels\": [{\"panelId\": \"not a uuid\"}], \"scrollbackCapturedAt\": \""
                + NOW + "\"}";
        Files.writeString(dir.scrollbackSessionFile(), older);

        SessionLoad.Loaded loaded = assertInstanceOf(SessionLoad.Loaded.class, store.load());

        assertEquals(current, loaded.snapshot());
        assertEquals(null, loaded.withScrollback());
        assertEquals(List.of(), loaded.notices());
        assertTrue(Files.exists(dir.scrollbackSessionFile()), "an unused older generation stays where it is");
    }

    @Test
    void aTornGenerationBesideARestoredSnapshotWithScrollbackIsStillMovedAsideAndSaid() throws IOException {
        store.save(Snapshots.full(NOW));
        Files.write(dir.scrollbackSessionFile(), GARBAGE);

        SessionLoad.Loaded loaded = assertInstanceOf(SessionLoad.Loaded.class, store.load());

        assertEquals(null, loaded.withScrollback());
        assertEquals(1, loaded.notices().size(), loaded.notices().toString());
        assertTrue(loaded.notices().get(0).contains("session.scrollback.json"), loaded.notices().get(0));
        assertFalse(Files.exists(dir.scrollbackSessionFile()));
    }

    @Test
    void filesReadAheadAreReadAgainWhenASaveReplacedThemSince() throws IOException {
        store.save(Snapshots.autosave(NOW, "/before"));
        SessionSnapshotStore.SessionFiles readAhead = store.read();
        // The launch that held the directory quits after the read and saves its scrollback.
        SessionSnapshot quit = Snapshots.full(NOW.plusSeconds(5));
        store.save(quit);

        SessionLoad.Loaded loaded = assertInstanceOf(SessionLoad.Loaded.class, store.load(readAhead));

        assertEquals(quit, loaded.snapshot());
    }

    @Test
    void anAutosaveWithoutTabsNeverReplacesASessionWithTabs() throws IOException {
        SessionSnapshot good = Snapshots.autosave(NOW, "/good");
        store.save(good);

        assertEquals(SessionSnapshotStore.Saved.KEPT_EXISTING,
                store.save(new SessionSnapshot(NOW.plusSeconds(8), Snapshots.WINDOW, List.of(), 0, null)));

        assertEquals(good, ((SessionLoad.Loaded) store.load()).snapshot());
        SessionSnapshot lastTabClosedAtQuit = new SessionSnapshot(NOW.plusSeconds(9), Snapshots.WINDOW, List.of(), 0,
                NOW.plusSeconds(9));
        assertEquals(SessionSnapshotStore.Saved.WRITTEN, store.save(lastTabClosedAtQuit), "a quit may close them all");
    }

    @Test
    void aSnapshotLargerThanTheCapIsNotWrittenAndTheSavedOneStays() throws IOException {
        SessionSnapshotStore small = new SessionSnapshotStore(dir, Clock.fixed(NOW, ZoneOffset.UTC), 4_096);
        SessionSnapshot good = Snapshots.autosave(NOW, "/good");
        small.save(good);
        SessionSnapshot huge = new SessionSnapshot(NOW, Snapshots.WINDOW, List.of(new PanelSnapshot(Snapshots.SHELL,
                null, null, "/", "x".repeat(10_000), true)), 0, NOW);

        OversizedSnapshotException e = assertThrows(OversizedSnapshotException.class, () -> small.save(huge));

        assertTrue(e.encodedBytes() > 4_096);
        assertEquals(good, ((SessionLoad.Loaded) small.load()).snapshot());
    }

    @Test
    void fiftyMegabyteAndSparseThreeGigabyteSessionFilesAreSetAsideUnread() throws IOException {
        SessionSnapshot good = Snapshots.autosave(NOW, "/good");
        store.save(good);
        store.save(Snapshots.autosave(NOW.plusSeconds(8), "/newer"));
        try (java.io.RandomAccessFile file = new java.io.RandomAccessFile(dir.sessionFile().toFile(), "rw")) {
            file.setLength(3L * 1024 * 1024 * 1024);
        }

        SessionLoad.Loaded loaded = assertInstanceOf(SessionLoad.Loaded.class, store.load());

        assertEquals(good, loaded.snapshot());
        assertTrue(loaded.notices().get(0).contains("larger than the limit of " + SessionSnapshotStore.DEFAULT_MAX_FILE_BYTES),
                loaded.notices().get(0));
        assertTrue(stateFiles().contains("session.corrupt-" + STAMP + ".json"));

        byte[] fifty = new byte[50 * 1024 * 1024];
        java.util.Arrays.fill(fifty, (byte) ' ');
        Files.write(dir.sessionFile(), fifty);
        SessionLoad again = store.load();
        assertTrue(again.toString().contains("larger than the limit"), again.toString());
    }

    private static byte[] codecBytes(SessionSnapshot snapshot) throws IOException {
        return new SessionSnapshotCodec().encode(snapshot);
    }

    private SessionSnapshot loadedFrom(Path file) throws IOException {
        SessionSnapshotCodec.Result result = new SessionSnapshotCodec().decode(Files.readAllBytes(file));
        return assertInstanceOf(SessionSnapshotCodec.Decoded.class, result, result::toString).snapshot();
    }

    private List<String> stateFiles() throws IOException {
        try (Stream<Path> listing = Files.list(dir.root())) {
            return listing.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }
}
