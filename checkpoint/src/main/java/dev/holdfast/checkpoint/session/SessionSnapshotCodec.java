package dev.holdfast.checkpoint.session;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.holdfast.checkpoint.store.StateJson;
import java.io.IOException;

/** The bytes of {@code session.json}: writes the current format, and reads it or says why it cannot. */
final class SessionSnapshotCodec {

    sealed interface Result {
    }

    record Decoded(SessionSnapshot snapshot) implements Result {
    }

    record Rejected(String reason) implements Result {
    }

    private final ObjectMapper mapper = StateJson.newMapper();

    byte[] encode(SessionSnapshot snapshot) throws JsonProcessingException {
        return mapper.writeValueAsBytes(snapshot);
    }

    Result decode(byte[] bytes) {
        try {
            JsonNode tree = mapper.readTree(bytes);
            String problem = StateJson.formatProblem(tree, SessionSnapshot.CURRENT_VERSION);
            if (problem != null) {
                return new Rejected(problem);
            }
            applyDefaultsOfLaterFields((ObjectNode) tree);
            return new Decoded(mapper.treeToValue(tree, SessionSnapshot.class));
        } catch (JsonProcessingException e) {
            return new Rejected(StateJson.describe(e));
        } catch (IOException e) {
            return new Rejected(StateJson.oneLine(e.toString()));
        }
    }

    /**
     * Fields added to version 1 after its first release, whose absence must not read as Jackson's default:
     * an older file has no "don't persist" choice recorded, which means scrollback was persisted.
     */
    private static void applyDefaultsOfLaterFields(ObjectNode snapshot) {
        JsonNode panels = snapshot.get("panels");
        if (panels == null || !panels.isArray()) {
            return;
        }
        for (JsonNode panel : panels) {
            if (panel instanceof ObjectNode fields && !fields.has("persistScrollback")) {
                fields.put("persistScrollback", true);
            }
        }
    }
}
