package dev.holdfast.terminal.agent.transcript;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.function.Consumer;

/** Reading the records of an agent's JSON-lines file: one object a line, each timestamped in ISO-8601. */
public final class JsonRecords {
    private JsonRecords() {
    }

    /**
     * The line as a JSON object, or empty when it is not one; why is told to {@code skipped} (an agent's file is
     * read while it is written, and a later version may write what this one cannot read).
     *
     * @param what what the file is called in that message ("rollout", "transcript")
     */
    public static Optional<JsonNode> object(ObjectMapper json, byte[] bytes, int length, String what,
                                            Consumer<String> skipped) {
        JsonNode record;
        try {
            record = json.readTree(bytes, 0, length);
        } catch (JsonProcessingException e) {
            skipped.accept("a " + what + " line is not JSON: " + e.getOriginalMessage());
            return Optional.empty();
        } catch (IOException e) {
            skipped.accept("a " + what + " line could not be read: " + e.getMessage());
            return Optional.empty();
        }
        if (record == null || !record.isObject()) {
            skipped.accept("a " + what + " line is not a JSON object");
            return Optional.empty();
        }
        return Optional.of(record);
    }

    /** A record's {@code timestamp}-like field, when it holds an instant. */
    public static Optional<Instant> instant(JsonNode field) {
        if (!field.isTextual() || field.asText().isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Instant.parse(field.asText()));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
