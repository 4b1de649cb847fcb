package dev.holdfast.terminal.screen;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Keeps {@link WatcherCostBenchmark} compiling and working; the figures belong to a real run. */
class WatcherCostBenchmarkSmokeTest {
    @Test
    void benchmarkRunsAndPrintsItsTable() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        WatcherCostBenchmark.Figures figures = WatcherCostBenchmark.run(5, 50,
                new PrintStream(printed, true, StandardCharsets.UTF_8));
        String table = printed.toString(StandardCharsets.UTF_8);
        System.out.print(table);
        assertTrue(table.contains("one look, 80x24"), table);
        assertTrue(figures.looksInMinute() <= 10 * 5 + 50, "at most one look per flooding tab per second: " + figures);
    }
}
