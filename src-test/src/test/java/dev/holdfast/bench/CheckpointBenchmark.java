package dev.holdfast.bench;

import dev.holdfast.app.autosave.ScrollbackExporter;
import dev.holdfast.checkpoint.scrollback.CaptureText;
import dev.holdfast.checkpoint.scrollback.CheckpointCoordinator;
import dev.holdfast.checkpoint.scrollback.CheckpointObserver;
import dev.holdfast.checkpoint.scrollback.CheckpointRuntime;
import dev.holdfast.checkpoint.scrollback.CheckpointSettings;
import dev.holdfast.checkpoint.scrollback.CheckpointReport;
import dev.holdfast.checkpoint.scrollback.CheckpointTerminal;
import dev.holdfast.checkpoint.scrollback.ScrollbackSource;
import dev.holdfast.checkpoint.scrollback.ScrollbackStore;
import dev.holdfast.checkpoint.store.StateDirectory;
import dev.holdfast.terminal.emulation.SessionSpec;
import dev.holdfast.terminal.emulation.TerminalEvents;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.export.HistoryMark;
import dev.holdfast.terminal.export.IncrementalLines;
import dev.holdfast.terminal.pty.ProcessSnapshot;
import dev.holdfast.terminal.pty.ShellCommand;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checkpoint cost for terminals with 1,000 / 10,000 / 100,000 lines of coloured history, through the production
 * coordinator: the UI-thread time per capture (the lock is held for the copy) and the whole checkpoint, plan to
 * file on disk; median and max over 50 runs, beside the reference's 50 ms budget. Prints; never fails.
 * Run with {@code mvn -B -pl src-test -am verify -Pbench}.
 */
@Tag("benchmark")
class CheckpointBenchmark {
    private static final int RUNS = 50;
    private static final int[] HISTORY_SIZES = {1_000, 10_000, 100_000};

    @TempDir
    Path dir;

    @Test
    void checkpointCostByHistorySize() throws Exception {
        StateDirectory state = new StateDirectory(dir.resolve("state"), dir.resolve("config")).open();
        ScrollbackExporter exporter = new ScrollbackExporter(CheckpointSettings.defaults());
        StringBuilder table = new StringBuilder();
        table.append(String.format("%n%-10s %-12s %14s %14s %14s %14s %10s%n", "history", "capture", "capture med",
                "capture max", "checkpoint med", "checkpoint max", "budget"));
        for (int history : HISTORY_SIZES) {
          for (boolean incremental : new boolean[] {false, true}) {
            TerminalSession terminal = filled(history);
            List<Duration> captures = new ArrayList<>();
            List<Duration> totals = new ArrayList<>();
            ExecutorService background = Executors.newSingleThreadExecutor(new NamedThreadFactory("bench-checkpoint", true));
            LinkedBlockingQueue<Runnable> uiTurns = new LinkedBlockingQueue<>();
            AtomicLong generation = new AtomicLong(1);
            AtomicReference<CheckpointReport> finished = new AtomicReference<>();
            UUID panel = terminal.spec().panelId();
            CheckpointTerminal view = new CheckpointTerminal() {
                @Override
                public UUID panelId() {
                    return panel;
                }

                @Override
                public long processedGeneration() {
                    return generation.get();
                }

                @Override
                public boolean persistScrollback() {
                    return true;
                }

                @Override
                public boolean agent() {
                    return false;
                }
            };
            CheckpointCoordinator coordinator = new CheckpointCoordinator(
                    CheckpointSettings.defaults().withTiming(Duration.ofSeconds(8), Duration.ofMillis(1), Duration.ZERO),
                    UUID.randomUUID(), () -> List.of(view),
                    (id, since) -> {
                        HistoryMark mark = incremental && since instanceof Mark m ? m.mark() : null;
                        IncrementalLines lines = exporter.captureSince(terminal, mark);
                        // Each run adds ten lines, as a busy terminal does between two checkpoints.
                        terminal.writeLocal("another line of output\r\n".repeat(10));
                        return new ScrollbackSource.Capture() {
                            @Override
                            public boolean appends() {
                                return lines.appends();
                            }

                            @Override
                            public ScrollbackSource.Continuation continuation() {
                                return lines.next() == null ? null : new Mark(lines.next());
                            }

                            @Override
                            public CaptureText format() {
                                return exporter.format(lines);
                            }
                        };
                    },
                    () -> null, exporter::trim,
                    new ScrollbackStore(state, Clock.systemUTC(), CheckpointSettings.DEFAULT_MAX_RECORD_BYTES),
                    new CheckpointRuntime(uiTurns::add, background, Clock.systemUTC(), System::nanoTime),
                    new CheckpointObserver() {
                        @Override
                        public void finished(CheckpointReport summary) {
                            finished.set(summary);
                        }
                    });
            for (int run = 0; run < RUNS + 5; run++) {
                generation.incrementAndGet();
                finished.set(null);
                coordinator.runNow();
                while (finished.get() == null) {
                    Runnable turn = uiTurns.poll(10, TimeUnit.MILLISECONDS);
                    if (turn != null) {
                        turn.run();
                    }
                }
                if (run >= 5) { // the first runs warm the JIT up
                    captures.add(finished.get().captureTime());
                    totals.add(finished.get().duration());
                }
            }
            background.shutdown();
            table.append(String.format("%-10s %-12s %11.2f ms %11.2f ms %11.2f ms %11.2f ms %7d ms%n",
                    String.format("%,d", history), incremental ? "incremental" : "whole", ms(median(captures)),
                    ms(Collections.max(captures)), ms(median(totals)), ms(Collections.max(totals)), 50));
            terminal.close();
          }
        }
        table.append("capture = UI-thread time with the buffer lock held (copy only); checkpoint = plan to file on disk")
                .append(" (format, trim to 4,000 lines, JSON, fsync, rename or append)\n")
                .append("whole = every capture copies the 4,000-line tail; incremental = after the first, only the")
                .append(" lines added since and the screen\n");
        System.out.println(table);
        Files.writeString(Path.of(System.getProperty("user.dir"), "target", "checkpoint-benchmark.txt"), table);
    }

    private record Mark(HistoryMark mark) implements ScrollbackSource.Continuation {
    }

    private static TerminalSession filled(int lines) {
        TerminalSession s = new TerminalSession(new SessionSpec(UUID.randomUUID(), Path.of("/"),
                new ShellCommand(List.of("/bin/sh")), Map.of(), 120, 40, lines + 100),
                TerminalEvents.NONE, pid -> ProcessSnapshot.UNKNOWN, Clock.systemUTC());
        StringBuilder chunk = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            chunk.append("\u001b[3").append(i % 8).append('m').append(String.format("%07d", i))
                    .append("\u001b[0m \u001b[1mcoloured\u001b[0m history line with some text to make it realistic\r\n");
            if (chunk.length() > 200_000) {
                s.writeLocal(chunk.toString());
                chunk.setLength(0);
            }
        }
        s.writeLocal(chunk.toString());
        return s;
    }

    private static Duration median(List<Duration> values) {
        List<Duration> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    private static double ms(Duration d) {
        return d.toNanos() / 1_000_000.0;
    }
}
