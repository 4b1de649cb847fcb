package dev.holdfast.terminal.emulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Keeps {@link ShellThroughputBenchmark} and the bench's timed.sh working together; figures belong to a real run. */
class ShellThroughputBenchmarkSmokeTest {
    @Test
    void timesEachWorkloadThroughARealShellAtBothHistorySizes() throws Exception {
        Path timer = Path.of("..", "src-test", "bench", "timed.sh").toAbsolutePath().normalize();
        assertTrue(Files.isRegularFile(timer), "the bench's timer script: " + timer);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        Map<String, Double> seconds = ShellThroughputBenchmark.run(timer, Map.of("seq", "seq 1 2000"),
                new PrintStream(printed, true, StandardCharsets.UTF_8));
        assertEquals(2, seconds.size(), "1k and 100k: " + seconds);
        seconds.values().forEach(s -> assertTrue(s > 0 && s < 600, "a measured time: " + s));
        String table = printed.toString(StandardCharsets.UTF_8);
        System.out.print(table);
        assertTrue(table.contains("history 100,000"), table);
    }
}
