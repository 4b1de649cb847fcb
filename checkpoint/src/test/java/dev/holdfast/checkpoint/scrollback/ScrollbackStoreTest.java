package dev.holdfast.checkpoint.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.holdfast.checkpoint.session.CheckpointOwners;
import dev.holdfast.checkpoint.store.StateDirectory;
import java.io.RandomAccessFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScrollbackStoreTest {

    private static final Instant NOW = Instant.parse("2025-03-14T09:15:02Z");
    private static final UUID CRASHED = new UUID(0x1a0cL, 1);
    private static final UUID OLDER = new UUID(0x1a0cL, 0);
    private static final UUID PANEL = UUID.fromString("3f2b6c1e-8a4d-4e9b-9c2a-1d7e5f6a8b90");
    private static final UUID OTHER = UUID.fromString("9b1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b");
    private static final int LIMIT = 64 * 1024;

    @TempDir
    Path root;

    private ScrollbackStore store;
    private final ObjectMapper json = new ObjectMapper();

    @BeforeEach
    void openStore() throws IOException {
        StateDirectory state = new StateDirectory(root.resolve("state"), root.resolve("config")).open();
        store = new ScrollbackStore(state, new ManualClock(NOW), LIMIT);
    }

    @Test
    void aWrittenRecordIsAPrivateFileInAPrivateDirectoryAndReadsBack() throws IOException {
        ScrollbackRecord record = record(PANEL, CRASHED, "\u001b[1;31merror\u001b[0m caf\u00e9 \uD83D\uDE80\r\nnext");

        store.write(record);

        assertEquals(store.directory().resolve(PANEL + ".json"), store.fileOf(PANEL));
        assertEquals("rwx------", mode(store.directory()));
        assertEquals("rw-------", mode(store.fileOf(PANEL)));
        assertEquals(List.of(new CheckpointRead.Accepted(store.fileOf(PANEL), record)), store.readAll(owners(CRASHED)));
        assertEquals(2, record.lineCount());
    }

    @Test
    void aRewriteReplacesTheRecordWhole() throws IOException {
        store.write(record(PANEL, CRASHED, "first, and longer than the second"));
        ScrollbackRecord second = record(PANEL, CRASHED, "second");

        store.write(second);

        assertEquals(List.of(new CheckpointRead.Accepted(store.fileOf(PANEL), second)), store.readAll(owners(CRASHED)));
        assertEquals(List.of(store.fileOf(PANEL)), entries());
    }

    @Test
    void deleteRemovesOneRecord() throws IOException {
        store.write(record(PANEL, CRASHED, "x"));
        store.write(record(OTHER, CRASHED, "y"));

        assertTrue(store.delete(PANEL));
        assertFalse(store.delete(PANEL));

        assertEquals(List.of(store.fileOf(OTHER)), entries());
    }

    @Test
    void pruneKeepsLivePanelsAndRemovesOthersAndLeftoverTemporaryFiles() throws IOException {
        store.write(record(PANEL, CRASHED, "x"));
        store.write(record(OTHER, CRASHED, "y"));
        Path leftover = Files.writeString(store.directory().resolve("." + OTHER + ".json.123.tmp"), "half");
        Path quarantined = Files.writeString(store.directory().resolve(PANEL + ".corrupt-20250101-000000.json"), "{");
        Path foreign = Files.writeString(store.directory().resolve("notes.txt"), "mine");

        assertEquals(2, store.prune(Set.of(PANEL)));

        assertEquals(Stream.of(store.fileOf(PANEL), quarantined, foreign).sorted().toList(), entries());
        assertFalse(Files.exists(leftover));
    }

    @Test
    void pruneAndReadOfAMissingDirectoryFindNothing() throws IOException {
        assertEquals(0, store.prune(Set.of()));
        assertEquals(List.of(), store.readAll(owners(CRASHED)));
        store.deleteAll();
    }

    @Test
    void deleteAllRemovesTheDirectoryWithEverythingInIt() throws IOException {
        store.write(record(PANEL, CRASHED, "x"));
        Files.writeString(store.directory().resolve(OTHER + ".corrupt-20250101-000000.json"), "{");

        store.deleteAll();

        assertFalse(Files.exists(store.directory()));
    }

    @Test
    void aRecordThatWouldExceedTheLimitIsNotWritten() throws IOException {
        store.write(record(PANEL, CRASHED, "kept"));

        OversizedRecordException e = assertThrows(OversizedRecordException.class,
                () -> store.write(record(PANEL, CRASHED, "x".repeat(LIMIT))));

        assertTrue(e.encodedBytes() > LIMIT);
        assertEquals(LIMIT, e.limitBytes());
        assertEquals("kept", accepted().scrollback());
    }

    @Test
    void onlyRecordsOfTheLaunchThatEndedUncleanlyAreAcceptedAndOlderOnesAreDeleted() throws IOException {
        store.write(record(PANEL, CRASHED, "mine"));
        store.write(record(OTHER, OLDER, "a leftover whose deletion failed"));

        List<CheckpointRead> reads = store.readAll(owners(CRASHED));

        assertEquals(2, reads.size());
        assertEquals("mine", accepted().scrollback());
        CheckpointRead.Rejected stale = rejected(reads, OTHER);
        assertTrue(stale.reason().startsWith("it was written by launch " + OLDER), stale.reason());
        assertFalse(Files.exists(store.fileOf(OTHER)));
    }

    @Test
    void malformedFilesAreRejectedWithTheirReasonAndMovedAside() throws IOException {
        store.write(record(PANEL, CRASHED, "x"));
        byte[] whole = Files.readAllBytes(store.fileOf(PANEL));
        List<UUID> panels = Stream.of(11, 12, 13, 14).map(n -> new UUID(0xbadL, n)).toList();
        Files.write(store.fileOf(panels.get(0)), java.util.Arrays.copyOf(whole, whole.length / 2));
        Files.writeString(store.fileOf(panels.get(1)), "");
        Files.writeString(store.fileOf(panels.get(2)), "[1, 2]");
        Files.writeString(store.fileOf(panels.get(3)), "{\"version\": 1, \"panelId\": \"" + panels.get(3) + "\"}");

        List<CheckpointRead> reads = store.readAll(owners(CRASHED));

        assertEquals(5, reads.size());
        assertTrue(rejected(reads, panels.get(0)).reason().contains(" at line "));
        assertTrue(rejected(reads, panels.get(1)).reason().startsWith("it is empty"));
        assertTrue(rejected(reads, panels.get(2)).reason().startsWith("it is not a JSON object"));
        assertTrue(rejected(reads, panels.get(3)).reason().startsWith("launchId is missing"),
                rejected(reads, panels.get(3)).reason());
        for (UUID panel : panels) {
            assertFalse(Files.exists(store.fileOf(panel)), "moved aside: " + panel);
            assertTrue(rejected(reads, panel).reason().contains("moved aside as " + panel + ".corrupt-20250314-091502"));
        }
        assertEquals(5, entries().size(), "four kept aside for a bug report, and the good one");
    }

    @Test
    void anotherFormatVersionIsRejected() throws IOException {
        store.write(record(PANEL, CRASHED, "x"));
        ObjectNode tree = (ObjectNode) json.readTree(store.fileOf(PANEL).toFile());
        tree.put("version", 3);
        tree.remove("scrollback");
        json.writeValue(store.fileOf(PANEL).toFile(), tree);

        CheckpointRead.Rejected read = rejected(store.readAll(owners(CRASHED)), PANEL);

        assertTrue(read.reason().startsWith("format version 3 is not supported (this build reads version 2)"),
                read.reason());
    }

    @Test
    void aVersionOneRecordFromTheBuildBeforeAppendsStillReads() throws IOException {
        Files.createDirectories(store.directory());
        Files.writeString(store.fileOf(PANEL), """
                {
                  "version" : 1,
                  "panelId" : "%s",
                  "launchId" : "%s",
                  "capturedAt" : "2025-03-14T09:15:02Z",
                  "generation" : 7,
                  "lineCount" : 1,
                  "truncated" : false,
                  "agent" : false,
                  "scrollback" : "from the old build"
                }
                """.formatted(PANEL, CRASHED));

        assertEquals(record(PANEL, CRASHED, "from the old build"), accepted());
    }

    @Test
    void appendedCapturesReadBackAsOneRecordAndATornLastOneIsIgnored() throws IOException {
        long size = store.write(ScrollbackRecord.of(PANEL, CRASHED, NOW, 1, false, false, "a\r\n$ ", 2));
        size = store.append(PANEL, new ScrollbackAppend(CRASHED, NOW.plusSeconds(60), 2, "b\r\n", "$ ls"), size);
        long whole = store.append(PANEL, new ScrollbackAppend(CRASHED, NOW.plusSeconds(120), 3, "c\r\n", "$ "), size);

        ScrollbackRecord read = accepted();
        assertEquals("a\r\nb\r\nc\r\n$ ", read.scrollback());
        assertEquals(3, read.generation());
        assertEquals(NOW.plusSeconds(120), read.capturedAt());
        assertEquals(2, read.screenChars());

        try (RandomAccessFile file = new RandomAccessFile(store.fileOf(PANEL).toFile(), "rw")) {
            file.setLength(whole - 10);
        }
        assertEquals("a\r\nb\r\n$ ls", accepted().scrollback(), "a crash in the middle of an append loses only it");
    }

    @Test
    void anAppendThatWouldOutgrowTheLimitIsRefusedAndTheFileStaysAsItWas() throws IOException {
        long size = store.write(record(PANEL, CRASHED, "kept\r\n"));

        assertThrows(OversizedRecordException.class, () -> store.append(PANEL,
                new ScrollbackAppend(CRASHED, NOW, 8, "x".repeat(LIMIT), ""), size));

        assertEquals(size, Files.size(store.fileOf(PANEL)));
        assertEquals("kept\r\n", accepted().scrollback());
    }

    @Test
    void anAppendOfAnotherLaunchIsRejected() throws IOException {
        long size = store.write(record(PANEL, CRASHED, "a\r\n"));
        store.append(PANEL, new ScrollbackAppend(OLDER, NOW, 8, "b\r\n", ""), size);

        assertTrue(rejected(store.readAll(owners(CRASHED)), PANEL).reason().contains("names launch " + OLDER));
    }

    @Test
    void whenTheOwnerIsUnknownEveryRecordThatValidatesIsAccepted() throws IOException {
        store.write(record(PANEL, CRASHED, "one"));
        store.write(record(OTHER, OLDER, "two"));

        List<CheckpointRead> reads = store.readAll(CheckpointOwners.ANY);

        assertTrue(reads.stream().allMatch(read -> read instanceof CheckpointRead.Accepted), reads::toString);
    }

    @Test
    void aThreeGigabyteSparseFileIsSetAsideWithoutBeingRead() throws IOException {
        Files.createDirectories(store.directory());
        try (RandomAccessFile file = new RandomAccessFile(store.fileOf(PANEL).toFile(), "rw")) {
            file.setLength(3L * 1024 * 1024 * 1024);
        }

        CheckpointRead.Rejected read = rejected(store.readAll(owners(CRASHED)), PANEL);

        assertTrue(read.reason().startsWith("it is larger than the limit of " + LIMIT + " bytes"), read.reason());
        assertFalse(Files.exists(store.fileOf(PANEL)));
    }

    @Test
    void aRecordOfAnotherPanelThanItsNameIsRejected() throws IOException {
        store.write(record(OTHER, CRASHED, "someone else's"));
        Files.move(store.fileOf(OTHER), store.fileOf(PANEL));

        CheckpointRead.Rejected read = rejected(store.readAll(owners(CRASHED)), PANEL);

        assertTrue(read.reason().startsWith("it holds panel " + OTHER + ", not the panel its name says"));
    }

    @Test
    void aFileOverTheSizeLimitIsRejectedWithoutBeingParsed() throws IOException {
        Files.createDirectories(store.directory());
        Files.writeString(store.fileOf(PANEL), "{\"version\": 2, \"pad\": \"" + "x".repeat(LIMIT) + "\"}");

        CheckpointRead.Rejected read = rejected(store.readAll(owners(CRASHED)), PANEL);

        assertTrue(read.reason().startsWith("it is larger than the limit of " + LIMIT + " bytes"));
    }

    @Test
    void somethingOtherThanARegularFileIsRejected() throws IOException {
        store.write(record(OTHER, CRASHED, "x"));
        Files.createSymbolicLink(store.fileOf(PANEL), store.fileOf(OTHER));

        CheckpointRead.Rejected read = rejected(store.readAll(owners(CRASHED)), PANEL);

        assertTrue(read.reason().startsWith("it is not a regular file"));
    }

    @Test
    void filesNotNamedAfterAPanelAreNotRead() throws IOException {
        store.write(record(PANEL, CRASHED, "x"));
        Files.writeString(store.directory().resolve(PANEL.toString().toUpperCase() + ".json"), "{");
        Files.writeString(store.directory().resolve("." + PANEL + ".json.42.tmp"), "{");

        assertEquals(1, store.readAll(owners(CRASHED)).size());
    }

    @Test
    void aRecordWithoutScrollbackOrWithNegativeCountsIsRejected() throws IOException {
        store.write(record(PANEL, CRASHED, "x"));
        ObjectNode tree = (ObjectNode) json.readTree(store.fileOf(PANEL).toFile());
        tree.put("generation", -3);
        json.writeValue(store.fileOf(PANEL).toFile(), tree);

        assertTrue(rejected(store.readAll(owners(CRASHED)), PANEL).reason().startsWith("generation -3 is negative"));
    }

    private ScrollbackRecord accepted() {
        return store.readAll(owners(CRASHED)).stream()
                .filter(read -> read instanceof CheckpointRead.Accepted)
                .map(read -> ((CheckpointRead.Accepted) read).record())
                .findFirst().orElseThrow();
    }

    private CheckpointRead.Rejected rejected(List<CheckpointRead> reads, UUID panel) {
        CheckpointRead read = reads.stream()
                .filter(r -> r.file().equals(store.fileOf(panel)))
                .findFirst().orElseThrow();
        return assertInstanceOf(CheckpointRead.Rejected.class, read, read::toString);
    }

    private List<Path> entries() throws IOException {
        try (Stream<Path> listing = Files.list(store.directory())) {
            return listing.sorted().toList();
        }
    }

    private static CheckpointOwners owners(UUID... launches) {
        return new CheckpointOwners(List.of(launches), false);
    }

    private static ScrollbackRecord record(UUID panel, UUID launch, String scrollback) {
        return ScrollbackRecord.of(panel, launch, NOW, 7, false, false, scrollback);
    }

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }
}
