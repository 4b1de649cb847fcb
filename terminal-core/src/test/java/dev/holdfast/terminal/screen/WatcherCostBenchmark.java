package dev.holdfast.terminal.screen;

import dev.holdfast.terminal.pty.ProcessSnapshot;
import dev.holdfast.terminal.scrollback.HeadlessModel;
import dev.holdfast.terminal.shell.ShellPhase;
import dev.holdfast.terminal.shell.ShellStatus;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * What the activity watcher costs, without a UI: the pure policy deciding which of 50 tabs (10 flooding, 40
 * idle) need a look over a minute of ticks, and one look (screen copy under the lock, then normalise, hash and
 * classify off it) at two screen sizes. Prints a table; never fails. The whole-app benchmark (20 tabs, CPU of the
 * watcher and SQLite threads, FX stalls) belongs with the app.
 *
 * <p>Run: {@code mvn -pl terminal-core test-compile}, then
 * {@code java -cp <test-classes>:<classes>:<deps> dev.holdfast.terminal.screen.WatcherCostBenchmark}.
 */
public final class WatcherCostBenchmark {
    private static final int TABS = 50;
    private static final int FLOODING = 10;
    private static final Duration TICK = Duration.ofMillis(100);

    private WatcherCostBenchmark() {
    }

    public static void main(String[] args) {
        run(60, 2_000, System.out);
    }

    /** Results, for the smoke test. */
    public record Figures(long policyNanosPerTick, int looksInMinute, double lookMicros80x24, double lockMicros80x24,
                          double lookMicros200x60, double lockMicros200x60) {
    }

    public static Figures run(int simulatedSeconds, int looksToTime, PrintStream out) {
        long[] policy = policyCost(simulatedSeconds);
        double[] small = lookCost(80, 24, looksToTime);
        double[] large = lookCost(200, 60, looksToTime);
        out.printf(Locale.ROOT, "Activity watcher, no UI: %d tabs (%d flooding, %d idle), a tick every %d ms%n",
                TABS, FLOODING, TABS - FLOODING, TICK.toMillis());
        out.printf(Locale.ROOT, "  policy per tick (median)        %8.1f µs   looks in %d s: %d (at most %d)%n",
                policy[0] / 1000.0, simulatedSeconds, policy[1], FLOODING * simulatedSeconds + TABS);
        out.printf(Locale.ROOT, "  one look, 80x24   (median)      %8.1f µs   of it under the buffer lock %6.1f µs%n",
                small[0], small[1]);
        out.printf(Locale.ROOT, "  one look, 200x60  (median)      %8.1f µs   of it under the buffer lock %6.1f µs%n",
                large[0], large[1]);
        double perSecond = FLOODING * (small[0]) / 1000.0;
        out.printf(Locale.ROOT, "  watcher CPU for %d flooding 80x24 tabs: %.2f ms per second (%.3f%% of a core)%n",
                FLOODING, perSecond, perSecond / 10.0);
        return new Figures(policy[0], (int) policy[1], small[0], small[1], large[0], large[1]);
    }

    /** {median nanoseconds per tick, looks taken}. */
    private static long[] policyCost(int seconds) {
        WatchPolicy policy = new WatchPolicy(ActivitySettings.DEFAULT);
        List<UUID> tabs = new ArrayList<>();
        long[] generations = new long[TABS];
        for (int i = 0; i < TABS; i++) {
            UUID id = UUID.randomUUID();
            tabs.add(id);
            policy.add(id);
        }
        Instant start = Instant.parse("2026-03-01T10:00:00Z");
        int ticks = (int) (seconds * 1000 / TICK.toMillis());
        long[] nanos = new long[ticks];
        long looks = 0;
        for (int tick = 0; tick < ticks; tick++) {
            for (int i = 0; i < FLOODING; i++) {
                generations[i] += 7;
            }
            Instant now = start.plus(TICK.multipliedBy(tick));
            long began = System.nanoTime();
            for (int i = 0; i < TABS; i++) {
                policy.outputSeen(tabs.get(i), generations[i]);
            }
            for (UUID id : policy.due(now)) {
                policy.looked(id, generations[tabs.indexOf(id)], now, null);
                looks++;
            }
            nanos[tick] = System.nanoTime() - began;
        }
        Arrays.sort(nanos);
        return new long[] {nanos[nanos.length / 2], looks};
    }

    /** {median µs per whole look, median µs of it under the lock}. */
    private static double[] lookCost(int columns, int rows, int looks) {
        HeadlessModel model = HeadlessModel.fast(columns, rows, 1000);
        StringBuilder text = new StringBuilder();
        for (int r = 0; r < rows * 3; r++) {
            text.append("[").append(r).append("] src/main/java/dev/holdfast/Thing").append(r)
                    .append(".java:42: compiled in 12ms, 3 warnings ⠙ weekly 42% left\r\n");
        }
        model.feed(text.toString());
        TabActivity tab = new TabActivity(new ActivitySeed.Fresh(Instant.EPOCH), ActivitySettings.DEFAULT,
                ClassifierMode.SHELL_INTEGRATION, Instant.EPOCH);
        ProcessSnapshot make = new ProcessSnapshot(Optional.empty(), Optional.of("make"));
        ShellStatus running = new ShellStatus(true, ShellPhase.RUNNING, "make", Instant.EPOCH, List.of(), null, null);
        long[] whole = new long[looks];
        long[] locked = new long[looks];
        for (int i = 0; i < looks; i++) {
            long began = System.nanoTime();
            VisibleScreen screen = VisibleScreen.capture(model.terminal());
            long copied = System.nanoTime();
            tab.look(new Look(Instant.EPOCH.plusSeconds(i), screen, ProgramKind.OTHER, i, make, running, null, "make",
                    "bash", null));
            whole[i] = System.nanoTime() - began;
            locked[i] = copied - began;
            if (i % 10 == 0) {
                model.feed("more output " + i + "\r\n");
            }
        }
        Arrays.sort(whole);
        Arrays.sort(locked);
        return new double[] {whole[looks / 2] / 1000.0, locked[looks / 2] / 1000.0};
    }
}
