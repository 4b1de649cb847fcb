package dev.holdfast.checkpoint.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.holdfast.checkpoint.session.CheckpointOwners;
import dev.holdfast.checkpoint.session.PanelSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshot;
import dev.holdfast.checkpoint.session.WindowFrame;
import dev.holdfast.checkpoint.store.StateDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every saved scrollback records the fingerprint of the screen it was captured from, so a restart with nothing
 * changed finds its pane clocks' row: in a checkpoint's record and in each append (which replaces the screen, and so
 * the fingerprint), through a restore's merge and into the seed that a second crash restores from. Older files,
 * without the field, read it as absent.
 */
class ScrollbackFingerprintTest {
    private static final Instant NOW = Instant.parse("2026-03-14T09:15:02Z");
    private static final UUID LAUNCH = new UUID(0x1a0cL, 1);
    private static final UUID PANEL = UUID.fromString("3f2b6c1e-8a4d-4e9b-9c2a-1d7e5f6a8b90");
    private static final String FIRST = "aa".repeat(32);
    private static final String SECOND = "bb".repeat(32);
    private static final WindowFrame WINDOW = new WindowFrame(0, 0, 800, 600, false);

    @TempDir
    Path root;
    private ScrollbackStore store;

    @BeforeEach
    void open() throws IOException {
        StateDirectory state = new StateDirectory(root.resolve("state"), root.resolve("config")).open();
        store = new ScrollbackStore(state, new ManualClock(NOW), 64 * 1024);
    }

    private ScrollbackRecord readBack() {
        List<CheckpointRead> reads = store.readAll(new CheckpointOwners(List.of(LAUNCH), false));
        return assertInstanceOf(CheckpointRead.Accepted.class, reads.get(0)).record();
    }

    @Test
    void aRecordKeepsItsFingerprintThroughTheCodec() throws IOException {
        store.write(ScrollbackRecord.of(PANEL, LAUNCH, NOW, 3, false, false, "a\r\n$ ", 2, FIRST));

        assertEquals(FIRST, readBack().screenFingerprint());
    }

    @Test
    void anAppendReplacesTheFingerprintWithItsScreen() throws IOException {
        long size = store.write(ScrollbackRecord.of(PANEL, LAUNCH, NOW, 3, false, false, "a\r\n$ ", 2, FIRST));
        size = store.append(PANEL, new ScrollbackAppend(LAUNCH, NOW.plusSeconds(60), 4, "b\r\n", "$ ls", SECOND), size);

        assertEquals(SECOND, readBack().screenFingerprint());

        store.append(PANEL, new ScrollbackAppend(LAUNCH, NOW.plusSeconds(120), 5, "c\r\n", "$ ", null), size);
        assertNull(readBack().screenFingerprint(), "an append that could not vouch for its screen vouches for none");
    }

    @Test
    void aFileWrittenBeforeTheFieldReadsItAsAbsent() throws IOException {
        store.write(ScrollbackRecord.of(PANEL, LAUNCH, NOW, 3, false, false, "a\r\n$ ", 2, FIRST));
        ObjectMapper json = new ObjectMapper();
        List<String> lines = Files.readAllLines(store.fileOf(PANEL), StandardCharsets.UTF_8);
        ObjectNode first = (ObjectNode) json.readTree(lines.get(0));
        first.remove("screenFingerprint");
        Files.writeString(store.fileOf(PANEL), json.writeValueAsString(first) + "\n"
                + "{\"type\":\"append\",\"launchId\":\"" + LAUNCH + "\",\"capturedAt\":\"2026-03-14T09:16:02Z\","
                + "\"generation\":4,\"history\":\"b\\r\\n\",\"screen\":\"$ \"}\n");

        ScrollbackRecord read = readBack();
        assertNull(read.screenFingerprint());
        assertEquals("a\r\nb\r\n$ ", read.scrollback());
    }

    @Test
    void theWriterStoresTheCapturesFingerprintWholeAndAppended() throws IOException {
        CheckpointWriter writer = new CheckpointWriter(store, new LastLinesTrimmer(), CheckpointSettings.defaults());

        writer.write(PANEL, LAUNCH, NOW, 1, false, new CaptureText("a\r\n", "$ ", FIRST));
        assertEquals(FIRST, readBack().screenFingerprint());

        writer.append(PANEL, LAUNCH, NOW.plusSeconds(60), 2, false, new CaptureText("b\r\n", "$ ", SECOND));
        assertEquals(SECOND, readBack().screenFingerprint());
    }

    @Test
    void aCheckpointsFingerprintReachesTheRestoredTabAndItsSeed() {
        SessionSnapshot autosave = new SessionSnapshot(NOW, WINDOW,
                List.of(new PanelSnapshot(PANEL, null, "bash", "/home/dana", null, true)), 0, null);
        ScrollbackRecord checkpoint = ScrollbackRecord.of(PANEL, LAUNCH, NOW.minusSeconds(5), 4, false, false,
                "text\r\n$ ", 2, FIRST);

        RestorePlan plan = RestorePlan.merge(autosave, null, List.of(checkpoint));

        assertEquals(FIRST, plan.snapshot().panels().get(0).screenFingerprint());
        assertEquals(FIRST, plan.seeds().get(0).screenFingerprint(),
                "the seed keeps it, so a second crash before the next capture still matches");
    }

    @Test
    void aQuitSnapshotsFingerprintReachesTheRestoredTabAndItsSeed() {
        SessionSnapshot quit = new SessionSnapshot(NOW, WINDOW,
                List.of(new PanelSnapshot(PANEL, null, "bash", "/home/dana", "at quit\r\n", true, SECOND)), 0, NOW);

        RestorePlan plan = RestorePlan.merge(quit, null, List.of(
                ScrollbackRecord.of(PANEL, LAUNCH, NOW.minusSeconds(30), 4, false, false, "older\r\n", 0, FIRST)));

        assertEquals("at quit\r\n", plan.snapshot().panels().get(0).scrollback());
        assertEquals(SECOND, plan.snapshot().panels().get(0).screenFingerprint(),
                "the fingerprint travels with the text it describes, not with the older checkpoint");
        assertEquals(SECOND, plan.seeds().get(0).screenFingerprint());
    }

    @Test
    void aSeedWritesItsFingerprintIntoTheNewLaunchsRecord() throws IOException {
        Rig rig = new Rig(root.resolve("rig"));
        FakeTerminal restored = rig.open(1);

        rig.coordinator.seed(List.of(new ScrollbackSeed(restored.panelId(), "recovered\r\n", Rig.START, false, FIRST)));
        rig.settle();

        assertEquals(FIRST, rig.recordOf(restored).screenFingerprint());
    }
}
