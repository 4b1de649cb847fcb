package dev.holdfast.app.autosave;

import dev.holdfast.app.control.CheckpointNowResult;
import dev.holdfast.app.tabs.TerminalTab;
import dev.holdfast.app.window.MainWindow;
import dev.holdfast.checkpoint.scrollback.CaptureText;
import dev.holdfast.checkpoint.scrollback.CheckpointCoordinator;
import dev.holdfast.checkpoint.scrollback.CheckpointObserver;
import dev.holdfast.checkpoint.scrollback.CheckpointReport;
import dev.holdfast.checkpoint.scrollback.CheckpointRuntime;
import dev.holdfast.checkpoint.scrollback.CheckpointSettings;
import dev.holdfast.checkpoint.scrollback.CheckpointStats;
import dev.holdfast.checkpoint.scrollback.CheckpointTerminal;
import dev.holdfast.checkpoint.scrollback.ScrollbackSeed;
import dev.holdfast.checkpoint.scrollback.ScrollbackSource;
import dev.holdfast.checkpoint.scrollback.ScrollbackStore;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.export.HistoryMark;
import dev.holdfast.terminal.export.IncrementalLines;
import dev.holdfast.terminal.screen.VisibleScreen;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The app's side of crash-safe scrollback: it shows the coordinator the window's terminals, copies a
 * terminal's lines under its lock when asked (FX thread, bounded by the tail, and after the first capture only
 * what was added since), and owns the named checkpoint executor where formatting, encoding and writing happen.
 */
