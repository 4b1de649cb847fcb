package dev.holdfast.checkpoint.scrollback;

import dev.holdfast.checkpoint.scrollback.CheckpointPolicy.Trigger;
import dev.holdfast.checkpoint.scrollback.CheckpointReport.Ending;
import dev.holdfast.checkpoint.scrollback.ScrollbackSource.Capture;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs scrollback checkpoints: plans which terminals to capture, captures them on the UI thread one per turn
 * within a time budget, and has the checkpoint executor format, trim and write them.
 *
 * <p>Single writer: every public method is called on the UI thread, and all state below is confined to it. The
 * checkpoint executor only formats and writes; it reports back by posting to the UI thread. The two threads
 * share nothing but a checkpoint's volatile "abandoned" flag, so the UI thread never waits for the executor.
 *
 * <p>Pending is a comparison of generations, not a flag: a terminal is pending while its processed output
 * generation differs from the one its last capture recorded. A capture records the generation read
 * <em>before</em> the copy, so output parsed during or after the copy keeps the terminal pending. (Two flags —
 * "dirty", cleared after capture — lost exactly that output in the reference design's first version.)
 *
 * <p>Cadence: a checkpoint may run on every autosave tick once the keyboard is quiet, and captures each pending
 * terminal at the last tick before its capture would be {@link CheckpointSettings#checkpointInterval()} old. A
 * terminal whose last capture reached the disk is captured incrementally next (only what was added since, appended
 * to its file), so a busy terminal with a long history costs no more than a quiet one. A checkpoint plans every
 * due terminal and keeps taking them, one per UI turn, while its captures stay cheap; so every terminal with
 * output is on disk within about one interval, twenty busy tabs as well as one.
 */
public final class CheckpointCoordinator {

    private static final Logger log = LoggerFactory.getLogger(CheckpointCoordinator.class);

    private final CheckpointSettings settings;
    private final CheckpointPolicy policy;
    private final UUID launchId;
    private final TerminalRoster roster;
    private final ScrollbackSource source;
    private final KeyboardActivity keyboard;
    private final ScrollbackStore store;
    private final CheckpointWriter writer;
    private final Executor uiTurns;
    private final Executor background;
    private final Clock clock;
    private final LongSupplier nanoTime;
    private final LongSupplier uiTime;
    private final CheckpointObserver observer;

    private final Map<UUID, PanelProgress> progress = new HashMap<>();
    private Instant lastCheckpointAt;
    private Instant lastPruneAt;
    /** The checkpoint capturing or waiting for its writes; null between checkpoints. */
    private Checkpoint current;
    /** While writes are held (no launch sentinel yet), seeds wait here; null when writes are allowed. */
    private List<ScrollbackSeed> heldSeeds;
    private String heldBecause;
    /** Restored panels whose scrollback is not yet on disk as this launch's; null when none is awaited. */
    private Set<UUID> awaitingTakeover;

    private long checkpoints;
    private long captures;
    private long slowCaptures;
    private long skipped;
    private long readerCopies;
    private long failures;
    private long seeded;
    private CheckpointReport last;

    /** A coordinator with no observer. */
    public CheckpointCoordinator(CheckpointSettings settings, UUID launchId, TerminalRoster roster,
                                 ScrollbackSource source, KeyboardActivity keyboard, ScrollbackTrimmer trimmer,
                                 ScrollbackStore store, CheckpointRuntime runtime) {
        this(settings, launchId, roster, source, keyboard, trimmer, store, runtime, CheckpointObserver.NONE);
    }

    /**
     * @param launchId this launch's id ({@code LaunchRecord.launchId()}), written into every record
     * @param store    written only from the checkpoint executor
     */
    public CheckpointCoordinator(CheckpointSettings settings, UUID launchId, TerminalRoster roster,
                                 ScrollbackSource source, KeyboardActivity keyboard, ScrollbackTrimmer trimmer,
                                 ScrollbackStore store, CheckpointRuntime runtime, CheckpointObserver observer) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.policy = new CheckpointPolicy(settings);
        this.launchId = Objects.requireNonNull(launchId, "launchId");
        this.roster = Objects.requireNonNull(roster, "roster");
        this.source = Objects.requireNonNull(source, "source");
        this.keyboard = Objects.requireNonNull(keyboard, "keyboard");
        this.store = Objects.requireNonNull(store, "store");
        this.writer = new CheckpointWriter(store, trimmer, settings);
        this.uiTurns = runtime.uiTurns();
        this.background = runtime.background();
        this.clock = runtime.clock();
        this.nanoTime = runtime.nanoTime();
        this.uiTime = runtime.uiTime();
        this.observer = Objects.requireNonNull(observer, "observer");
    }

    /**
     * UI thread, on every autosave tick. Notes which terminals became pending, and starts a checkpoint when the
     * keyboard has been quiet and some terminal is due.
     */
    public CheckpointStart runIfDue() {
        return start(Trigger.AUTOSAVE);
    }

    /** UI thread. Starts a checkpoint now, whatever the interval and typing; every other bound holds. */
    public CheckpointStart runNow() {
        return start(Trigger.FORCED);
    }

    /**
     * UI thread, before any write: this launch could not write its launch sentinel, and a checkpoint of a launch
     * no sentinel names would be deleted as outdated by the next launch — and would first have replaced the
     * crashed launch's record of the same panel. Nothing is written (seeds wait) until {@link #releaseWrites()}.
     */
    public void holdWrites(String because) {
        if (heldSeeds == null) {
            heldSeeds = new ArrayList<>();
        }
        heldBecause = Objects.requireNonNull(because, "because");
        log.warn("Scrollback checkpoints of launch {} wait: {}", launchId, because);
    }

    /** UI thread: the sentinel is written; the held seeds go to disk and checkpoints run again. */
    public void releaseWrites() {
        if (heldSeeds == null) {
            return;
        }
        List<ScrollbackSeed> seeds = heldSeeds;
        heldSeeds = null;
        heldBecause = null;
        log.info("Scrollback checkpoints of launch {} run again", launchId);
        seed(seeds);
    }

    /**
     * UI thread, first thing when a quit or a restore begins. Whatever the running checkpoint still had queued
     * on either thread does nothing when it runs; its terminals stay pending. Files it already wrote stay: each is
     * a whole record of this launch, and should the quit save fail, they are what the next launch restores. A
     * write in progress on the executor finishes on its own; this never waits for it.
     */
    public void abortForQuitOrRestore() {
        Checkpoint checkpoint = current;
        if (checkpoint == null) {
            return;
        }
        current = null;
        checkpoint.abandoned = true;
        Instant now = clock.instant();
        for (UUID panelId : checkpoint.capturedPanels) {
            PanelProgress state = progress.get(panelId);
            if (state != null) {
                progress.put(panelId, state.pendingAgain(now));
            }
        }
        log.info("Abandoned the checkpoint started at {} for a quit or restore", checkpoint.startedAt);
        end(checkpoint, Ending.ABANDONED);
    }

    /**
     * UI thread, once a restore has put its tabs up — after a crash or a clean exit alike. Writes the restored
     * scrollback back as checkpoints of this launch, without capturing anything, so a crash at any moment after
     * this launch still brings back what it restored. Prunes nothing: a seed batch knows only the panels it
     * seeds. A seed whose write fails leaves its panel pending, so the next checkpoint captures the replayed text
     * instead. Once every seeded panel is on disk as this launch's, the observer hears
     * {@link CheckpointObserver#tookOver()}: the checkpoints this launch inherited are no longer needed.
     */
    public void seed(Collection<ScrollbackSeed> seeds) {
        if (!settings.enabled()) {
            return;
        }
        if (heldSeeds != null) {
            heldSeeds.addAll(seeds);
            return;
        }
        if (awaitingTakeover == null) {
            awaitingTakeover = new HashSet<>();
        }
        for (ScrollbackSeed seed : seeds) {
            UUID panelId = seed.panelId();
            awaitingTakeover.add(panelId);
            PanelProgress state = PanelProgress.orNew(progress.get(panelId));
            progress.put(panelId, state.continuingFrom(null));
            long consumed = state.capturedGeneration();
            background.execute(() -> {
                boolean written = false;
                try {
                    writer.write(panelId, launchId, seed.capturedAt(), 0, seed.agent(),
                            new CaptureText(seed.scrollback(), "", seed.screenFingerprint()));
                    written = true;
                } catch (IOException | RuntimeException e) {
                    log.warn("Could not write the restored scrollback of panel {} back as a checkpoint of launch {}",
                            panelId, launchId, e);
                    report(panelId, e);
                } finally {
                    boolean ok = written;
                    uiTurns.execute(() -> seedWritten(panelId, consumed, ok));
                }
            });
        }
        if (seeds.isEmpty()) {
            uiTurns.execute(this::checkTakeover);
        }
    }

    /**
     * UI thread, when a tab closes or its user turns scrollback persistence off. Deletes its checkpoint now
     * rather than at the next checkpoint's prune; should it still be open and eligible, it is captured again.
     */
    public void discard(UUID panelId) {
        if (!settings.enabled()) {
            return;
        }
        progress.put(panelId, PanelProgress.orNew(progress.get(panelId)).forgotten(clock.instant()));
        if (awaitingTakeover != null && awaitingTakeover.remove(panelId)) {
            uiTurns.execute(this::checkTakeover);
        }
        background.execute(() -> deleteFile(panelId));
    }

    /** UI thread. The counters since launch and every open terminal's state. */
    public CheckpointStats stats() {
        List<? extends CheckpointTerminal> terminals = roster.terminals();
        List<CheckpointStats.Panel> panels = new ArrayList<>(terminals.size());
        for (CheckpointTerminal terminal : terminals) {
            PanelProgress state = PanelProgress.orNew(progress.get(terminal.panelId()));
            long processed = terminal.processedGeneration();
            boolean eligible = ScrollbackEligibility.allows(terminal);
            panels.add(new CheckpointStats.Panel(terminal.panelId(), processed, state.capturedGeneration(),
                    eligible && state.isPending(processed), eligible, state.capturedAt(), state.backoffUntil()));
        }
        return new CheckpointStats(settings.enabled(), heldBecause, checkpoints, captures, slowCaptures, readerCopies,
                skipped, failures, seeded, lastCheckpointAt, current != null, last, panels);
    }

    private CheckpointStart start(Trigger trigger) {
        if (!settings.enabled()) {
            return CheckpointStart.DISABLED;
        }
        if (heldSeeds != null) {
            return CheckpointStart.HELD;
        }
        if (current != null) {
            return CheckpointStart.BUSY;
        }
        Instant now = clock.instant();
        List<? extends CheckpointTerminal> terminals = roster.terminals();
        notePending(terminals, now);
        Instant keystrokeAt = keyboard.lastKeystrokeAt();
        if (!policy.isTypingQuiet(trigger, now, keystrokeAt)) {
            return CheckpointStart.NOT_DUE;
        }
        List<CheckpointTerminal> planned = CandidateSelection.select(terminals, progress, now,
                policy.dueAfter(trigger));
        boolean pruneDue = policy.isPruneDue(trigger, now, lastPruneAt);
        if (planned.isEmpty() && !pruneDue) {
            return CheckpointStart.NOT_DUE;
        }
        lastCheckpointAt = now;
        Checkpoint checkpoint = new Checkpoint(trigger, now, nanoTime.getAsLong(), keystrokeAt, planned);
        current = checkpoint;

        Set<UUID> live = new HashSet<>();
        Set<UUID> keep = new HashSet<>();
        for (CheckpointTerminal terminal : terminals) {
            live.add(terminal.panelId());
            if (ScrollbackEligibility.allows(terminal)) {
                keep.add(terminal.panelId());
            }
        }
        progress.keySet().retainAll(live);
        if (pruneDue) {
            lastPruneAt = now;
            // The files of closed tabs and of tabs whose user turned persistence off go in the same pass.
            background.execute(() -> prune(checkpoint, keep));
        }
        // Not this turn: output the reader has just handed the emulator gets a turn to be parsed.
        uiTurns.execute(() -> captureNext(checkpoint));
        return CheckpointStart.STARTED;
    }

    /**
     * Records when each terminal became pending, for the longest-pending-first order, and marks ineligible
     * terminals for capture from scratch: their files are pruned, so if they become eligible again, they must be
     * captured whatever their generation. Allocates only when a terminal's state changes.
     */
    private void notePending(List<? extends CheckpointTerminal> terminals, Instant now) {
        for (int i = 0; i < terminals.size(); i++) {
            CheckpointTerminal terminal = terminals.get(i);
            UUID panelId = terminal.panelId();
            PanelProgress state = PanelProgress.orNew(progress.get(panelId));
            if (!ScrollbackEligibility.allows(terminal)) {
                if (state.capturedGeneration() != PanelProgress.NOT_CAPTURED || state.capturedAt() != null) {
                    progress.put(panelId, state.forgotten(now));
                }
                if (awaitingTakeover != null && awaitingTakeover.remove(panelId)) {
                    uiTurns.execute(this::checkTakeover);
                }
            } else if (state.pendingSince() == null && state.isPending(terminal.processedGeneration())) {
                progress.put(panelId, state.pendingFrom(now));
            }
        }
    }

    /**
     * One UI turn: stop if the user typed or the captures so far were too dear to take another (see
     * {@link CheckpointPolicy#mayTakeAnother}), else take the next capture.
     */
    private void captureNext(Checkpoint checkpoint) {
        if (checkpoint != current) {
            return;
        }
        if (checkpoint.isExhausted()) {
            end(checkpoint, Ending.COMPLETED);
            return;
        }
        if (!Objects.equals(keyboard.lastKeystrokeAt(), checkpoint.keystrokeAtStart)) {
            end(checkpoint, Ending.TYPING_RESUMED);
            return;
        }
        if (!policy.mayTakeAnother(checkpoint.attempted, checkpoint.captureNanos)) {
            end(checkpoint, Ending.BUDGET_SPENT);
            return;
        }
        UUID panelId = checkpoint.next < checkpoint.planned.size()
                ? checkpoint.planned.get(checkpoint.next++).panelId() : checkpoint.retries.remove();
        captureOne(checkpoint, panelId);
        if (checkpoint.isExhausted()) {
            end(checkpoint, Ending.COMPLETED);
        } else {
            uiTurns.execute(() -> captureNext(checkpoint));
        }
    }

    private void captureOne(Checkpoint checkpoint, UUID panelId) {
        // Looked up again: the tab may have closed, or its persistence been turned off, since the plan.
        CheckpointTerminal terminal = find(roster.terminals(), panelId);
        if (terminal == null) {
            checkpoint.skipped++;
            return;
        }
        if (!ScrollbackEligibility.allows(terminal)) {
            // It stays pending (a candidate is), so it is captured again should it become eligible again.
            checkpoint.skipped++;
            background.execute(() -> {
                if (!checkpoint.abandoned) {
                    deleteFile(panelId);
                }
            });
            return;
        }
        PanelProgress state = PanelProgress.orNew(progress.get(panelId));
        // Read before the copy, so output parsed during or after the copy stays pending. The observer's hook
        // sits between this read and the copy: output it injects must show up as pending afterwards.
        long generation = terminal.processedGeneration();
        observer.generationRead(panelId, generation);
        long started = uiTime.getAsLong();
        Capture capture = null;
        RuntimeException failure = null;
        try {
            capture = source.capture(panelId, state.continuation());
        } catch (RuntimeException e) {
            failure = e;
        }
        long took = uiTime.getAsLong() - started;
        checkpoint.captureNanos += took;
        if (capture == null && failure == null) {
            // Busy: nothing copied, nothing changed. Once more at the end of this checkpoint, else the next one.
            if (checkpoint.retried.add(panelId)) {
                checkpoint.retries.add(panelId);
            } else {
                checkpoint.skipped++;
            }
            return;
        }
        checkpoint.attempted++;
        Instant now = clock.instant();
        if (failure != null) {
            Instant until = policy.backoffUntil(now);
            progress.put(panelId, state.backedOffUntil(until));
            checkpoint.failed++;
            failures++;
            log.warn("Capture of panel {} failed; leaving it out of checkpoints until {}", panelId, until, failure);
            return;
        }
        if (policy.isSlow(took)) {
            // Counted, not punished: on a loaded machine every capture is slow, and leaving busy terminals out
            // for minutes lost their output. The per-checkpoint budget still bounds the UI thread.
            slowCaptures++;
            log.debug("Capture of panel {} took {} ms, over the {} ms budget", panelId,
                    Duration.ofNanos(took).toMillis(), settings.captureBudget().toMillis());
        }
        // A copy the terminal's reader made after an earlier try found it busy reflects its own generation, as of when
        // it was made: output parsed since stays pending, and the terminal is due again by the copy's age.
        Optional<ScrollbackSource.EarlierCopy> earlier = capture.earlierCopy();
        if (earlier.isPresent()) {
            readerCopies++;
        }
        long copied = earlier.map(ScrollbackSource.EarlierCopy::generation).orElse(generation);
        Instant copiedAt = earlier.map(ScrollbackSource.EarlierCopy::at).orElse(now);
        progress.put(panelId, state.captured(copied, copiedAt));
        checkpoint.captured++;
        checkpoint.outstanding++;
        checkpoint.capturedPanels.add(panelId);
        captures++;
        boolean agent = terminal.agent();
        Capture taken = capture;
        background.execute(() -> writeCapture(checkpoint, panelId, copied, agent, copiedAt, taken));
    }

    /** Checkpoint executor. */
    private void writeCapture(Checkpoint checkpoint, UUID panelId, long generation, boolean agent,
                              Instant capturedAt, Capture capture) {
        if (checkpoint.abandoned) {
            return;
        }
        boolean written = false;
        try {
            CaptureText text = capture.format();
            if (checkpoint.abandoned) {
                return;
            }
            if (capture.appends()) {
                writer.append(panelId, launchId, capturedAt, generation, agent, text);
            } else {
                writer.write(panelId, launchId, capturedAt, generation, agent, text);
            }
            written = true;
        } catch (IOException | RuntimeException e) {
            log.warn("Could not format or write the checkpoint of panel {} (launch {}); it stays pending",
                    panelId, launchId, e);
            report(panelId, e);
        } finally {
            if (!checkpoint.abandoned) {
                boolean ok = written;
                ScrollbackSource.Continuation next = capture.continuation();
                uiTurns.execute(() -> captureWritten(checkpoint, panelId, generation, ok, next));
            }
        }
    }

    /** Checkpoint executor: tells the observer about a failed write, on the UI thread. */
    private void report(UUID panelId, Exception e) {
        String reason = e.getMessage() != null ? e.getMessage() : e.toString();
        uiTurns.execute(() -> observer.writeFailed(panelId, reason));
    }

    /** UI thread: a write of this checkpoint finished. */
    private void captureWritten(Checkpoint checkpoint, UUID panelId, long generation, boolean written,
                                ScrollbackSource.Continuation next) {
        if (checkpoint != current) {
            return;
        }
        checkpoint.outstanding--;
        if (written) {
            checkpoint.written++;
            PanelProgress state = progress.get(panelId);
            if (state != null && state.capturedGeneration() == generation) {
                progress.put(panelId, state.continuingFrom(next));
            }
            onDisk(panelId);
        } else {
            checkpoint.failed++;
            failures++;
            markPendingIfStillCaptured(panelId, generation);
        }
        if (!checkpoint.capturing && checkpoint.outstanding == 0) {
            finish(checkpoint);
        }
    }

    /** UI thread: a seed's write finished. */
    private void seedWritten(UUID panelId, long consumed, boolean written) {
        if (written) {
            seeded++;
            onDisk(panelId);
        } else {
            failures++;
            markPendingIfStillCaptured(panelId, consumed);
        }
    }

    /** UI thread: a record of this launch for the panel reached the disk. */
    private void onDisk(UUID panelId) {
        observer.written(panelId);
        if (awaitingTakeover != null && awaitingTakeover.remove(panelId)) {
            checkTakeover();
        }
    }

    private void checkTakeover() {
        if (awaitingTakeover != null && awaitingTakeover.isEmpty()) {
            awaitingTakeover = null;
            log.info("Launch {} has every restored tab's scrollback on disk as its own", launchId);
            observer.tookOver();
        }
    }

    /**
     * Compare-and-set on the UI thread: only if no capture has been recorded since the one whose write failed.
     * A newer capture's own write will land after this one's (the executor runs in order), so marking its
     * terminal pending would roll it back.
     */
    private void markPendingIfStillCaptured(UUID panelId, long consumed) {
        PanelProgress state = progress.get(panelId);
        if (state != null && state.capturedGeneration() == consumed) {
            progress.put(panelId, state.pendingAgain(clock.instant()));
        }
    }

    /** Stops capturing; the checkpoint finishes once its writes are acknowledged, or now if it was abandoned. */
    private void end(Checkpoint checkpoint, Ending ending) {
        checkpoint.capturing = false;
        checkpoint.ending = ending;
        checkpoint.skipped += checkpoint.planned.size() - checkpoint.next + checkpoint.retries.size();
        if (ending == Ending.ABANDONED || checkpoint.outstanding == 0) {
            finish(checkpoint);
        }
    }

    private void finish(Checkpoint checkpoint) {
        if (current == checkpoint) {
            current = null;
        }
        if (checkpoint.ending != Ending.ABANDONED) {
            checkpoints++;
        }
        skipped += checkpoint.skipped;
        CheckpointReport report = new CheckpointReport(checkpoint.startedAt, checkpoint.trigger,
                checkpoint.planned.size(), checkpoint.captured, checkpoint.written, checkpoint.failed,
                checkpoint.skipped, checkpoint.ending, Duration.ofNanos(checkpoint.captureNanos),
                Duration.ofNanos(nanoTime.getAsLong() - checkpoint.startNanos));
        last = report;
        log.debug("Checkpoint ended: {}", report);
        observer.finished(report);
    }

    /** Checkpoint executor. */
    private void prune(Checkpoint checkpoint, Set<UUID> keep) {
        if (checkpoint.abandoned) {
            return;
        }
        try {
            int deleted = store.prune(keep);
            if (deleted > 0) {
                log.debug("Pruned {} checkpoint files of closed or ineligible panels", deleted);
            }
        } catch (IOException e) {
            log.warn("Could not prune the checkpoints in {}", store.directory(), e);
        }
    }

    /** Checkpoint executor. */
    private void deleteFile(UUID panelId) {
        writer.forget(panelId);
        try {
            store.delete(panelId);
        } catch (IOException e) {
            log.warn("Could not delete the checkpoint of panel {}", panelId, e);
        }
    }

    private static CheckpointTerminal find(List<? extends CheckpointTerminal> terminals, UUID panelId) {
        for (int i = 0; i < terminals.size(); i++) {
            if (terminals.get(i).panelId().equals(panelId)) {
                return terminals.get(i);
            }
        }
        return null;
    }

    /** One checkpoint from plan to its last acknowledged write. UI-thread fields unless marked. */
    private static final class Checkpoint {
        final Trigger trigger;
        final Instant startedAt;
        final long startNanos;
        final Instant keystrokeAtStart;
        final List<CheckpointTerminal> planned;
        final List<UUID> capturedPanels = new ArrayList<>();
        /** Terminals found busy, to try once more after the planned ones. */
        final ArrayDeque<UUID> retries = new ArrayDeque<>();
        final Set<UUID> retried = new HashSet<>();
        int next;
        /** Captures asked of the source (taken or failed), whose time {@link #captureNanos} adds up. */
        int attempted;
        long captureNanos;
        int captured;
        int outstanding;
        int written;
        int failed;
        int skipped;
        boolean capturing = true;
        Ending ending = Ending.COMPLETED;

        /** Set once by an abort on the UI thread; the executor reads it to skip work it has not begun. */
        volatile boolean abandoned;

        boolean isExhausted() {
            return next == planned.size() && retries.isEmpty();
        }

        Checkpoint(Trigger trigger, Instant startedAt, long startNanos, Instant keystrokeAtStart,
                   List<CheckpointTerminal> planned) {
            this.trigger = trigger;
            this.startedAt = startedAt;
            this.startNanos = startNanos;
            this.keystrokeAtStart = keystrokeAtStart;
            this.planned = planned;
        }
    }
}
