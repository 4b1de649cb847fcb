package dev.holdfast.terminal.scrollback;

import com.techsenger.jeditermfx.core.ArrayTerminalDataStream;
import com.techsenger.jeditermfx.core.emulator.JediEmulator;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Heap per history line: {@code seq} and colour-dense log lines fed through JediTerm's emulator into a model
 * with 100,000 lines of history, on the library's buffer (every line a {@code TerminalLine} of entries: the
 * baseline) and on Holdfast's (lines packed, {@link CompactLines}). The live heap is read after full
 * collections, before the model is built and while it is still reachable. Prints a table; never fails.
 *
 * <p>Run: {@code mvn -pl terminal-core test-compile dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt}
 * then {@code java -cp terminal-core/target/test-classes:terminal-core/target/classes:$(cat /tmp/cp.txt)
 * dev.holdfast.terminal.scrollback.HistoryMemoryBenchmark [lines]} (default 100,000).
 */
public final class HistoryMemoryBenchmark {
    private static final int COLUMNS = 120;
    private static final int ROWS = 40;

    private HistoryMemoryBenchmark() {
    }

    public static void main(String[] args) {
        int lines = args.length > 0 ? Integer.parseInt(args[0].replace("_", "")) : 100_000;
        run(lines, System.out);
    }

    /** Measures every combination and prints the table; returns bytes per history line of each. */
    public static Map<String, Double> run(int lines, PrintStream out) {
        Map<String, char[]> workloads = new LinkedHashMap<>();
        workloads.put("seq", ScrollbackBenchmark.seq(lines + ROWS));
        workloads.put("coloured", coloured(lines + ROWS));
        Map<String, IntFunction<HeadlessModel>> buffers = new LinkedHashMap<>();
        buffers.put("library", history -> HeadlessModel.library(COLUMNS, ROWS, history));
        buffers.put("holdfast", history -> HeadlessModel.fast(COLUMNS, ROWS, history));

        Map<String, Double> perLine = new LinkedHashMap<>();
        out.printf(Locale.ROOT, "heap per history line, %,d lines of history, %dx%d, no UI%n", lines, COLUMNS, ROWS);
        out.printf(Locale.ROOT, "%-10s %16s %16s %10s%n", "workload", "library B/line", "holdfast B/line",
                "ratio");
        for (Map.Entry<String, char[]> workload : workloads.entrySet()) {
            double[] figures = new double[2];
            int i = 0;
            for (Map.Entry<String, IntFunction<HeadlessModel>> buffer : buffers.entrySet()) {
                long before = liveHeap();
                HeadlessModel model = buffer.getValue().apply(lines);
                feed(model, workload.getValue());
                long after = liveHeap();
                int history = model.buffer().getHistoryLinesCount();
                figures[i] = (double) (after - before) / history;
                perLine.put(workload.getKey() + "/" + buffer.getKey(), figures[i]);
                i++;
                // Keeps the model reachable until the heap was read.
                if (model.buffer().getHeight() < 0) {
                    out.println(model);
                }
            }
            out.printf(Locale.ROOT, "%-10s %16.1f %16.1f %9.2fx%n", workload.getKey(), figures[0], figures[1],
                    figures[1] / figures[0]);
            out.flush();
        }
        return perLine;
    }

    /** Lines of a coloured build log: a colour change every few words, as the 50 MB file has. */
    static char[] coloured(int lines) {
        StringBuilder text = new StringBuilder(lines * 120);
        for (int i = 0; i < lines; i++) {
            text.append("\u001b[32m[").append(i % 60).append("s]\u001b[0m \u001b[1;34mcompile\u001b[0m src/")
                    .append("module").append(i % 17).append("/File").append(i).append(".java \u001b[33mwarning:")
                    .append("\u001b[0m unused \u001b[36mvariable\u001b[0m x").append(i % 9)
                    .append(" \u001b[38;5;").append(i % 256).append("mdone\u001b[0m\r\n");
        }
        char[] chars = new char[text.length()];
        text.getChars(0, text.length(), chars, 0);
        return chars;
    }

    private static long liveHeap() {
        var memory = ManagementFactory.getMemoryMXBean();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
        }
        return used;
    }

    private static void feed(HeadlessModel model, char[] text) {
        JediEmulator emulator = new JediEmulator(new ArrayTerminalDataStream(text), model.terminal());
        try {
            while (emulator.hasNext()) {
                emulator.next();
            }
        } catch (IOException e) {
            // End of the text.
        }
    }
}