public final class TerminalCheckpoints implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TerminalCheckpoints.class);
    private static final long CLOSE_WAIT_SECONDS = 5;

    /** Hears how checkpoint writes go, on the FX thread. */
    public interface Listener {
        Listener NONE = new Listener() {
        };

        /** A checkpoint or seed reached the disk. */
        default void written() {
        }

        /** A checkpoint or seed could not be written. */
        default void failed(String reason) {
        }

        /** Every restored tab's scrollback is on disk as this launch's own: its inherited checkpoints may go. */
        default void tookOver() {
        }
    }

    private final MainWindow window;
    private final ScrollbackExporter exporter;
    private final ScreenFingerprints fingerprints;
    private final Predicate<TerminalSession> historyToCome;
    private final ExecutorService executor =
            Executors.newSingleThreadExecutor(new NamedThreadFactory("holdfast-checkpoint", true));
    private final CheckpointCoordinator coordinator;
    private final ForcedCheckpoints forced;
    private final Clock clock;
    /** Copies that busy terminals' readers made under their locks (reader threads put, the FX thread takes). */
    private final Map<UUID, LockedCopy> readerCopies = new ConcurrentHashMap<>();
    /** Tabs whose reader was asked for a copy and has not made it yet (FX thread adds, reader threads take). */
    private final Set<UUID> awaitingCopies = ConcurrentHashMap.newKeySet();

    /**
     * @param uiTurns posts one task per FX turn ({@code Platform::runLater})
     */
    public TerminalCheckpoints(MainWindow window, CheckpointSettings settings, UUID launchId, ScrollbackStore store,
                               ScrollbackExporter exporter, Executor uiTurns, Clock clock, Listener listener) {
        this(window, settings, launchId, store, exporter, uiTurns, clock, listener, ScreenFingerprints.NONE);
    }

    /**
     * @param fingerprints names the fingerprint saved with each capture, on the checkpoint executor
     */
    public TerminalCheckpoints(MainWindow window, CheckpointSettings settings, UUID launchId, ScrollbackStore store,
                               ScrollbackExporter exporter, Executor uiTurns, Clock clock, Listener listener,
                               ScreenFingerprints fingerprints) {
        this(window, settings, launchId, store, exporter, uiTurns, clock, listener, fingerprints, session -> false);
    }

    /**
     * @param historyToCome whether a restored tab's older history is still to be put in its model: such a tab is
     *     taken as busy (tried again later), so that a copy lacking that history never replaces the record this
     *     launch wrote back from the restored text
     */
    public TerminalCheckpoints(MainWindow window, CheckpointSettings settings, UUID launchId, ScrollbackStore store,
                               ScrollbackExporter exporter, Executor uiTurns, Clock clock, Listener listener,
                               ScreenFingerprints fingerprints, Predicate<TerminalSession> historyToCome) {
        this.historyToCome = Objects.requireNonNull(historyToCome, "historyToCome");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.fingerprints = Objects.requireNonNull(fingerprints, "fingerprints");
        this.window = window;
        this.exporter = exporter;
        Objects.requireNonNull(listener, "listener");
        CheckpointObserver observer = new CheckpointObserver() {
            @Override
            public void written(UUID panelId) {
                listener.written();
            }

            @Override
            public void writeFailed(UUID panelId, String reason) {
                listener.failed(reason);
            }

            @Override
            public void tookOver() {
                listener.tookOver();
            }

            @Override
            public void finished(CheckpointReport report) {
                uiTurns.execute(() -> forced.finished(toControl(report)));
            }
        };
        this.coordinator = new CheckpointCoordinator(settings, launchId, this::terminals, this::capture,
                window::lastKeystrokeAt, exporter::trim, store,
                new CheckpointRuntime(uiTurns, executor, clock, System::nanoTime, uiThreadTime()), observer);
        this.forced = new ForcedCheckpoints(coordinator::runNow);
    }

    /**
     * The calling (FX) thread's CPU time, what a capture costs the UI; wall time where the JVM cannot measure it.
     */
    private static java.util.function.LongSupplier uiThreadTime() {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        if (threads.isCurrentThreadCpuTimeSupported() && threads.isThreadCpuTimeEnabled()) {
            return threads::getCurrentThreadCpuTime;
        }
        return System::nanoTime;
    }

    /** The window's terminals as the checkpoint policy sees them: lock-free reads only. */
    private List<CheckpointTerminal> terminals() {
        List<CheckpointTerminal> views = new ArrayList<>();
        for (TerminalTab tab : window.tabs()) {
            views.add(view(tab));
        }
        return views;
    }

    /** One live tab as checkpoints see it; its persistence flag is read when asked (FX thread). */
    public static CheckpointTerminal view(TerminalTab tab) {
        return view(tab.panelId(), tab.session(), () -> tab.persistScrollbackProperty().get());
    }

    /** One tab as the clean-quit save sees it; checkpoints and that save decide eligibility from such views. */
    public static CheckpointTerminal view(TabState tab) {
        return view(tab.panelId(), tab.session(), tab::persistScrollback);
    }

    private static CheckpointTerminal view(UUID panelId, TerminalSession session, BooleanSupplier persist) {
        return new CheckpointTerminal() {
            @Override
            public UUID panelId() {
                return panelId;
            }

            @Override
            public long processedGeneration() {
                return session.generation().model();
            }

            @Override
            public boolean persistScrollback() {
                return persist.getAsBoolean();
            }

            @Override
            public boolean agent() {
                return false;
            }
        };
    }

    private ScrollbackSource.Capture capture(UUID panelId, ScrollbackSource.Continuation since) {
        TerminalTab tab = window.tabs().stream().filter(t -> t.panelId().equals(panelId)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no tab " + panelId));
        TerminalSession session = tab.session();
        LockedCopy ready = readerCopies.remove(panelId);
        if (historyToCome.test(session)) {
            return null;
        }
        if (ready != null && Objects.equals(ready.since(), since)) {
            return capture(panelId, ready.lines(), ready.screen(),
                    Optional.of(new ScrollbackSource.EarlierCopy(ready.generation(), ready.at())));
        }
        HistoryMark mark = since instanceof Continuing continuing ? continuing.mark() : null;
        // Not waited for: a busy reader's terminal is tried again later (see ScrollbackSource#capture). Its reader,
        // which holds the lock between every two slices of its flood, makes the copy meanwhile, for that next try.
        if (!session.tryLockBuffer()) {
            awaitingCopies.add(panelId);
            session.requestUnderLock(() -> {
                // Not for a tab closed since (its copy would stay here for good).
                if (awaitingCopies.remove(panelId)) {
                    readerCopies.put(panelId, copyUnderLock(session, since, mark));
                }
            });
            return null;
        }
        LockedCopy copy;
        try {
            copy = copyUnderLock(session, since, mark);
        } finally {
            session.buffer().unlock();
        }
        return capture(panelId, copy.lines(), copy.screen(), Optional.empty());
    }

    /**
     * One hold of the lock, the caller's: the fingerprint saved with the text must describe the screen the text ends
     * with. The generation is read first, so the copy reflects at least it.
     */
    private LockedCopy copyUnderLock(TerminalSession session, ScrollbackSource.Continuation since, HistoryMark mark) {
        long generation = session.generation().model();
        Instant at = clock.instant();
        return new LockedCopy(since, generation, at, exporter.captureSince(session, mark),
                VisibleScreen.capture(session));
    }

    private ScrollbackSource.Capture capture(UUID panelId, IncrementalLines lines, VisibleScreen screen,
                                             Optional<ScrollbackSource.EarlierCopy> earlier) {
        Continuing next = lines.next() == null ? null : new Continuing(lines.next());
        return new ScrollbackSource.Capture() {
            @Override
            public boolean appends() {
                return lines.appends();
            }

            @Override
            public ScrollbackSource.Continuation continuation() {
                return next;
            }

            @Override
            public Optional<ScrollbackSource.EarlierCopy> earlierCopy() {
                return earlier;
            }

            @Override
            public CaptureText format() {
                CaptureText text = exporter.format(lines);
                return new CaptureText(text.history(), text.screen(), fingerprints.of(panelId, screen));
            }
        };
    }

    /**
     * A terminal's lines copied under its lock, from where {@code since} ended, with the processed generation read
     * just before and when.
     */
    private record LockedCopy(ScrollbackSource.Continuation since, long generation, Instant at, IncrementalLines lines,
                              VisibleScreen screen) {
    }

    /** Where a terminal's last capture ended in its history. */
    private record Continuing(HistoryMark mark) implements ScrollbackSource.Continuation {
    }

    /** FX thread, every autosave tick. */
    public void tick() {
        coordinator.runIfDue();
    }

    /**
     * FX thread: a checkpoint now (for {@code holdfast ctl checkpoint-now}), or right after the one running now;
     * completes when it has finished.
     */
    public CompletableFuture<CheckpointNowResult> runNow() {
        return forced.request();
    }

    private static CheckpointNowResult toControl(CheckpointReport s) {
        return new CheckpointNowResult(s.planned(), s.written(), s.skipped(), s.failed(),
                s.ending().name().toLowerCase(Locale.ROOT).replace('_', '-'), s.duration().toMillis());
    }

    /** FX thread: after any restore, writes the restored scrollback back as this launch's checkpoints. */
    public void seed(Collection<ScrollbackSeed> seeds) {
        coordinator.seed(seeds);
    }

    /** FX thread: this launch's sentinel is not on disk; nothing may be written until {@link #releaseWrites()}. */
    public void holdWrites(String because) {
        coordinator.holdWrites(because);
    }

    /** FX thread: the sentinel is on disk now. */
    public void releaseWrites() {
        coordinator.releaseWrites();
    }

    /** FX thread: a tab closed, or stopped keeping its scrollback. */
    public void discard(UUID panelId) {
        awaitingCopies.remove(panelId);
        readerCopies.remove(panelId);
        coordinator.discard(panelId);
    }

    /** FX thread, first thing at quit: stops checkpoints without waiting for a write in progress. */
    public void abortForQuit() {
        forced.quitting();
        coordinator.abortForQuitOrRestore();
    }

    /** FX thread. */
    public Map<String, Object> stats() {
        CheckpointStats s = coordinator.stats();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("enabled", s.enabled());
        out.put("heldBecause", s.heldBecause());
        out.put("checkpoints", s.checkpoints());
        out.put("captures", s.captures());
        out.put("slowCaptures", s.slowCaptures());
        out.put("readerCopies", s.readerCopies());
        out.put("skipped", s.skipped());
        out.put("failures", s.failures());
        out.put("seeded", s.seeded());
        out.put("lastCheckpointAt", s.lastCheckpointAt() == null ? null : s.lastCheckpointAt().toString());
        out.put("inProgress", s.inProgress());
        if (s.last() != null) {
            Map<String, Object> last = new LinkedHashMap<>();
            last.put("trigger", s.last().trigger().name().toLowerCase(Locale.ROOT));
            last.put("planned", s.last().planned());
            last.put("written", s.last().written());
            last.put("ending", s.last().ending().name().toLowerCase(Locale.ROOT));
            last.put("captureMillis", s.last().captureTime().toNanos() / 1_000_000.0);
            last.put("durationMillis", s.last().duration().toMillis());
            out.put("last", last);
        }
        out.put("panels", s.panels());
        return out;
    }

    /** Lets queued writes finish (bounded), then stops the executor. Not on the FX thread. */
    @Override
    public void close() {
        executor.shutdown();
        try {
            if (!executor.awaitTermination(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS)) {
                LOG.warn("Checkpoint writes did not finish within {} s", CLOSE_WAIT_SECONDS);
                executor.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            executor.shutdownNow();
        }
    }
}
