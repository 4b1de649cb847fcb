package dev.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** A window's worst FX stall is its own, not the launch's. */
class FxStallFiguresTest {
    private static JsonNode stalls(String json) throws Exception {
        return new ObjectMapper().readTree(json.replace('\'', '"'));
    }

    @Test
    void theWorstStallBetweenTwoSnapshotsIgnoresTheStallsBeforeTheFirst() throws Exception {
        JsonNode before = stalls("{'stallCount': 2, 'stalls': [{'millis': 900}, {'millis': 300}],"
                + " 'histogram': {'<1ms': 10, '<16ms': 3, '<250ms': 1, '<1000ms': 1}}");
        JsonNode quiet = stalls("{'stallCount': 2, 'stalls': [{'millis': 900}, {'millis': 300}],"
                + " 'histogram': {'<1ms': 50, '<16ms': 7, '<250ms': 1, '<1000ms': 1}}");
        JsonNode stalled = stalls("{'stallCount': 4, 'stalls': [{'millis': 900}, {'millis': 300}, {'millis': 120},"
                + " {'millis': 180}], 'histogram': {'<1ms': 50, '<16ms': 7, '<250ms': 3, '<1000ms': 1}}");

        assertEquals(16, FxStallFigures.worstBetween(before, quiet), "no stall kept: the top bucket that grew");
        assertEquals(180, FxStallFigures.worstBetween(before, stalled), "the stalls kept since, not the 900 ms one");
        assertEquals(0, FxStallFigures.worstBetween(before, before), "nothing happened");
    }
}
