package dev.holdfast.terminal.scrollback;

import com.techsenger.jeditermfx.core.ArrayTerminalDataStream;
import com.techsenger.jeditermfx.core.emulator.JediEmulator;
import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * How long {@code seq 1 N} takes through JediTerm's emulator with no UI and no PTY, with 1,000 and 100,000
 * lines of history, on the library's text buffer and on ours. Prints a table; never fails.
 *
 * <p>Run: {@code mvn -pl terminal-core test-compile} then
 * {@code java -cp <test-classes>:<classes>:<deps> dev.holdfast.terminal.scrollback.ScrollbackBenchmark [lines]}
 * {@code [holdfast]} (default 1,000,000 lines; add {@code holdfast} to skip the library's buffer, which at
 * 100,000 lines of history takes minutes).
 * The target from the issue: ours at 100,000 within 1.3× of ours at 1,000.
 */
public final class ScrollbackBenchmark {
    private static final int COLUMNS = 80;
    private static final int ROWS = 24;
    private static final int[] HISTORIES = {1_000, 100_000};
    private static final int RUNS = 5;
    private static final long LONG_RUN_MILLIS = 30_000;

    private ScrollbackBenchmark() {
    }

    public static void main(String[] args) {
        int lines = args.length > 0 ? Integer.parseInt(args[0].replace("_", "")) : 1_000_000;
        boolean holdfastOnly = args.length > 1 && args[1].equals("holdfast");
        run(lines, !holdfastOnly, System.out);
    }

    /**
     * Times every combination after a warm-up and prints the table; returns the best time of each, in ms.
     *
     * @param includeLibrary whether to time the library's buffer too (minutes at 100,000 lines of history)
     */
    public static Map<String, Long> run(int lines, boolean includeLibrary, PrintStream out) {
        char[] text = seq(lines);
        Map<String, IntFunction<HeadlessModel>> buffers = new LinkedHashMap<>();
        if (includeLibrary) {
            buffers.put("library", history -> HeadlessModel.library(COLUMNS, ROWS, history));
        }
        buffers.put("holdfast", history -> HeadlessModel.fast(COLUMNS, ROWS, history));

        char[] warmUp = seq(Math.min(lines, 200_000));
        buffers.values().forEach(factory -> feed(factory.apply(1_000), warmUp));

        Map<String, Long> millis = new LinkedHashMap<>();
        out.printf(Locale.ROOT, "seq 1 %,d through JediEmulator, %dx%d, no UI, no PTY%n", lines, COLUMNS, ROWS);
        for (Map.Entry<String, IntFunction<HeadlessModel>> buffer : buffers.entrySet()) {
            for (int history : HISTORIES) {
                // The best of a few runs, to see past a busy machine; one run when a run takes very long.
                long best = Long.MAX_VALUE;
                for (int run = 0; run < RUNS && (run == 0 || best < LONG_RUN_MILLIS); run++) {
                    HeadlessModel model = buffer.getValue().apply(history);
                    long started = System.nanoTime();
                    feed(model, text);
                    long elapsed = (System.nanoTime() - started) / 1_000_000;
                    best = Math.min(best, elapsed);
                    out.printf(Locale.ROOT, "  %-10s history %,9d: %,9d ms%n", buffer.getKey(), history, elapsed);
                    out.flush();
                }
                millis.put(buffer.getKey() + "@" + history, best);
            }
        }
        out.printf(Locale.ROOT, "best of up to %d runs:%n", RUNS);
        out.printf(Locale.ROOT, "%-10s %14s %14s %10s%n", "buffer", "history 1k", "history 100k", "100k/1k");
        for (String buffer : buffers.keySet()) {
            long small = millis.get(buffer + "@" + HISTORIES[0]);
            long large = millis.get(buffer + "@" + HISTORIES[1]);
            out.printf(Locale.ROOT, "%-10s %,11d ms %,11d ms %9.2fx%n", buffer, small, large,
                    small == 0 ? Double.NaN : (double) large / small);
        }
        out.flush();
        return millis;
    }

    /** "1\r\n2\r\n…N\r\n", as {@code seq} prints it through a terminal's line discipline. */
    static char[] seq(int lines) {
        StringBuilder text = new StringBuilder(lines * 9);
        for (int i = 1; i <= lines; i++) {
            text.append(i).append("\r\n");
        }
        char[] chars = new char[text.length()];
        text.getChars(0, text.length(), chars, 0);
        return chars;
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
