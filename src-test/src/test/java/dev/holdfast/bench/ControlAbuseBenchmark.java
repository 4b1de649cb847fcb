package dev.holdfast.bench;

import dev.holdfast.bench.ControlAbuse.Phase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The control socket under abuse, in the real app: while clients send malformed JSON, 10 MB lines, requests for
 * panels that do not exist, or hold 200 connections open, how long a `list` round trip takes (a new connection
 * each time, as `ctl` makes; "refused" counts those answered busy or not at all), beside the 200 ms target; then the socket's mode, and how long a connection that
 * sends nothing stays open. Prints, never fails.
 * Run with {@code mvn -B -pl src-test -am verify -Pbench -DskipPackagingTests -Dtest=ControlAbuseBenchmark}.
 */
@Tag("benchmark")
class ControlAbuseBenchmark {
    private static final Duration PHASE = Duration.ofSeconds(5);
    private static final int TARGET_MILLIS = 200;

    @Test
    void listStaysQuickWhileTheSocketIsAbused() throws Exception {
        Path root = Path.of(System.getProperty("user.dir")).getParent();
        // Another build to measure (an older commit, for before/after figures): -Dholdfast.bench.appDir=<its root>.
        Path appRoot = Path.of(System.getProperty("holdfast.bench.appDir", root.toString()));
        StringBuilder table = new StringBuilder(String.format("%nControl socket under abuse (real app, headless), %s%n",
                appRoot));
        table.append(String.format("%-34s %8s %8s %10s %10s %10s %12s%n", "while", "lists", "refused", "median", "p99",
                "max", "abuse sent"));
        try (HoldfastProcess app = HoldfastProcess.prepare("hf-ctl-bench")) {
            app.launch(appRoot);
            app.connect(Duration.ofSeconds(60)).close();
            ControlAbuse.Result result = ControlAbuse.run(app.state().controlSocket(), PHASE);
            for (Phase p : result.phases()) {
                table.append(String.format("%-34s %8d %8d %7.1f ms %7.1f ms %7.1f ms %12d%n", p.name(), p.lists(),
                        p.refused(), p.median(), p.p99(), p.max(), p.sent()));
            }
            table.append(Double.isNaN(result.idleClosedSeconds())
                    ? "200 silent connections: the server had not closed the last one when the phases ended\n"
                    : String.format("200 silent connections: the last one opened was closed by the server %.1f s"
                            + " later%n", result.idleClosedSeconds()));
            table.append("socket mode after all of it: ").append(result.socketMode()).append('\n');
            table.append(String.format("target: a list round trip under %d ms%n", TARGET_MILLIS));
        }
        System.out.println(table);
        Files.writeString(root.resolve("src-test/target/control-abuse-benchmark.txt"), table);
    }
}
