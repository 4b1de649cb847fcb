package dev.holdfast.checkpoint.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The agent, tmux and ssh records of a snapshot's tabs: written, read back, and read leniently. */
class PanelForegroundTest {
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    private static final String ID = "019aad50-a7e6-7422-b7a8-0b384290624f";

    private final SessionSnapshotCodec codec = new SessionSnapshotCodec();
    private final ObjectMapper json = new ObjectMapper();

    private static SessionSnapshot with(PanelForeground... foregrounds) {
        List<PanelSnapshot> panels = new java.util.ArrayList<>();
        for (PanelForeground f : foregrounds) {
            panels.add(new PanelSnapshot(UUID.randomUUID(), null, "t", "/home/u", null, true, null, f));
        }
        return new SessionSnapshot(NOW, Snapshots.WINDOW, panels, 0, null);
    }

    private SessionSnapshot decoded(byte[] bytes) {
        SessionSnapshotCodec.Result result = codec.decode(bytes);
        return assertInstanceOf(SessionSnapshotCodec.Decoded.class, result, result::toString).snapshot();
    }

    @Test
    void boundAndUnboundAgentsTmuxAndSshSurviveTheRoundTrip() throws IOException {
        SessionSnapshot snapshot = with(
                new PanelForeground.AgentRun("codex", ID, "fix the flaky test", "/home/u/proj", List.of("codex", "-m", "o3"),
                        "RESUME_ARGUMENT", null, List.of(new PanelForeground.SavedProcess(42, NOW)), "/home/u/.codex",
                        "/home/u/.codex/sessions/r.jsonl"),
                new PanelForeground.AgentRun("claude", null, null, "/p", List.of("claude"), null, "two fit",
                        List.of(new PanelForeground.SavedProcess(43, null)), null, null),
                new PanelForeground.TmuxClient("work", List.of("-L", "x")),
                new PanelForeground.SshClient("me@host", List.of("-p", "2222")),
                null);
        assertEquals(snapshot, decoded(codec.encode(snapshot)));
        ObjectNode written = (ObjectNode) json.readTree(codec.encode(snapshot));
        assertEquals("agent", written.get("panels").get(0).get("foreground").get("kind").asText());
    }

    @Test
    void aFileFromBeforeTheseFieldsReadsWithNoForeground() throws IOException {
        SessionSnapshot legacy = decoded(SessionSnapshotCodecTest.legacyFile());
        legacy.panels().forEach(panel -> assertNull(panel.foreground()));
    }

    @Test
    void aKindOfALaterBuildReadsAsNothingAndKeepsTheTab() throws IOException {
        ObjectNode tree = (ObjectNode) json.readTree(codec.encode(with(new PanelForeground.TmuxClient("w", List.of()))));
        ObjectNode foreground = (ObjectNode) tree.get("panels").get(0).get("foreground");
        foreground.put("kind", "mosh");
        SessionSnapshot read = decoded(json.writeValueAsBytes(tree));
        assertEquals(1, read.panels().size());
        assertNull(read.panels().get(0).foreground());
    }

    @Test
    void missingAndOddFieldsOfAnAgentReadLeniently() throws IOException {
        ObjectNode tree = (ObjectNode) json.readTree(codec.encode(with(new PanelForeground.TmuxClient("w", List.of()))));
        ObjectNode panel = (ObjectNode) tree.get("panels").get(0);
        ObjectNode agent = panel.putObject("foreground");
        agent.put("kind", "agent");
        agent.put("agent", "codex");
        agent.put("future", 1);
        ArrayNode processes = agent.putArray("processes");
        processes.addObject().put("pid", -1);
        processes.addNull();
        PanelForeground.AgentRun read = (PanelForeground.AgentRun) decoded(json.writeValueAsBytes(tree)).panels().get(0)
                .foreground();
        assertEquals("codex", read.agent());
        assertEquals(List.of(), read.argv());
        assertEquals(List.of(), read.processes());
        assertEquals(false, read.bound());
    }

    @Test
    void aRestoreMergeThatTakesCheckpointScrollbackKeepsTheForeground() {
        PanelForeground agent = new PanelForeground.TmuxClient("w", List.of());
        PanelSnapshot panel = new PanelSnapshot(UUID.randomUUID(), null, null, "/", null, true, null, agent);
        assertEquals(agent, panel.withScrollback("text", "fp").foreground());
    }
}
