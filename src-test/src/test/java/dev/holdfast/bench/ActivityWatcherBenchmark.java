package dev.holdfast.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.holdfast.app.control.ControlCommand;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What the activity clocks cost in the real app: 20 tabs, 10 flooding and 10 idle, for a minute; the CPU of the
 * watcher thread and of the pane clock store's SQLite thread, the store's writes per minute, the FX thread's stalls
 * and the whole process's CPU. The same run is made with a build that has no clocks, for the ratio
 * ({@code -Dholdfast.bench.baseline=<the root of a build from before the clocks>}, e.g. a worktree of the commit
 * before "Merge clocks-ui", packaged). Prints, never fails.
 * Run with {@code mvn -B -pl src-test -am verify -Pbench -DskipPackagingTests -Dtest=ActivityWatcherBenchmark}.
 */
@Tag("benchmark")
class ActivityWatcherBenchmark {
    private static final int TABS = 20;
    private static final int FLOODING = 10;
    private static final Duration WINDOW = Duration.ofSeconds(Integer.getInteger("holdfast.bench.seconds", 60));

    private record Run(double watcherCpuSeconds, double sqliteCpuSeconds, double processCpuSeconds, long writes,
                       double stallP99Millis, double stallMaxMillis, long probes, boolean hasClocks) {
    }

    @Test
    void watcherCostWithTenFloodingAndTenIdleTabs() throws Exception {
        Path root = Path.of(System.getProperty("user.dir")).getParent();
        Path appRoot = Path.of(System.getProperty("holdfast.bench.appDir", root.toString()));
        String baseline = System.getProperty("holdfast.bench.baseline", "").strip();
        Run clocks = runOnce(appRoot);
        Run without = baseline.isEmpty() ? null : runOnce(Path.of(baseline));
        StringBuilder table = new StringBuilder(String.format(
                "%nActivity clocks' cost: %d tabs (%d flooding `seq`, %d idle) for %d s, real app, headless%n", TABS,
                FLOODING, TABS - FLOODING, WINDOW.toSeconds()));
        table.append(String.format("%-26s %12s %12s %12s %10s %10s %10s%n", "build", "watcher CPU", "SQLite CPU",
                "process CPU", "writes/min", "FX p99", "FX max"));
        row(table, "with clocks: " + appRoot.getFileName(), clocks);
        if (without != null) {
            row(table, "without: " + Path.of(baseline).getFileName(), without);
            table.append(String.format("process CPU with clocks / without: %.3f%n",
                    clocks.processCpuSeconds() / without.processCpuSeconds()));
        }
        table.append(String.format("watcher + SQLite CPU: %.2f%% of one core; FX p99 is the upper bound of its"
                        + " histogram bucket%n",
                100 * (clocks.watcherCpuSeconds() + clocks.sqliteCpuSeconds()) / WINDOW.toSeconds()));
        System.out.println(table);
        Files.writeString(root.resolve("src-test/target/activity-watcher-benchmark.txt"), table);
    }

    private static void row(StringBuilder table, String name, Run run) {
        table.append(String.format("%-26s %10.2f s %10.2f s %10.2f s %10s %7.0f ms %7.1f ms%n", name,
                run.watcherCpuSeconds(), run.sqliteCpuSeconds(), run.processCpuSeconds(),
                run.hasClocks() ? Long.toString(Math.round(run.writes() * 60.0 / WINDOW.toSeconds())) : "-",
                run.stallP99Millis(), run.stallMaxMillis()));
    }

