package dev.holdfast.terminal.emulation;

import dev.holdfast.terminal.pty.ProcessInspector;
import dev.holdfast.terminal.pty.ShellCommand;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * How long a command's output takes through a real PTY and bash into JediTerm's emulator and our buffer, with no
 * UI: the baseline a visible Holdfast tab is compared with. Prints a table; never fails on slowness.
 *
 * <p>Each command runs under {@code timed.sh RESULT COMMAND...}, which notes the time before the command and the
 * time the terminal answers a cursor-position query sent after it. A terminal answers that query only once it has
 * processed everything before it, so the figure is the terminal's, not the pipe's. The bench script uses the same
 * helper for the Holdfast tab and for xterm.
 *
 * <p>Run: {@code java [-Dbench.size=120x40] -cp <test-classes>:<classes>:<deps>
 * dev.holdfast.terminal.emulation.ShellThroughputBenchmark <timed.sh> <label>=<command> ...}
 */
public final class ShellThroughputBenchmark {
    /** The terminal's size, {@code -Dbench.size=COLUMNSxROWS}; the bench script passes the tab's. */
    private static final String SIZE = System.getProperty("bench.size", "120x40");
    private static final int COLUMNS = Integer.parseInt(SIZE.substring(0, SIZE.indexOf('x')));
    private static final int ROWS = Integer.parseInt(SIZE.substring(SIZE.indexOf('x') + 1));
    /** Lines of history to time, {@code -Dbench.histories=1000,100000}; the bench script runs one per JVM. */
    private static final int[] HISTORIES = java.util.Arrays.stream(System.getProperty("bench.histories", "1000,100000")
            .split(",")).mapToInt(h -> Integer.parseInt(h.strip())).toArray();
    private static final long DEADLINE_MILLIS = 600_000;
    /** Each figure is the best of this many runs, to see past a busy machine. */
    private static final int RUNS = Integer.getInteger("bench.runs", 3);
    private static final int MAX_WARM_UPS = 8;

    private ShellThroughputBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: ShellThroughputBenchmark <timed.sh> <label>=<command> ...");
            System.exit(2);
        }
        Path timer = Path.of(args[0]).toAbsolutePath();
        Map<String, String> workloads = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            workloads.put(args[i].substring(0, eq), args[i].substring(eq + 1));
        }
        run(timer, workloads, System.out);
    }

    /**
     * Times each workload at each history size, best of {@link #RUNS}, once the JIT has settled on it (see
     * {@link #warmUp}, as the bench script warms up a tab); returns seconds by "label@history".
     */
    public static Map<String, Double> run(Path timer, Map<String, String> workloads, PrintStream out)
            throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("hf-shell-bench");
        Map<String, Double> seconds = new LinkedHashMap<>();
        try {
            out.printf(Locale.ROOT, "through a PTY and bash into the emulator, %dx%d, no UI%n", COLUMNS, ROWS);
            for (int history : HISTORIES) {
                try (TerminalSession session = start(dir, history)) {
                    for (String command : workloads.values()) {
                        warmUp(session, timer, dir, command);
                    }
                    for (Map.Entry<String, String> workload : workloads.entrySet()) {
                        double s = Double.MAX_VALUE;
                        for (int run = 0; run < RUNS; run++) {
                            s = Math.min(s, time(session, timer, dir, workload.getValue()));
                        }
                        seconds.put(workload.getKey() + "@" + history, s);
                        out.printf(Locale.ROOT, "  %-12s history %,7d: %7.2f s%n", workload.getKey(), history, s);
                        out.flush();
                    }
                }
            }
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : (Iterable<Path>) files::iterator) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(dir);
        }
        return seconds;
    }

    /**
     * Runs {@code command} until the JIT's compiling during a run falls under a tenth of the run's seconds, at most
     * {@link #MAX_WARM_UPS} runs: a fresh JVM goes on compiling for several floods, and the figures are of the code
     * as it runs once compiled, as the bench script's Holdfast tab is timed.
     */
    private static void warmUp(TerminalSession session, Path timer, Path dir, String command)
            throws IOException, InterruptedException {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        for (int run = 0; run < MAX_WARM_UPS; run++) {
            long before = jit.getTotalCompilationTime();
            double seconds = time(session, timer, dir, command);
            if ((jit.getTotalCompilationTime() - before) / 1000.0 < 0.1 * seconds) {
                return;
            }
        }
    }

    private static TerminalSession start(Path dir, int history) throws InterruptedException {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PS1", "$ ");
        env.put("HISTFILE", "/dev/null");
        TerminalSession session = new TerminalSession(
                new SessionSpec(UUID.randomUUID(), dir, new ShellCommand(List.of("/bin/bash", "--norc", "--noprofile", "-i")),
                        env, COLUMNS, ROWS, history),
                TerminalEvents.NONE, ProcessInspector.forCurrentOs(), Clock.systemUTC());
        session.start();
        return session;
    }

    private static double time(TerminalSession session, Path timer, Path dir, String command)
            throws IOException, InterruptedException {
        Path result = dir.resolve("result-" + UUID.randomUUID());
        session.sendText("bash " + quote(timer.toString()) + " " + quote(result.toString()) + " " + command + "\r");
        long deadline = System.currentTimeMillis() + DEADLINE_MILLIS;
        while (true) {
            if (Files.exists(result)) {
                String[] times = Files.readString(result, StandardCharsets.UTF_8).trim().split(" ");
                if (times.length == 2) {
                    return Double.parseDouble(times[1]) - Double.parseDouble(times[0]);
                }
            }
            if (System.currentTimeMillis() > deadline) {
                throw new IOException("no result from: " + command);
            }
            Thread.sleep(50);
        }
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
