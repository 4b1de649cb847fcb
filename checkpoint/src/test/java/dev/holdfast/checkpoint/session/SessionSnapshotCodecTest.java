package dev.holdfast.checkpoint.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.holdfast.checkpoint.session.SessionSnapshotCodec.Decoded;
import dev.holdfast.checkpoint.session.SessionSnapshotCodec.Rejected;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SessionSnapshotCodecTest {

    private static final Instant NOW = Instant.parse("2025-03-14T09:15:02.123456789Z");

    private final SessionSnapshotCodec codec = new SessionSnapshotCodec();
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void aSnapshotSurvivesTheRoundTripWithEveryField() throws JsonProcessingException {
        SessionSnapshot snapshot = Snapshots.full(NOW);

        assertEquals(snapshot, decoded(codec.encode(snapshot)));
    }

    @Test
    void instantsAreWrittenAsIsoTextAndAbsentOnesAsNull() throws IOException {
        JsonNode written = json.readTree(codec.encode(Snapshots.autosave(NOW, "/tmp")));

        assertEquals("2025-03-14T09:15:02.123456789Z", written.get("createdAt").textValue());
        assertTrue(written.get("scrollbackCapturedAt").isNull());
        assertEquals(1, written.get("version").intValue());
    }

    @Test
    void aLegacyVersionOneFileReadsWithTheDefaultsOfLaterFields() throws IOException {
        SessionSnapshot legacy = decoded(legacyFile());

        assertEquals(Instant.parse("2024-11-02T18:40:11.250Z"), legacy.createdAt());
        assertEquals(new WindowFrame(120, 80, 1280, 800, false), legacy.window());
        assertEquals(1, legacy.selectedIndex());
        assertNull(legacy.scrollbackCapturedAt());
        assertEquals(2, legacy.panels().size());
        PanelSnapshot logs = legacy.panels().get(1);
        assertEquals(UUID.fromString("9b1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b"), logs.panelId());
        assertEquals("logs", logs.customTitle());
        assertEquals("/var/log", logs.workingDirectory());
        assertNull(logs.programTitle());
        assertNull(logs.scrollback());
        for (PanelSnapshot panel : legacy.panels()) {
            assertTrue(panel.persistScrollback(), "a file from before the choice existed means persist");
        }
    }

    @Test
    void anExplicitChoiceNotToPersistScrollbackIsKept() throws IOException {
        ObjectNode tree = (ObjectNode) json.readTree(legacyFile());
        ((ObjectNode) tree.get("panels").get(0)).put("persistScrollback", false);

        SessionSnapshot read = decoded(json.writeValueAsBytes(tree));

        assertFalse(read.panels().get(0).persistScrollback());
        assertTrue(read.panels().get(1).persistScrollback());
    }

    @Test
    void fieldsFromANewerBuildAreIgnored() throws IOException {
        ObjectNode tree = (ObjectNode) json.readTree(codec.encode(Snapshots.full(NOW)));
        tree.put("theme", "dark");
        ((ObjectNode) tree.get("window")).put("screen", 2);
        ((ObjectNode) tree.get("panels").get(0)).putObject("agent").put("kind", "codex");

        assertEquals(Snapshots.full(NOW), decoded(json.writeValueAsBytes(tree)));
    }

    @Test
    void anotherFormatVersionIsRejectedForThatReason() throws IOException {
        ObjectNode tree = (ObjectNode) json.readTree(legacyFile());
        tree.put("version", 2);
        tree.put("panels", "reshaped in version 2");

        assertEquals("format version 2 is not supported (this build reads version 1)",
                rejected(json.writeValueAsBytes(tree)));
    }

    @Test
    void aFileWithoutVersionOrNotAnObjectIsRejected() {
        assertEquals("it has no format version", rejected("{\"createdAt\":\"2025-01-01T00:00:00Z\"}"));
        assertEquals("it has no format version", rejected("{\"version\":\"1\"}"));
        assertEquals("it is not a JSON object", rejected("[1]"));
        assertEquals("it is not a JSON object", rejected("null"));
        assertEquals("it is empty", rejected(""));
    }

    @Test
    void malformedOrTruncatedJsonIsRejectedWithItsPosition() throws IOException {
        byte[] whole = codec.encode(Snapshots.full(NOW));
        String truncated = new String(whole, 0, whole.length / 2, StandardCharsets.UTF_8);

        assertTrue(rejected(truncated).contains(" at line "), rejected(truncated));
        assertTrue(rejected("{\"version\":1} trailing").contains(" at line 1"));
    }

    @Test
    void invalidValuesAreRejectedWithTheReasonAndWhereTheyAre() throws IOException {
        ObjectNode badIndex = (ObjectNode) json.readTree(legacyFile());
        badIndex.put("selectedIndex", 5);
        ObjectNode noPanelId = (ObjectNode) json.readTree(legacyFile());
        ((ObjectNode) noPanelId.get("panels").get(1)).remove("panelId");
        ObjectNode badUuid = (ObjectNode) json.readTree(legacyFile());
        ((ObjectNode) badUuid.get("panels").get(0)).put("panelId", "not-a-uuid");
        ObjectNode noWindowSize = (ObjectNode) json.readTree(legacyFile());
        ((ObjectNode) noWindowSize.get("window")).remove("width");
        ObjectNode duplicate = (ObjectNode) json.readTree(legacyFile());
        ArrayNode panels = (ArrayNode) duplicate.get("panels");
        panels.add(panels.get(0).deepCopy());

        assertEquals("selected tab 5 is outside the 2 tabs", rejected(json.writeValueAsBytes(badIndex)));
        assertEquals("panelId is missing at panels[1]", rejected(json.writeValueAsBytes(noPanelId)));
        assertTrue(rejected(json.writeValueAsBytes(badUuid)).endsWith("at panels[0].panelId"));
        assertEquals("window size 0.0x800.0 is not positive at window", rejected(json.writeValueAsBytes(noWindowSize)));
        assertTrue(rejected(json.writeValueAsBytes(duplicate)).contains("appears more than once"));
    }

    @Test
    void aLoneSurrogateInScrollbackIsEscapedAndSurvivesTheRoundTrip() throws JsonProcessingException {
        // A cut through a surrogate pair: what a careless truncation of scrollback would produce.
        PanelSnapshot cut = new PanelSnapshot(Snapshots.SHELL, null, null, null, "rocket \uD83D", true);
        SessionSnapshot snapshot = new SessionSnapshot(NOW, Snapshots.WINDOW, List.of(cut), 0, NOW);

        byte[] encoded = codec.encode(snapshot);

        assertTrue(new String(encoded, StandardCharsets.US_ASCII).contains("rocket \\uD83D"));
        assertEquals(snapshot, decoded(encoded));
    }

    private SessionSnapshot decoded(byte[] bytes) {
        SessionSnapshotCodec.Result result = codec.decode(bytes);
        return assertInstanceOf(Decoded.class, result, () -> result.toString()).snapshot();
    }

    private String rejected(byte[] bytes) {
        SessionSnapshotCodec.Result result = codec.decode(bytes);
        return assertInstanceOf(Rejected.class, result, () -> result.toString()).reason();
    }

    private String rejected(String text) {
        return rejected(text.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] legacyFile() throws IOException {
        try (InputStream in = SessionSnapshotCodecTest.class.getResourceAsStream("legacy-v1-session.json")) {
            return in.readAllBytes();
        }
    }
}
