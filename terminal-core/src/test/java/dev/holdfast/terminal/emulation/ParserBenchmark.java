package dev.holdfast.terminal.emulation;

import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.StyleState;
import dev.holdfast.terminal.scrollback.FastHistoryTextBuffer;
import dev.holdfast.terminal.stream.HyperlinkListener;
import dev.holdfast.terminal.stream.ShellMarkListener;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import dev.holdfast.terminal.vt.CorrectedTerminal;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Both read loops fed from memory (no PTY, no shell, no UI) with {@code seq 1 N} and colour-dense lines like the
 * bench script's file, into Holdfast's buffers at 80x24 with 1,000 lines of history, in reads of 4 KB as a PTY
 * gives them: the share of a flood the parser and the model take. Prints the best of a few runs in CPU time of
 * the reading thread (a busy machine stretches the wall-clock time, not the work), and the wall time beside it.
 * Never fails. Beside each figure, the bytes the reading thread allocated per run: garbage per byte read is work
 * the collector does later, on another thread, and does not show in the reader's CPU.
 *
 * <p>Run: {@code mvn -pl terminal-core test-compile} then
 * {@code java -cp <test-classes>:<classes>:<deps> dev.holdfast.terminal.emulation.ParserBenchmark [seq lines] [MB]}
 * (0 leaves a workload out); {@code -Dbench.parser=HOLDFAST} (or {@code JEDITERM}) times one parser only, for
 * before/after runs of Holdfast's; {@code -Dbench.history=100000} keeps that many lines of history instead of 1,000, to
 * see what a long history costs per line.
 */
public final class ParserBenchmark {
    private static final int RUNS = 5;
    private static final int READ = 4096;
    private static final int HISTORY = Integer.getInteger("bench.history", 1000);

    private ParserBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        int lines = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int megabytes = args.length > 1 ? Integer.parseInt(args[1]) : 50;
        run(lines, megabytes, System.out);
    }

    public static Map<String, Long> run(int lines, int megabytes, PrintStream out) throws IOException {
        Map<String, byte[]> workloads = new LinkedHashMap<>();
        if (lines > 0) {
            workloads.put("seq 1 " + lines, seq(lines));
        }
        if (megabytes > 0) {
            workloads.put(megabytes + " MB coloured", coloured(megabytes));
        }
        Map<String, Long> best = new LinkedHashMap<>();
        out.printf(Locale.ROOT, "read loops fed from memory in %d-byte reads, 80x24, %,d lines of history%n", READ, HISTORY);
        String only = System.getProperty("bench.parser", "");
        for (Map.Entry<String, byte[]> workload : workloads.entrySet()) {
            for (EmulatorParser parser : EmulatorParser.values()) {
                if (!only.isEmpty() && !parser.name().equalsIgnoreCase(only)) {
                    continue;
                }
                feed(parser, workload.getValue()); // warm-up
                long fastest = Long.MAX_VALUE;
                long wall = Long.MAX_VALUE;
                long allocated = Long.MAX_VALUE;
                com.sun.management.ThreadMXBean threads =
                        (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
                long self = Thread.currentThread().getId();
                for (int run = 0; run < RUNS; run++) {
                    long started = System.nanoTime();
                    long cpu = threads.getCurrentThreadCpuTime();
                    long bytes = threads.getThreadAllocatedBytes(self);
                    feed(parser, workload.getValue());
                    allocated = Math.min(allocated, threads.getThreadAllocatedBytes(self) - bytes);
                    fastest = Math.min(fastest, (threads.getCurrentThreadCpuTime() - cpu) / 1_000_000);
                    wall = Math.min(wall, (System.nanoTime() - started) / 1_000_000);
                }
                best.put(workload.getKey() + " " + parser.settingName(), fastest);
                out.printf(Locale.ROOT, "  %-22s %-9s %,7d ms CPU (%,d ms wall), %,d MB allocated%n",
                        workload.getKey(), parser.settingName(), fastest, wall, allocated / (1024 * 1024));
                out.flush();
            }
        }
        return best;
    }

    private static void feed(EmulatorParser parser, byte[] output) throws IOException {
        StyleState style = new StyleState();
        FastHistoryTextBuffer buffer = FastHistoryTextBuffer.create(80, 24, style, HISTORY);
        JediTerminal terminal = new JediTerminal(new HiddenDisplay(), buffer, style);
        InputStream pty = new InputStream() {
            private int at;

            @Override
            public int read() {
                return at < output.length ? output[at++] & 0xff : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (at >= output.length) {
                    return -1;
                }
                int n = Math.min(Math.min(len, READ), output.length - at);
                System.arraycopy(output, at, b, off, n);
                at += n;
                return n;
            }
        };
        PtyReadLoop loop = parser == EmulatorParser.HOLDFAST
                ? new HoldfastReadLoop(pty, new CorrectedTerminal(terminal), buffer, new OutputGeneration(), HyperlinkListener.NONE,
                        ShellMarkListener.NONE, bytes -> { }, "bench", () -> false,
                        new NamedThreadFactory("bench-drain", true), new LockedWork())
                : new JediTermReadLoop(pty, terminal, buffer, new OutputGeneration(), HyperlinkListener.NONE,
                        ShellMarkListener.NONE, bytes -> { }, "bench", () -> false, new LockedWork());
        loop.run();
    }

    static byte[] seq(int lines) {
        StringBuilder text = new StringBuilder(lines * 9);
        for (int i = 1; i <= lines; i++) {
            text.append(i).append("\r\n");
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The bench script's coloured file: SGR every few words, 16- and 256-colour, bold. */
    static byte[] coloured(int megabytes) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            line.append("\u001b[3").append(i % 8).append('m').append("word".repeat(3)).append("\u001b[0m ")
                    .append("\u001b[1;38;5;").append((i * 7) % 256).append("mbold").append(i).append("\u001b[0m ");
        }
        String tail = line + "\r\n";
        StringBuilder text = new StringBuilder(megabytes * 1024 * 1024 + 200);
        for (int n = 0; text.length() < megabytes * 1024 * 1024; n++) {
            text.append(String.format(Locale.ROOT, "%08d ", n)).append(tail);
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }
}
