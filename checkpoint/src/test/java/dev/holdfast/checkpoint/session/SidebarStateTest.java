package dev.holdfast.checkpoint.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.holdfast.checkpoint.scrollback.RestorePlan;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The sidebar is remembered with the session: shown, its order and its filter; older files have none. */
class SidebarStateTest {
    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    private final SessionSnapshotCodec codec = new SessionSnapshotCodec();
    private final SessionSnapshot snapshot = new SessionSnapshot(NOW, Snapshots.WINDOW,
            List.of(new PanelSnapshot(UUID.randomUUID(), null, null, "/", null, true)), 0, null)
            .withSidebar(new SidebarState(true, "TAB_ORDER", true));

    @Test
    void theSidebarSurvivesTheRoundTripAndTheRestoreMerge() throws Exception {
        SessionSnapshot decoded = ((SessionSnapshotCodec.Decoded) codec.decode(codec.encode(snapshot))).snapshot();

        assertEquals(new SidebarState(true, "TAB_ORDER", true), decoded.sidebar());
        assertEquals(decoded.sidebar(), RestorePlan.merge(decoded, null, List.of()).snapshot().sidebar());
    }

    @Test
    void aFileFromBeforeTheSidebarHasNone() throws Exception {
        ObjectMapper json = new ObjectMapper();
        ObjectNode tree = (ObjectNode) json.readTree(codec.encode(snapshot));
        tree.remove("sidebar");

        SessionSnapshotCodec.Result result = codec.decode(json.writeValueAsBytes(tree));

        assertNull(assertInstanceOf(SessionSnapshotCodec.Decoded.class, result).snapshot().sidebar());
    }
}
