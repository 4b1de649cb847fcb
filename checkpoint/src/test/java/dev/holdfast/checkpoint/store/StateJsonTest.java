package dev.holdfast.checkpoint.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class StateJsonTest {

    record Stamp(Instant at, int count) {
        Stamp {
            if (count < 0) {
                throw new IllegalArgumentException("count " + count + " is negative");
            }
        }
    }

    record Box(List<Stamp> stamps) {
    }

    private final ObjectMapper mapper = StateJson.newMapper();

    @Test
    void instantsAreWrittenAsIsoTextAndReadBack() throws JsonProcessingException {
        Stamp stamp = new Stamp(Instant.parse("2025-03-14T09:15:02.123456789Z"), 3);

        String json = mapper.writeValueAsString(stamp);

        assertTrue(json.contains("\"2025-03-14T09:15:02.123456789Z\""), json);
        assertEquals(stamp, mapper.readValue(json, Stamp.class));
    }

    @Test
    void unknownFieldsAreIgnored() throws JsonProcessingException {
        Stamp read = mapper.readValue("{\"at\":\"2025-01-01T00:00:00Z\",\"count\":1,\"later\":{\"x\":1}}", Stamp.class);

        assertEquals(1, read.count());
    }

    @Test
    void trailingGarbageIsRejected() {
        assertThrows(JsonProcessingException.class,
                () -> mapper.readValue("{\"at\":\"2025-01-01T00:00:00Z\",\"count\":1} }", Stamp.class));
    }

    @Test
    void aMissingNumberReadsAsZeroForTheRecordToJudge() throws JsonProcessingException {
        assertEquals(0, mapper.readValue("{\"at\":\"2025-01-01T00:00:00Z\"}", Stamp.class).count());
    }

    @Test
    void describeGivesTheRecordsOwnReasonAndTheJsonPath() {
        JsonProcessingException e = assertThrows(JsonProcessingException.class, () -> mapper.readValue(
                "{\"stamps\":[{\"at\":\"2025-01-01T00:00:00Z\",\"count\":1},{\"count\":-4}]}", Box.class));

        assertEquals("count -4 is negative at stamps[1]", StateJson.describe(e));
    }

    @Test
    void describeGivesLineAndColumnForMalformedJson() {
        JsonProcessingException e = assertThrows(JsonProcessingException.class,
                () -> mapper.readTree("{\n  \"at\": ,\n}"));

        String reason = StateJson.describe(e);

        assertTrue(reason.endsWith("at line 2, column 9"), reason);
        assertTrue(!reason.contains("\n"), reason);
    }

    @Test
    void describeDropsTheSourceJacksonEmbedsInItsMessages() {
        JsonProcessingException e = assertThrows(JsonProcessingException.class,
                () -> mapper.readTree("{\"stamps\": ["));

        assertEquals("Unexpected end-of-input: expected close marker for Array (start marker at line: 1, column: 12)"
                + " at line 1, column 13", StateJson.describe(e));
    }

    @Test
    void formatProblemAcceptsOnlyAnObjectOfTheSupportedVersion() throws JsonProcessingException {
        assertEquals(null, StateJson.formatProblem(mapper.readTree("{\"version\": 3}"), 3));
        assertEquals("format version 2 is not supported (this build reads version 3)",
                StateJson.formatProblem(mapper.readTree("{\"version\": 2}"), 3));
        assertEquals("it has no format version", StateJson.formatProblem(mapper.readTree("{\"version\": \"3\"}"), 3));
        assertEquals("it is not a JSON object", StateJson.formatProblem(mapper.readTree("[3]"), 3));
        assertEquals("it is empty", StateJson.formatProblem(mapper.readTree(""), 3));
    }

    @Test
    void oneLineCollapsesBreaksAndCapsTheLength() {
        assertEquals("a b c", StateJson.oneLine(" a\n\tb \r\n c "));
        String capped = StateJson.oneLine("x".repeat(1000));
        assertEquals(200, capped.length());
        assertTrue(capped.endsWith("…"));
    }
}
