package dev.holdfast.checkpoint.session;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.holdfast.checkpoint.store.StateJson;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

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

    /** What {@link #peekScrollbackCapturedAt} found: when the file's scrollback was captured, if it has any. */
    record Peeked(Optional<Instant> scrollbackCapturedAt) {
    }

    /**
     * When the file's scrollback was captured, read without decoding its panels' text: the tokens are scanned, the
     * strings skipped. Empty when the file is not a well-formed document of the current version with a readable
     * time there; only {@link #decode} says why. A session with twenty tabs' scrollback is ten megabytes of JSON,
     * and a launch reads the scrollback generation only to learn whether it is newer than the session it restores.
     */
    Optional<Peeked> peekScrollbackCapturedAt(byte[] bytes) {
        try (JsonParser parser = mapper.getFactory().createParser(bytes)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            Integer version = null;
            Instant captured = null;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals("version") && value == JsonToken.VALUE_NUMBER_INT) {
                    version = parser.getIntValue();
                } else if (field.equals("scrollbackCapturedAt") && value == JsonToken.VALUE_STRING) {
                    captured = Instant.parse(parser.getText());
                } else {
                    parser.skipChildren();
                }
            }
            boolean whole = parser.currentToken() == JsonToken.END_OBJECT && parser.nextToken() == null;
            if (!whole || version == null || version != SessionSnapshot.CURRENT_VERSION) {
                return Optional.empty();
            }
            return Optional.of(new Peeked(Optional.ofNullable(captured)));
        } catch (IOException | DateTimeParseException e) {
            return Optional.empty();
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