    private Run runOnce(Path appRoot) throws Exception {
        try (HoldfastProcess app = HoldfastProcess.prepare("hf-watch-bench")) {
            app.launch(appRoot);
            // One connection a request, as ctl makes: the server closes a connection idle for 10 s, as during the window.
            app.connect(Duration.ofSeconds(60)).close();
            List<String> panels = new ArrayList<>();
            panels.add(app.ctl(ControlCommand.LIST, JsonNodeFactory.instance.objectNode())
                    .get(0).path("panelId").asText());
            while (panels.size() < TABS) {
                panels.add(app.ctl(ControlCommand.NEW_TAB, JsonNodeFactory.instance.objectNode())
                        .path("panelId").asText());
            }
            for (String panel : panels) {
                awaitPrompt(app, panel);
            }
            for (String panel : panels.subList(0, FLOODING)) {
                ObjectNode args = JsonNodeFactory.instance.objectNode();
                args.put("panel", panel);
                args.put("text", "while :; do seq 1 100000; done\r");
                app.ctl(ControlCommand.SEND, args);
            }
            JsonNode before = stats(app);
            Map<String, Double> cpuBefore = threadCpu(app.pid());
            long started = System.nanoTime();
            Thread.sleep(WINDOW.toMillis());
            Map<String, Double> cpuAfter = threadCpu(app.pid());
            JsonNode after = stats(app);
            double seconds = (System.nanoTime() - started) / 1e9;
            double scale = WINDOW.toSeconds() / seconds;
            for (String panel : panels.subList(0, FLOODING)) {
                ObjectNode args = JsonNodeFactory.instance.objectNode();
                args.put("panel", panel);
                args.put("text", "\u0003");
                app.ctl(ControlCommand.SEND, args);
            }
            JsonNode histogram = after.path("fxStalls").path("histogram");
            long[] buckets = delta(before.path("fxStalls").path("histogram"), histogram);
            return new Run(scale * delta(cpuBefore, cpuAfter, "holdfast-activ"),
                    scale * delta(cpuBefore, cpuAfter, "holdfast-pane-"),
                    scale * delta(cpuBefore, cpuAfter, ""),
                    after.path("paneClocks").path("writes").asLong() - before.path("paneClocks").path("writes").asLong(),
                    p99(buckets, limits(histogram)),
                    FxStallFigures.worstBetween(before.path("fxStalls"), after.path("fxStalls")), sum(buckets),
                    after.has("activity"));
        }
    }

    private static JsonNode stats(HoldfastProcess app) throws IOException {
        return app.ctl(ControlCommand.STATS, JsonNodeFactory.instance.objectNode());
    }

    private static void awaitPrompt(HoldfastProcess app, String panel) throws Exception {
        ObjectNode args = JsonNodeFactory.instance.objectNode();
        args.put("panel", panel);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!app.ctl(ControlCommand.READ, args).path("text").asText().contains(HoldfastProcess.PROMPT)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no prompt in " + panel);
            }
            Thread.sleep(50);
        }
    }

    /** CPU seconds of each thread, by its name as the kernel keeps it (15 characters), summed over equal names. */
    private static Map<String, Double> threadCpu(long pid) throws IOException {
        Map<String, Double> cpu = new java.util.HashMap<>();
        double ticks = 100.0;
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Iterator<Path> it = tasks.iterator(); it.hasNext(); ) {
                Path task = it.next();
                try {
                    String stat = Files.readString(task.resolve("stat"), StandardCharsets.UTF_8);
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    // utime and stime, fields 14 and 15 of stat, are the 12th and 13th after the name.
                    double seconds = (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / ticks;
                    cpu.merge(name + "#" + task.getFileName(), seconds, Double::sum);
                } catch (IOException ended) {
                    // The thread ended between the listing and the read.
                }
            }
        }
        return cpu;
    }

    private static double delta(Map<String, Double> before, Map<String, Double> after, String prefix) {
        double total = 0;
        for (Map.Entry<String, Double> thread : after.entrySet()) {
            if (thread.getKey().startsWith(prefix)) {
                total += thread.getValue() - before.getOrDefault(thread.getKey(), 0.0);
            }
        }
        return total;
    }

    /** The buckets' upper bounds from their labels ("<16ms"); the last, open one (">=1000ms") is infinite. */
    private static double[] limits(JsonNode histogram) {
        List<Double> limits = new ArrayList<>();
        histogram.fieldNames().forEachRemaining(label -> limits.add(label.startsWith("<")
                ? Double.parseDouble(label.substring(1, label.length() - 2)) : Double.POSITIVE_INFINITY));
        return limits.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static long[] delta(JsonNode before, JsonNode after) {
        long[] buckets = new long[after.size()];
        int i = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = after.fields(); it.hasNext(); i++) {
            Map.Entry<String, JsonNode> bucket = it.next();
            buckets[i] = bucket.getValue().asLong() - before.path(bucket.getKey()).asLong();
        }
        return buckets;
    }

    private static long sum(long[] buckets) {
        long total = 0;
        for (long b : buckets) {
            total += b;
        }
        return total;
    }

    private static double p99(long[] buckets, double[] limits) {
        long total = sum(buckets);
        long seen = 0;
        for (int i = 0; i < buckets.length; i++) {
            seen += buckets[i];
            if (seen >= Math.ceil(total * 0.99)) {
                return limits[i];
            }
        }
        return Double.NaN;
    }
}
