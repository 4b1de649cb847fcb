package dev.holdfast.checkpoint.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.holdfast.checkpoint.session.LaunchRecord;
import dev.holdfast.checkpoint.session.PanelSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshot;
import dev.holdfast.checkpoint.session.WindowFrame;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A checkpoint records the fingerprint of the screen it was captured from, and a crash restore keeps it. */
class ScreenFingerprintFieldTest {
    private static final Instant T = Instant.parse("2026-03-01T10:00:00Z");
    private static final String FINGERPRINT = "cd".repeat(32);
    private final ScrollbackRecordCodec codec = new ScrollbackRecordCodec();

    @Test
    void theFingerprintSurvivesTheRoundTrip() throws Exception {
        UUID panel = UUID.randomUUID();
        ScrollbackRecord record = ScrollbackRecord.of(panel, UUID.randomUUID(), T, 7, false, false, "a\r\nb", FINGERPRINT);
        ScrollbackRecordCodec.Result result = codec.decode(codec.encode(record), panel);
        assertEquals(record, assertInstanceOf(ScrollbackRecordCodec.Decoded.class, result).record());
    }

    @Test
    void aCheckpointWrittenBeforeTheFieldReadsItAsAbsent() throws Exception {
        UUID panel = UUID.randomUUID();
        ScrollbackRecord record = ScrollbackRecord.of(panel, UUID.randomUUID(), T, 7, false, false, "a", FINGERPRINT);
        ObjectMapper json = new ObjectMapper();
        ObjectNode tree = (ObjectNode) json.readTree(codec.encode(record));
        tree.remove("screenFingerprint");
        ScrollbackRecord read = ((ScrollbackRecordCodec.Decoded) codec.decode(json.writeValueAsBytes(tree), panel)).record();
        assertNull(read.screenFingerprint());
        assertEquals("a", read.scrollback());
    }

    @Test
    void aCrashRestoreTakesTheFingerprintWithTheCheckpointsText() {
        UUID panel = UUID.randomUUID();
        UUID crashed = UUID.randomUUID();
        SessionSnapshot autosave = new SessionSnapshot(T, new WindowFrame(0, 0, 800, 600, false),
                List.of(new PanelSnapshot(panel, null, null, "/src", null, true)), 0, null);
        ScrollbackRecord checkpoint = ScrollbackRecord.of(panel, crashed, T.plusSeconds(30), 9, false, false, "text",
                FINGERPRINT);
        LaunchRecord afterCrash = new LaunchRecord(UUID.randomUUID(), T.plusSeconds(90), crashed, true, false);
        RestorePlan plan = RestorePlan.merge(autosave, afterCrash, List.of(checkpoint));
        assertEquals(FINGERPRINT, plan.snapshot().panels().get(0).screenFingerprint());
    }
}
