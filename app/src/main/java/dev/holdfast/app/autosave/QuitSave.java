package dev.holdfast.app.autosave;

import dev.holdfast.checkpoint.scrollback.ScrollbackEligibility;
import dev.holdfast.terminal.emulation.TerminalSession;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The quit and its save, exactly once, and how the launch then ends.
 *
 * <ul>
 *   <li>Whoever starts the quit first — the window closing on the FX thread, or a SIGTERM / SIGINT / logout on
 *       the signal thread — saves; anyone later gets that save's outcome. A slow FX quit used to make the signal
 *       thread save a second time, from a window state up to one autosave old, which then won.</li>
 *   <li>The launch ends cleanly only once its session is on disk: a quit save that failed (a full disk) leaves
 *       the launch sentinel in place, saying why, so the next launch merges this one's checkpoints into its
 *       last autosave and tells the user — instead of taking the quit for clean and deleting them.</li>
 *   <li>The tabs whose scrollback is kept are the checkpoints' eligible ones ({@link ScrollbackEligibility}), so
 *       a quit and a crash keep the same tabs.</li>
 *   <li>A window's quit copies its tabs off the FX thread: twenty tabs of 4,000 lines held it 450 ms as the
 *       window closed, and a restored tab whose older history was still coming made it wait for that, up to
 *       {@code PendingHistories.QUIT_WAIT}. The shells end only after the save, so the copies see them whole.</li>
 * </ul>
 */
public final class QuitSave {

    private static final Logger LOG = LoggerFactory.getLogger(QuitSave.class);

    /** Writes the quit snapshot; its future fails when the write did. */
    @FunctionalInterface
    public interface Saver {
        CompletableFuture<Void> saveForQuit(WindowState state, Map<UUID, ScreenCapture> captures);
    }

    /** How the launch ends, told once, off the FX thread (the sentinel's disk work). */
    public interface Ending {
        /** The session is on disk: the launch ended cleanly. */
        void saved();

        /** This launch saves nothing (restore is off, or another Holdfast owns the state): nothing was lost. */
        void nothingToSave();

        /** The quit save failed: the launch did not end cleanly. */
        void failed(String reason);
    }

    /** How the quit went. */
    public enum Outcome {
        SAVED,
        NOTHING_TO_SAVE,
        FAILED
    }

    private final Saver saver;
    private final Function<TerminalSession, ScreenCapture> capture;
    private final Runnable stopPeriodicWork;
    private final Ending ending;
    private final Executor disk;
    private final AtomicReference<CompletableFuture<Outcome>> started = new AtomicReference<>();
    private final CountDownLatch begun = new CountDownLatch(1);

    /**
     * @param saver            writes the quit snapshot, or null when this launch saves nothing
     * @param capture          copies one terminal's scrollback and screen under its lock (bounded)
     * @param stopPeriodicWork FX thread, before the quit's own copy: stops the autosave timer and abandons a
     *                         running checkpoint
     * @param disk             copies the tabs for a window's quit and runs the ending (sentinel I/O); never the FX
     *                         thread
     */
    public QuitSave(Saver saver, Function<TerminalSession, ScreenCapture> capture, Runnable stopPeriodicWork,
                    Ending ending, Executor disk) {
        this.saver = saver;
        this.capture = Objects.requireNonNull(capture, "capture");
        this.stopPeriodicWork = Objects.requireNonNull(stopPeriodicWork, "stopPeriodicWork");
        this.ending = Objects.requireNonNull(ending, "ending");
        this.disk = Objects.requireNonNull(disk, "disk");
    }

    /**
     * FX thread, as the window closes: stops the periodic work, then, on {@code disk}, copies each eligible tab's
     * lines (a bounded copy per tab, under its lock) and saves them — unless a signal quit already saves, whose
     * outcome this returns.
     */
    public CompletableFuture<Outcome> windowClosing(WindowState state) {
        CompletableFuture<Outcome> already = started.get();
        if (already != null) {
            return already;
        }
        stopPeriodicWork.run();
        return begin(state, () -> captureEligible(state, capture), disk);
    }

