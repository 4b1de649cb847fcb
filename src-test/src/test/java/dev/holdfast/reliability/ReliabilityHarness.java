package dev.holdfast.reliability;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The reliability harness of issue 11: each row does to the real app (its own JVM, headless, real shells on real
 * PTYs, real files) one kind of thing that loses terminals, counts the cases it tried and those where nothing was
 * lost, and prints a table. {@code src-test/reliability/run} launches this; the quick subset runs in the test
 * command through {@code ReliabilityQuickTest}.
 */
public final class ReliabilityHarness {
    private ReliabilityHarness() {
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(System.getProperty("holdfast.root", Path.of("").toAbsolutePath().toString()));
        HarnessOptions options;
        try {
            options = HarnessOptions.parse(root, args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        // An interrupted run (Ctrl+C) leaves no app running.
        Runtime.getRuntime().addShutdownHook(new Thread(
                () -> ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly),
                "reliability-cleanup"));
        List<RowResult> rows = run(options, System.out);
        System.exit(rows.stream().allMatch(RowResult::allIntact) ? 0 : 1);
    }

    /** Runs the chosen rows one after another and prints the table (also to src-test/target/reliability.txt). */
    static List<RowResult> run(HarnessOptions options, PrintStream out) throws Exception {
        if (!Files.isRegularFile(options.appRoot().resolve("app/target/holdfast-app.jar"))) {
            throw new IllegalStateException("build the app first: " + options.appRoot().resolve("app/target"));
        }
        Random random = new Random(options.seed());
        List<RowResult> rows = new ArrayList<>();
        long started = System.nanoTime();
        for (String row : options.rows()) {
            long rowStarted = System.nanoTime();
            out.printf("[%s] running...%n", row);
            RowResult result;
            try {
                result = switch (row) {
                    case "kill9" -> new Kill9Row(options, random).run();
                    case "damaged" -> new DamagedFilesRow(options, random).run();
                    case "disk" -> new StateDiskRow(options, random).run();
                    case "fuzz" -> new ReplayFuzzRow(options, random).run();
                    case "instances" -> new TwoInstancesRow(options, random).run();
                    case "socket" -> new ControlSocketRow(options).run();
                    case "load" -> new LoadRow(options, random).run();
                    default -> throw new IllegalArgumentException(row);
                };
            } catch (Exception | AssertionError e) {
                // A row that could not go on counts as one case, lost: the harness itself must not hide a failure.
                result = new RowResult(row, 1, 0, "aborted", List.of(row + " aborted: " + e));
            }
            rows.add(result);
            out.printf("[%s] %d/%d in %.0f s%n", row, result.intact(), result.cases(),
                    (System.nanoTime() - rowStarted) / 1e9);
        }
        String table = table(rows, options, (System.nanoTime() - started) / 1e9);
        out.print(table);
        Path target = options.appRoot().resolve("src-test/target");
        if (Files.isDirectory(target)) {
            Files.writeString(target.resolve("reliability.txt"), table);
        }
        return rows;
    }

    static String table(List<RowResult> rows, HarnessOptions options, double seconds) {
        StringBuilder t = new StringBuilder();
        t.append(String.format("%nReliability harness (real app, headless Monocle, real PTYs and files), seed %d,"
                + " %.0f s, %d cores, load average %.1f%n", options.seed(), seconds,
                Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()));
        t.append(String.format("%-34s %6s %8s %7s  %s%n", "row", "cases", "intact", "%", "figures"));
        for (RowResult r : rows) {
            t.append(String.format("%-34s %6d %8d %6.1f%%  %s%n", r.row(), r.cases(), r.intact(), r.percent(),
                    r.figures()));
        }
        for (RowResult r : rows) {
            for (String loss : r.losses()) {
                t.append("LOST  ").append(r.row()).append(": ").append(loss).append('\n');
            }
        }
        return t.toString();
    }
}
