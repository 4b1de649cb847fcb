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
            if (tree == null || tree.isMissingNode()) {
                return new Rejected("it is empty");
            }
            if (!tree.isObject()) {
                return new Rejected("it is not a JSON object");
            }
            // Checked before binding: a future format may be shaped so differently that binding would fail
            // first and hide the one reason that matters.
            JsonNode version = tree.get("version");
            if (version == null || !version.isInt()) {
                return new Rejected("it has no format version");
            }
            if (version.intValue() != SessionSnapshot.CURRENT_VERSION) {
                return new Rejected("format version " + version.intValue()
                        + " is not supported (this build reads version " + SessionSnapshot.CURRENT_VERSION + ")");
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