    /**
     * The signal thread (a JVM shutdown hook): asks the FX thread to close the window and waits for it to start
     * the quit; if it has not started within {@code fxWait} (the toolkit may be gone already), saves from here
     * with {@code lastKnown}, the window as of the last autosave tick. Either way waits, bounded, for the save.
     *
     * @return how the quit went; {@link Outcome#FAILED} when the save did not finish within {@code saveWait}
     */
    public Outcome signalled(Runnable closeOnFx, Supplier<WindowState> lastKnown, Duration fxWait, Duration saveWait)
            throws InterruptedException {
        CompletableFuture<Outcome> quit = started.get();
        if (quit == null) {
            closeOnFx.run();
            if (!begun.await(fxWait.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.info("The window did not start the quit within {} ms; saving from the signal thread",
                        fxWait.toMillis());
                WindowState state = lastKnown.get();
                // Copied here, on the signal thread: the FX thread may be gone. Without a window state begin saves
                // nothing and never asks for the copy.
                quit = begin(state, () -> captureEligible(state, capture), Runnable::run);
            } else {
                quit = started.get();
            }
        }
        try {
            return quit.get(saveWait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            return Outcome.FAILED;
        } catch (TimeoutException e) {
            LOG.warn("The quit save did not finish within {} ms of the signal; exiting without it", saveWait.toMillis());
            return Outcome.FAILED;
        }
    }

    /**
     * Copies the scrollback of every tab the quit save keeps, each under its own buffer lock (any thread may
     * take it). The eligibility rule is the checkpoints' own, so quit and crash agree.
     */
    static Map<UUID, ScreenCapture> captureEligible(WindowState state, Function<TerminalSession, ScreenCapture> capture) {
        Map<UUID, ScreenCapture> captures = new HashMap<>();
        for (TabState tab : state.tabs()) {
            if (ScrollbackEligibility.allows(TerminalCheckpoints.view(tab))) {
                captures.put(tab.panelId(), capture.apply(tab.session()));
            }
        }
        return captures;
    }

    /**
     * Starts the one save, unless another caller has; returns the quit under way. The tabs are copied on
     * {@code copyOn}, and a copy that fails fails the save (the launch then does not end cleanly).
     */
    private CompletableFuture<Outcome> begin(WindowState state, Supplier<Map<UUID, ScreenCapture>> captures,
                                             Executor copyOn) {
        CompletableFuture<Outcome> mine = new CompletableFuture<>();
        if (!started.compareAndSet(null, mine)) {
            return started.get();
        }
        begun.countDown();
        CompletableFuture<Void> save;
        if (saver == null || state == null) {
            save = null;
        } else {
            CompletableFuture<Map<UUID, ScreenCapture>> copied;
            try {
                copied = CompletableFuture.supplyAsync(captures, copyOn);
            } catch (RejectedExecutionException e) {
                // The app's executor is already stopping: the copy is still owed, so it is taken here.
                copied = CompletableFuture.supplyAsync(captures, Runnable::run);
            }
            save = copied.thenCompose(copies -> saver.saveForQuit(state, copies));
        }
        if (save == null) {
            disk.execute(() -> end(mine, Outcome.NOTHING_TO_SAVE, null));
        } else {
            save.whenComplete((ok, error) -> disk.execute(() -> end(mine,
                    error == null ? Outcome.SAVED : Outcome.FAILED, error)));
        }
        return mine;
    }

    /** Disk thread: tells the ending, then completes the quit, so that whoever waits sees the sentinel settled. */
    private void end(CompletableFuture<Outcome> quit, Outcome outcome, Throwable error) {
        try {
            switch (outcome) {
                case SAVED -> ending.saved();
                case NOTHING_TO_SAVE -> ending.nothingToSave();
                case FAILED -> ending.failed(reasonOf(error));
            }
        } catch (RuntimeException e) {
            LOG.error("Ending the launch after its quit failed", e);
        } finally {
            quit.complete(outcome);
        }
    }

    private static String reasonOf(Throwable error) {
        Throwable cause = error;
        while ((cause instanceof CompletionException || cause instanceof java.io.UncheckedIOException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause == null) {
            return "unknown";
        }
        return cause.getMessage() != null ? cause.getMessage() : cause.toString();
    }
}
