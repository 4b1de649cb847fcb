package dev.holdfast.checkpoint.clocks;

import dev.holdfast.checkpoint.session.ProcessIdentity;
import dev.holdfast.checkpoint.session.ProcessTable;
import dev.holdfast.checkpoint.store.Quarantine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pane clock checkpoint: {@code panes.sqlite} behind the watcher. Memory stays the runtime truth; this is a
 * write-through record, read once in bulk at startup ({@link #open}), written only when a pane's facts change
 * ({@link ClockWritePolicy}), all SQLite work on one executor it owns. A missing, locked, corrupt or read-only
 * database is never worse than none: the app starts, clocks fall back ({@link ClockSeeding}), a corrupt file is
 * moved aside and recreated, and each problem is told to the user once through the notices, and taken back when
 * a write works again.
 *
 * <p>Threads: {@link #open} waits for the executor (call it off the UI thread); {@link #record} is called by the
 * watcher, one thread, and only queues; notices arrive on the executor's thread.
 */
public final class PaneClocks implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PaneClocks.class);
    private static final Duration OPEN_WAIT_MARGIN = Duration.ofSeconds(5);

    /**
     * This launch, as the store records it.
     *
     * @param ownsSession the launch restores and saves the session ({@code StartupRestore.persist()})
     */
    public record Launch(UUID launchId, ProcessIdentity process, Instant startedAt, boolean ownsSession) {
        public Launch {
            Objects.requireNonNull(launchId, "launchId");
            Objects.requireNonNull(process, "process");
            Objects.requireNonNull(startedAt, "startedAt");
        }
    }

    /** Counters, for {@code holdfast ctl stats} and benchmarks. */
    public record Stats(long writes, long unchanged, long dropped, long failures) {
    }

    private final Path file;
    private final Launch launch;
    private final ClockStoreSettings settings;
    private final Clock clock;
    private final ProcessTable processes;
    private final ClockStoreNotices notices;
    private final ExecutorService executor;

    // Executor-only.
    private PaneClockStore store;
    private boolean launchRecorded;
    private final Set<ClockStoreProblem> told = EnumSet.noneOf(ClockStoreProblem.class);

    // Set once by open(), read-only afterwards.
    private PaneClockPreload preload = PaneClockPreload.EMPTY;
    private UUID lineage;

    /** The row last written or tried per pane (filled by the preload, then by the watcher). */
    private final Map<PaneKey, PaneClockRow> lastAttempted = new ConcurrentHashMap<>();
    /** Rows waiting for the executor, at most one per pane: a slow disk coalesces, never queues up. */
    private final Map<PaneKey, PaneClockRow> pending = new ConcurrentHashMap<>();
    private final WriteBackoff backoff;
    private final AtomicBoolean pruned = new AtomicBoolean();
    private final AtomicLong writes = new AtomicLong();
    private final AtomicLong unchanged = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();

    private PaneClocks(Path file, Launch launch, ClockStoreSettings settings, Clock clock, ProcessTable processes,
                       ClockStoreNotices notices, ThreadFactory threads) {
        this.file = file;
        this.launch = launch;
        this.settings = settings;
        this.clock = clock;
        this.processes = processes;
        this.notices = notices;
        this.backoff = new WriteBackoff(settings.writeBackoff());
        this.executor = Executors.newSingleThreadExecutor(threads);
        this.lineage = launch.launchId();
    }

    /**
     * Opens {@code databaseFile}, reads every row once, decides this launch's lineage and records the launch.
     * Blocks for at most a few busy timeouts: call it off the UI thread, before the tabs are restored.
     *
     * @param sqliteNativeDirectory where sqlite-jdbc may unpack its native library (see {@link SqliteNativeDirectory})
     * @param threads names the store's one thread ({@code holdfast-pane-clocks})
     * @param notices told once per problem, in one line, and when it is over, on the store's thread
     */
    public static PaneClocks open(Path databaseFile, Path sqliteNativeDirectory, Launch launch,
                                  ClockStoreSettings settings, Clock clock, ProcessTable processes,
                                  ThreadFactory threads, ClockStoreNotices notices) {
        PaneClocks clocks = new PaneClocks(databaseFile, launch, settings, clock, processes, notices, threads);
        try {
            SqliteNativeDirectory.install(sqliteNativeDirectory);
        } catch (IOException e) {
            LOG.warn("Could not prepare {} for SQLite's native library: {}", sqliteNativeDirectory, e.toString());
        }
        Future<?> opened = clocks.executor.submit(clocks::openAndPreload);
        Duration wait = settings.busyTimeout().multipliedBy(4).plus(OPEN_WAIT_MARGIN);
        try {
            opened.get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            LOG.warn("{} took over {} to open; tab clocks fall back", databaseFile, wait);
        } catch (ExecutionException e) {
            LOG.warn("Opening {} failed; tab clocks fall back", databaseFile, e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return clocks;
    }

    private void openAndPreload() {
        PaneClockPreload loaded = PaneClockPreload.EMPTY;
        if (connect()) {
            try {
                loaded = store.loadAll();
                if (loaded.skippedRows() > 0) {
                    LOG.warn("{}: {} unreadable row(s) left alone", file, loaded.skippedRows());
                }
            } catch (ClockStoreException e) {
                if (e.problem() == ClockStoreProblem.CORRUPT) {
                    startAfresh(e);
                } else {
                    problem(e, "reading");
                }
            }
        }
        UUID decided = LaunchLineage.decide(loaded.launches(), launch.launchId(), launch.ownsSession());
        synchronized (this) {
            preload = loaded;
            lineage = decided;
            lastAttempted.putAll(loaded.rows());
        }
        LOG.info("Launch {}: {} pane clock row(s) read from {}; lineage {}", launch.launchId(), loaded.rows().size(),
                file, decided);
        recordLaunch();
    }

    /**
     * Opens the store if it is not open; a corrupt or oversized file is moved aside and a fresh one made. Executor
     * only.
     */
    private boolean connect() {
        if (store != null) {
            return true;
        }
        long size = sizeOf(file);
        if (size > ClockStoreSettings.MAX_FILE_BYTES) {
            return startAfresh(new ClockStoreException(ClockStoreProblem.CORRUPT, "it is " + size
                    + " bytes, larger than the limit of " + ClockStoreSettings.MAX_FILE_BYTES, null));
        }
        try {
            store = PaneClockStore.open(file, settings.busyTimeout());
            if (store.readOnly()) {
                tell(ClockStoreProblem.READ_ONLY, null);
            }
            return true;
        } catch (ClockStoreException e) {
            if (e.problem() != ClockStoreProblem.CORRUPT) {
                problem(e, "opening");
                return false;
            }
            return startAfresh(e);
        }
    }

    private static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (IOException missing) {
            return 0;
        }
    }

    /** Closes the connection; the next write opens the store again and records the launch again. Executor only. */
    private void disconnect() {
        if (store != null) {
            store.close();
            store = null;
        }
        launchRecorded = false;
    }

    /** The database is damaged: it is moved aside (with its WAL) and a fresh one made. Executor only. */
    private boolean startAfresh(ClockStoreException damage) {
        disconnect();
        String movedTo = quarantine();
        tell(ClockStoreProblem.CORRUPT, movedTo);
        LOG.warn("{} is damaged ({}); moved aside as {}", file, damage.getMessage(), movedTo);
        try {
            store = PaneClockStore.open(file, settings.busyTimeout());
            return true;
        } catch (ClockStoreException again) {
            problem(again, "recreating");
            return false;
        }
    }

    private String quarantine() {
        Quarantine quarantine = new Quarantine(clock);
        String movedTo = null;
        for (String suffix : new String[] {"", "-wal", "-shm", "-journal"}) {
            Path part = file.resolveSibling(file.getFileName() + suffix);
            if (!Files.exists(part)) {
                continue;
            }
            try {
                Path moved = quarantine.moveAside(part);
                if (suffix.isEmpty()) {
                    movedTo = moved.getFileName().toString();
                }
            } catch (IOException e) {
                LOG.warn("Could not move {} aside: {}", part, e.toString());
                try {
                    Files.deleteIfExists(part);
                } catch (IOException gone) {
                    LOG.warn("Could not remove {}: {}", part, gone.toString());
                }
            }
        }
        return movedTo;
    }

    private void recordLaunch() {
        if (launchRecorded || store == null || store.readOnly()) {
            return;
        }
        try {
            store.recordLaunch(new LaunchRow(launch.launchId(), lineage(), launch.process(), launch.startedAt(),
                    launch.ownsSession()));
            launchRecorded = true;
        } catch (ClockStoreException e) {
            problem(e, "recording the launch");
        }
    }

    /** This launch's lineage: part of every pane key it writes. */
    public synchronized UUID lineage() {
        return lineage;
    }

    /** The key of this launch's pane for tab {@code panelId}. */
    public PaneKey key(UUID panelId) {
        return new PaneKey(panelId, lineage());
    }

    /** Every row read at startup. */
    public synchronized PaneClockPreload preloaded() {
        return preload;
    }

    /**
     * How tab {@code panelId}, restored with a scrollback saved with {@code savedFingerprint}, starts
     * ({@link ClockSeeding}).
     */
    public PaneSeed seed(UUID panelId, Optional<String> savedFingerprint, Optional<Instant> lastKnownAlive,
                         int cardVersion) {
        PaneClockRow row = preloaded().rows().get(key(panelId));
        return ClockSeeding.seed(Optional.ofNullable(row), savedFingerprint, lastKnownAlive, clock.instant(), cardVersion);
    }

    /**
     * A row for tab {@code panelId} as memory holds it now, owned by this launch.
     *
     * @param cardJson the card made from {@code fingerprint}'s screen, or null when the card shown is older than it
     */
    public PaneClockRow row(UUID panelId, String fingerprint, Instant lastActivityAt, String state, Instant stateSince,
                            String cardJson, Integer cardVersion) {
        return new PaneClockRow(key(panelId), fingerprint, lastActivityAt, state, stateSince, cardJson,
                cardJson == null ? null : cardVersion, launch.launchId(), clock.instant());
    }

    /**
     * Writes {@code row} if its facts differ from the row last written or tried for its pane, and writes are not
     * backing off after a failure. A row dropped by the backoff is not retried: the pane's next change writes.
     * Call from one thread (the watcher); it never blocks.
     *
     * @return true when a write was queued
     */
    public boolean record(PaneClockRow row) {
        PaneKey key = row.key();
        if (!ClockWritePolicy.needsWrite(lastAttempted.get(key), row)) {
            unchanged.incrementAndGet();
            return false;
        }
        lastAttempted.put(key, row);
        boolean allowed;
        synchronized (backoff) {
            allowed = backoff.allows(clock.instant());
        }
        if (!allowed) {
            dropped.incrementAndGet();
            return false;
        }
        if (pending.put(key, row) == null) {
            try {
                executor.execute(() -> writePending(key));
            } catch (RejectedExecutionException closed) {
                pending.remove(key);
                return false;
            }
        }
        return true;
    }

    private void writePending(PaneKey key) {
        PaneClockRow row = pending.remove(key);
        if (row == null) {
            return;
        }
        synchronized (backoff) {
            if (!backoff.allows(clock.instant())) {
                dropped.incrementAndGet();
                return;
            }
        }
        if (store != null && store.readOnly()) {
            // Opened read-only because the file could not be written: open it again, at the backoff's pace, so
            // the clocks are saved again once the disk or the permissions are fixed.
            disconnect();
        }
        if (!connect() || store.readOnly()) {
            failed();
            return;
        }
        recordLaunch();
        try {
            store.write(row);
            writes.incrementAndGet();
            recovered();
        } catch (ClockStoreException e) {
            failed();
            if (e.problem() == ClockStoreProblem.CORRUPT) {
                startAfresh(e);
            } else {
                problem(e, "writing panel " + key.panelId());
                if (e.problem() != ClockStoreProblem.LOCKED) {
                    // SQLite keeps a connection that met a read-only or failing file in that state even once
                    // the file is fine again; the next try opens a fresh one.
                    disconnect();
                }
            }
        }
    }

    private void failed() {
        failures.incrementAndGet();
        synchronized (backoff) {
            backoff.failed(clock.instant());
        }
    }

    /**
     * Prunes once, after the first full listing of this launch's tabs (restore done): see {@link ClockPruning}.
     * Later calls do nothing.
     */
    public void pruneAfterFullListing(Set<UUID> livePanelIds) {
        if (!pruned.compareAndSet(false, true)) {
            return;
        }
        Set<UUID> live = Set.copyOf(livePanelIds);
        try {
            executor.execute(() -> prune(live));
        } catch (RejectedExecutionException closed) {
            LOG.debug("Pane clocks closed before pruning");
        }
    }

    private void prune(Set<UUID> live) {
        if (store == null || store.readOnly()) {
            return;
        }
        ClockPruning.Plan plan = ClockPruning.plan(preloaded(), lineage(), live,
                l -> processes.isRunning(l.process()), clock.instant(), settings.otherInstanceRetention());
        int deleted = 0;
        try {
            for (PaneClockRow row : plan.rows()) {
                if (store.deleteIfUnchanged(row)) {
                    deleted++;
                }
            }
            for (UUID launchId : plan.launches()) {
                store.deleteLaunch(launchId);
            }
        } catch (ClockStoreException e) {
            problem(e, "pruning");
        }
        if (deleted > 0 || !plan.launches().isEmpty()) {
            LOG.info("Pruned {} pane clock row(s) and {} launch record(s)", deleted, plan.launches().size());
        }
    }

    private void problem(ClockStoreException e, String doing) {
        if (tell(e.problem(), null)) {
            LOG.warn("{}: {} failed: {}", file, doing, e.getMessage());
        } else {
            LOG.debug("{}: {} failed: {}", file, doing, e.getMessage());
        }
    }

    /** Tells the user of {@code problem} unless it is told already. Executor only. */
    private boolean tell(ClockStoreProblem problem, String detail) {
        if (!told.add(problem)) {
            return false;
        }
        try {
            notices.show(problem.key(), problem.notice(file.getFileName().toString(), detail));
        } catch (RuntimeException e) {
            LOG.warn("A pane clock notice could not be shown", e);
        }
        return true;
    }

    /** A write worked: the passing problems told so far are over, and told again should they come back. */
    private void recovered() {
        for (ClockStoreProblem problem : ClockStoreProblem.values()) {
            if (problem.passing() && told.remove(problem)) {
                LOG.info("{} works again ({} is over)", file, problem);
                try {
                    notices.clear(problem.key());
                } catch (RuntimeException e) {
                    LOG.warn("A pane clock notice could not be taken back", e);
                }
            }
        }
    }

    /** Waits up to {@code timeout} for the writes queued so far. */
    public boolean flush(Duration timeout) {
        try {
            executor.submit(() -> { }).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException | ExecutionException | RejectedExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    public Stats stats() {
        return new Stats(writes.get(), unchanged.get(), dropped.get(), failures.get());
    }

    /** Finishes the queued writes (within the close timeout), closes the database and stops the thread. */
    @Override
    public void close() {
        try {
            executor.execute(() -> {
                if (store != null) {
                    store.close();
                    store = null;
                }
            });
        } catch (RejectedExecutionException already) {
            return;
        }
        executor.shutdown();
        try {
            if (!executor.awaitTermination(settings.closeTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn("{}: queued writes did not finish within {}", file, settings.closeTimeout());
                executor.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            executor.shutdownNow();
        }
    }
}
