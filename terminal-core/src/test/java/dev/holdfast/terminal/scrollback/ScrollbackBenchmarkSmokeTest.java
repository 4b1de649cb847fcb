package dev.holdfast.terminal.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Keeps {@link ScrollbackBenchmark} compiling and working; the figures belong to a real run. */
class ScrollbackBenchmarkSmokeTest {
    @Test
    void benchmarkRunsEveryCombinationAndPrintsTheTable() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        Map<String, Long> millis = ScrollbackBenchmark.run(20_000, true, new PrintStream(printed, true, StandardCharsets.UTF_8));
        assertEquals(4, millis.size(), "library and holdfast, each at 1k and 100k: " + millis);
        String table = printed.toString(StandardCharsets.UTF_8);
        System.out.print(table);
        assertTrue(table.contains("holdfast"), table);
        assertTrue(table.contains("100k/1k"), table);
    }
}
