package dev.holdfast.checkpoint.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A saved tab records the fingerprint of the screen its scrollback came from; older files read it as absent. */
class PanelScreenFingerprintTest {
    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00.5Z");
    private static final String FINGERPRINT = "ab".repeat(32);
    private final SessionSnapshotCodec codec = new SessionSnapshotCodec();

    private static SessionSnapshot withPanel(PanelSnapshot panel) {
        return new SessionSnapshot(NOW, Snapshots.WINDOW, List.of(panel), 0, NOW);
    }

    @Test
    void theFingerprintSurvivesTheRoundTrip() throws Exception {
        PanelSnapshot panel = new PanelSnapshot(UUID.randomUUID(), null, "vim", "/src", "text\r\n", true, FINGERPRINT);
        SessionSnapshot decoded = ((SessionSnapshotCodec.Decoded) codec.decode(codec.encode(withPanel(panel)))).snapshot();
        assertEquals(FINGERPRINT, decoded.panels().get(0).screenFingerprint());
    }

    @Test
    void aFileWrittenBeforeTheFieldReadsItAsAbsent() throws Exception {
        PanelSnapshot panel = new PanelSnapshot(UUID.randomUUID(), null, null, "/src", "text", true, FINGERPRINT);
        ObjectMapper json = new ObjectMapper();
        ObjectNode tree = (ObjectNode) json.readTree(codec.encode(withPanel(panel)));
        ((ObjectNode) tree.get("panels").get(0)).remove("screenFingerprint");
        SessionSnapshotCodec.Result result = codec.decode(json.writeValueAsBytes(tree));
        PanelSnapshot read = assertInstanceOf(SessionSnapshotCodec.Decoded.class, result).snapshot().panels().get(0);
        assertNull(read.screenFingerprint());
        assertEquals("text", read.scrollback());
    }

    @Test
    void withoutScrollbackThereIsNoFingerprint() {
        assertNull(new PanelSnapshot(UUID.randomUUID(), null, null, "/", null, true, FINGERPRINT).screenFingerprint());
        assertNull(new PanelSnapshot(UUID.randomUUID(), null, null, "/", "secret", false, FINGERPRINT).screenFingerprint(),
                "a tab kept off the disk keeps its fingerprint off too");
    }
}
