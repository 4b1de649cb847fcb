package dev.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The FX stall monitor's report as `ctl stats` gives it, read and printed for the load row and the benchmarks. */
class FxStallFiguresTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theP99IsTheUpperBoundOfTheBucketWhereTheNinetyNinthPercentFalls() throws Exception {
        assertEquals(16, FxStallFigures.p99Millis(stalls(90, 9, 1, 0)));
        assertEquals(50, FxStallFigures.p99Millis(stalls(90, 8, 2, 0)));
    }

    @Test
    void aP99InTheOpenLastBucketHasNoUpperBound() throws Exception {
        assertEquals(Double.POSITIVE_INFINITY, FxStallFigures.p99Millis(stalls(50, 0, 0, 50)));
    }

    @Test
    void eachKeptStallIsPrintedWithItsGcTimeAndTheTopOfItsStack() throws Exception {
        JsonNode fx = JSON.readTree("{\"probes\": 1, \"maxMillis\": 224, \"histogram\": {\"<250ms\": 1},"
                + " \"stalls\": [{\"millis\": 224, \"gcMillis\": 180, \"at\": [\"a.B.c(B.java:1)\", \"a.B.d(B.java:2)\","
                + " \"a.B.e(B.java:3)\", \"a.B.f(B.java:4)\", \"a.B.g(B.java:5)\"]}, {\"millis\": 120, \"gcMillis\": 0, \"at\": []}]}");
        String figures = FxStallFigures.of(fx);
        assertTrue(figures.contains("stall 224 ms (GC 180 ms) at a.B.c(B.java:1) < a.B.d(B.java:2) < a.B.e(B.java:3)"
                + " < a.B.f(B.java:4)" + System.lineSeparator()), figures);
        assertTrue(figures.endsWith("stall 120 ms (GC 0 ms) at (not sampled)"), figures);
    }

    @Test
    void aStallParkedInTheJdkShowsWhoWaits() throws Exception {
        JsonNode fx = JSON.readTree("{\"probes\": 1, \"maxMillis\": 150, \"histogram\": {\"<250ms\": 1},"
                + " \"stalls\": [{\"millis\": 150, \"gcMillis\": 0, \"at\": [\"java.base@17/jdk.internal.misc.Unsafe.park(Native Method)\","
                + " \"java.base@17/java.util.concurrent.locks.LockSupport.park(LockSupport.java:211)\", \"app//a.Paint.await(Paint.java:9)\"]}]}");
        assertTrue(FxStallFigures.of(fx).endsWith("at java.base@17/jdk.internal.misc.Unsafe.park(Native Method)"
                + " < app//a.Paint.await(Paint.java:9)"), FxStallFigures.of(fx));
    }

    /** Probes under 4 ms, 4–16 ms, 16–50 ms and at or over 1000 ms. */
    private static JsonNode stalls(int under4, int under16, int under50, int over1000) throws Exception {
        return JSON.readTree(String.format("{\"probes\": %d, \"maxMillis\": 1, \"histogram\": {\"<1ms\": 0,"
                + " \"<4ms\": %d, \"<16ms\": %d, \"<50ms\": %d, \"<100ms\": 0, \"<250ms\": 0, \"<1000ms\": 0,"
                + " \">=1000ms\": %d}}", under4 + under16 + under50 + over1000, under4, under16, under50, over1000));
    }

    private static JsonNode snapshot(String json) throws Exception {
        return JSON.readTree(json.replace('\'', '"'));
    }

    @Test
    void theWorstStallBetweenTwoSnapshotsIgnoresTheStallsBeforeTheFirst() throws Exception {
        JsonNode before = snapshot("{'stallCount': 2, 'stalls': [{'millis': 900}, {'millis': 300}],"
                + " 'histogram': {'<1ms': 10, '<16ms': 3, '<250ms': 1, '<1000ms': 1}}");
        JsonNode quiet = snapshot("{'stallCount': 2, 'stalls': [{'millis': 900}, {'millis': 300}],"
                + " 'histogram': {'<1ms': 50, '<16ms': 7, '<250ms': 1, '<1000ms': 1}}");
        JsonNode stalled = snapshot("{'stallCount': 4, 'stalls': [{'millis': 900}, {'millis': 300}, {'millis': 120},"
                + " {'millis': 180}], 'histogram': {'<1ms': 50, '<16ms': 7, '<250ms': 3, '<1000ms': 1}}");

        assertEquals(16, FxStallFigures.worstBetween(before, quiet), "no stall kept: the top bucket that grew");
        assertEquals(180, FxStallFigures.worstBetween(before, stalled), "the stalls kept since, not the 900 ms one");
        assertEquals(0, FxStallFigures.worstBetween(before, before), "nothing happened");
    }
}
