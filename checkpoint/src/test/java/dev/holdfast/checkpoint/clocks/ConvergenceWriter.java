package dev.holdfast.checkpoint.clocks;

import dev.holdfast.checkpoint.session.ProcessTable;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;

/**
 * One of the two processes of {@link TwoProcessConvergenceTest}: a Holdfast's watcher replaying the same screens
 * of the same panes as the other, at its own pace, through {@link PaneClocks} on the shared database.
 * Args: database, native library directory, steps, random seed, start file, panel ids... Prints "ready" once
 * open, and starts recording when the start file appears, so that both processes write at the same time.
 */
public final class ConvergenceWriter {
    static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    private ConvergenceWriter() {
    }

    /** What every watcher sees of pane {@code index} at {@code step}: its screen changes every few steps. */
    record Facts(String fingerprint, Instant since, String state, String card) {
        static Facts of(int index, int step) {
            int period = 2 + index % 3;
            int screen = step / period;
            Instant since = T0.plusSeconds((long) screen * period);
            return new Facts("pane" + index + "-screen" + screen, since, screen % 2 == 0 ? "IDLE" : "WORKING",
                    "{\"screen\":" + screen + "}");
        }
    }

    public static void main(String[] args) throws Exception {
        Path db = Path.of(args[0]);
        Path natives = Path.of(args[1]);
        int steps = Integer.parseInt(args[2]);
        Random random = new Random(Long.parseLong(args[3]));
        List<UUID> panels = new ArrayList<>();
        Path start = Path.of(args[4]);
        for (int i = 5; i < args.length; i++) {
            panels.add(UUID.fromString(args[i]));
        }
        ProcessTable processes = ProcessTable.system();
        ClockStoreSettings settings = new ClockStoreSettings(ClockStoreSettings.DEFAULT_WRITE_BACKOFF,
                ClockStoreSettings.DEFAULT_OTHER_INSTANCE_RETENTION, Duration.ofSeconds(10), Duration.ofSeconds(10));
        PaneClocks clocks = PaneClocks.open(db, natives,
                new PaneClocks.Launch(UUID.randomUUID(), processes.self(), Instant.now(), true), settings,
                Clock.systemUTC(), processes, StoreTesting.THREADS, ClockStoreNotices.NONE);
        System.out.println("ready");
        System.out.flush();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!java.nio.file.Files.exists(start)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("never told to start");
            }
            Thread.sleep(5);
        }
        for (int step = 0; step < steps; step++) {
            for (int i = 0; i < panels.size(); i++) {
                Facts facts = Facts.of(i, step);
                clocks.record(clocks.row(panels.get(i), facts.fingerprint(), facts.since(), facts.state(), facts.since(),
                        facts.card(), 1));
            }
            Thread.sleep(random.nextInt(8));
        }
        clocks.flush(Duration.ofSeconds(30));
        PaneClocks.Stats stats = clocks.stats();
        clocks.close();
        System.out.println("lineage=" + clocks.lineage() + " writes=" + stats.writes() + " failures=" + stats.failures()
                + " dropped=" + stats.dropped());
    }
}
