package dev.holdfast.app.restore;

import com.techsenger.jeditermfx.core.RequestOrigin;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import com.techsenger.jeditermfx.core.util.TermSize;
import dev.holdfast.terminal.agent.resume.TabResume;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.replay.InertReplay;
import dev.holdfast.terminal.replay.DeferredHistory;
import dev.holdfast.terminal.replay.PendingReplay;
import dev.holdfast.terminal.replay.RestoreSeparators;
import dev.holdfast.terminal.replay.SplitReplay;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import dev.holdfast.terminal.threads.ThreadNice;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts restored tabs' scrollback back into their models, in the order given, on threads of its own
 * ({@value #THREAD_NAME}), then starts each tab's shell.
 *
 * <p>Why few threads, in order: replaying is CPU work (up to 400,000 characters per tab). Run for every tab at
 * once, twenty replays share the cores with the FX thread and each other, so every tab comes up late and the
 * window stutters; run in the order the caller gives (the selected tab first) on {@link #defaultThreads} threads,
 * one core left to the FX thread, the first tab is at its prompt soonest and the rest follow at full speed.
 *
 * <p>Each step of a replay feeds at most {@link #SLICE_CHARS} characters holding the tab's buffer lock (see
 * {@link PendingReplay}), so the view, which copies what it paints under the same lock, never waits for more than
 * one slice, and paints what has been replayed so far. A tab's shell is started (on {@code shellStarter}) only
 * after its replay and its separator are in the model: the shell's output comes below the restored text, and
 * nothing the replay could have made the emulator answer can reach it (replay is inert, see {@link InertReplay}).
 *
 * <p>Replay wraps lines at the model's width, and a terminal resized afterwards re-wraps its whole history. So
 * replays wait (up to {@link #SIZE_WAIT}) until the window has laid out its selected terminal
 * ({@link #sizeKnown}), and each tab is given that size before its replay: all tabs of a window have the same
 * size, so none re-wraps 4,000 lines when first shown, least of all on the FX thread, where a tab without a
 * shell yet is resized.
 *
 * <p>{@link #close()} stops the thread: a replay in progress stops between two slices, and the tabs still waiting
 * are not started (the app is quitting).
 */
public final class RestoreReplays implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RestoreReplays.class);
    static final String THREAD_NAME = "holdfast-restore-replay";
    static final String HISTORY_THREAD_NAME = "holdfast-restore-history";
    /**
     * The nice value of the thread that puts restored tabs' older history in place. It runs while the restored
     * shells start and print their first prompts, and the window paints them: those come first.
     */
    static final int HISTORY_NICE = 10;
    /** Replays run at once at most; more would only share the memory bandwidth and the shells' start-up. */
    static final int MAX_THREADS = 4;
    /**
     * How long replays wait for the window's terminal size before they start at the models' own. Only a window
     * that is never laid out makes them wait this long: the size comes with the first frame after the window is
     * built, and until then the FX thread is busy building it anyway.
     */
    public static final Duration SIZE_WAIT = Duration.ofSeconds(10);

    /**
     * Characters fed per hold of a tab's buffer lock: a slice of coloured text takes well under a millisecond
     * once the emulator is compiled, and a few milliseconds in the first second of a launch, when it is not.
     */
    public static final int SLICE_CHARS = 4_096;

    /**
     * How long a tab's replay waits for the decision of what it offers (a look at the process table and, for a tmux
     * tab, a {@code tmux has-session} of at most two seconds).
     */
    public static final Duration OFFER_WAIT = Duration.ofSeconds(10);

    /** Told after each slice, on the replay thread, with the buffer lock released. No-op in the app. */
    public interface SliceObserver {
        SliceObserver NONE = (session, remainingChars) -> { };

        void sliceFed(TerminalSession session, int remainingChars);
    }

    private final InertReplay replay;
    private final Executor shellStarter;
    private final SliceObserver observer;
    private final ExecutorService thread;
    private final ExecutorService historyThread;
    private final PendingHistories histories;
    private final AtomicInteger waiting = new AtomicInteger();
    /**
     * Signalled when no queued tab waits for its shell any more: older histories are put in place only then. They
     * are most of a restore's work (and, in a fresh JVM, of its compiling); begun after the first tab, they shared
     * the cores with every other tab's replay and shell start-up even at a lower priority, since the compiler threads
     * that translate their code are not. RestoreBenchmark, 20 tabs x 4,000 lines, 2 cores, eight launches each,
     * alternated: every prompt 4.7-6.0 s against 5.1-7.3 s.
     */
    private final Object queueDrained = new Object();
    /** Completes with the window's first size; later sizes replace {@link #latestSize}. */
    private final CompletableFuture<TabSize> size = new CompletableFuture<>();
    private volatile TabSize latestSize;
    private volatile boolean closed;

    /**
     * @param shellStarter where {@link TerminalSession#start()} runs (it spawns a process): the app's background
     *     executor, so that the next tab's replay need not wait for it
     */
    public RestoreReplays(InertReplay replay, Executor shellStarter, PendingHistories histories, SliceObserver observer,
                          int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("at least one replay thread: " + threads);
        }
        this.histories = Objects.requireNonNull(histories, "histories");
        this.thread = Executors.newFixedThreadPool(threads, new NamedThreadFactory(THREAD_NAME, true));
        this.historyThread = Executors.newSingleThreadExecutor(new NamedThreadFactory(HISTORY_THREAD_NAME, true));
        this.replay = Objects.requireNonNull(replay, "replay");
        this.shellStarter = Objects.requireNonNull(shellStarter, "shellStarter");
        this.observer = Objects.requireNonNull(observer, "observer");
    }

    public RestoreReplays(InertReplay replay, Executor shellStarter, PendingHistories histories) {
        this(replay, shellStarter, histories, SliceObserver.NONE, defaultThreads());
    }

    /** A core for the FX thread, the others for replays, at most {@value #MAX_THREADS}: one on two cores. */
    public static int defaultThreads() {
        return Math.max(1, Math.min(MAX_THREADS, Runtime.getRuntime().availableProcessors() - 1));
    }

    /**
     * Queues {@code session}: its {@code scrollback} (exported text, may be null or empty) and the separator line
     * {@code ── label ──} go into its model, then its shell starts. Any thread; the work runs in queue order.
     *
     * @return completes when the shell has been asked to start (or the restore was stopped: then with a
     *     cancellation)
     */
    public CompletableFuture<Void> replayThenStart(TerminalSession session, String scrollback, String label) {
        return replayThenStart(session, scrollback, label, CompletableFuture.completedFuture(new TabResume.Nothing()),
                resume -> { });
    }

    /**
     * Queues {@code session} as {@link #replayThenStart(TerminalSession, String, String)} does, with what it offers
     * to go back into: a tab whose offer says so is not replayed (a bound agent redraws its own conversation), the
     * offer's line comes below the separator, and {@code started} is told the offer once the shell was asked to
     * start (to type its command at the prompt). The offer is waited for on the replay thread, at most
     * {@link #OFFER_WAIT}; without it the tab comes back as any tab does.
     */
    public CompletableFuture<Void> replayThenStart(TerminalSession session, String scrollback, String label,
                                                   CompletableFuture<TabResume> offer, Consumer<TabResume> started) {
        QueuedTab queued = new QueuedTab(Objects.requireNonNull(session, "session"), scrollback, label,
                Objects.requireNonNull(offer, "offer"), Objects.requireNonNull(started, "started"));
        waiting.incrementAndGet();
        try {
            thread.execute(queued);
        } catch (RejectedExecutionException e) {
            queued.abandon();
        }
        return queued.done;
    }

    /** One tab in the queue; completes its future exactly once, however the restore ends. */
    private final class QueuedTab implements Runnable {
        private final TerminalSession session;
        private final String scrollback;
        private final String label;
        private final CompletableFuture<TabResume> offer;
        private final Consumer<TabResume> started;
        private final CompletableFuture<Void> done = new CompletableFuture<>();

        QueuedTab(TerminalSession session, String scrollback, String label, CompletableFuture<TabResume> offer,
                  Consumer<TabResume> started) {
            this.session = session;
            this.scrollback = scrollback;
            this.label = label;
            this.offer = offer;
            this.started = started;
        }

        @Override
        public void run() {
            boolean launched = false;
            RuntimeException failure = null;
            TabResume resume = awaitOffer(session, offer);
            DeferredHistory[] later = new DeferredHistory[1];
            try {
                if (replayInto(session, resume.replay() ? scrollback : null, label, resume.line(),
                        history -> later[0] = history)) {
                    shellStarter.execute(session::start);
                    launched = true;
                    started.accept(resume);
                    if (later[0] != null) {
                        putInPlaceLater(session, later[0]);
                    }
                }
            } catch (RuntimeException e) {
                failure = e;
            } finally {
                // Counted out before the future completes, so whoever waits on it sees the queue as it is.
                countOut();
            }
            if (failure != null) {
                LOG.warn("Panel {}: could not start the restored tab's shell", session.spec().panelId(), failure);
                done.completeExceptionally(failure);
            } else if (launched) {
                done.complete(null);
            } else {
                done.cancel(false);
            }
        }

        void abandon() {
            countOut();
            done.cancel(false);
        }
    }

    /** A terminal's size in cells. */
    public record TabSize(int columns, int rows) {
        public TabSize {
            if (columns < 1 || rows < 1) {
                throw new IllegalArgumentException("a terminal has at least one column and row: " + columns + "x" + rows);
            }
        }
    }

    /**
     * The size the window gives its terminals, each time it lays one out with a new one; replays start with the
     * first, and each tab is given the latest before its replay. Any thread.
     */
    public void sizeKnown(TabSize tabSize) {
        latestSize = Objects.requireNonNull(tabSize, "tabSize");
        size.complete(tabSize);
    }

    private void countOut() {
        if (waiting.decrementAndGet() == 0) {
            synchronized (queueDrained) {
                queueDrained.notifyAll();
            }
        }
    }

    /**
     * Waits until every queued tab's shell has been asked to start. False when the restore is closed meanwhile (the
     * app is quitting).
     */
    private boolean awaitQueueDrained() {
        synchronized (queueDrained) {
            try {
                while (waiting.get() > 0) {
                    if (closed) {
                        return false;
                    }
                    queueDrained.wait();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return !closed;
    }

    /** Whether any queued tab has not had its shell started yet. Any thread. */
    public boolean replaying() {
        return waiting.get() > 0;
    }

    /** Whether some restored tab's older history is still to be put in place. Any thread. */
    public boolean historyPending() {
        return histories.any();
    }

    private static TabResume awaitOffer(TerminalSession session, CompletableFuture<TabResume> offer) {
        try {
            return offer.get(OFFER_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException | CancellationException e) {
            LOG.warn("Panel {}: what it could go back into was not decided ({}); restoring it as it was",
                    session.spec().panelId(), e.toString());
            return new TabResume.Nothing();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new TabResume.Nothing();
        }
    }

    /**
     * The older history of a tab whose shell has been started, on the history thread, in queue order, once every
     * queued tab's shell has been asked to start ({@link #queueDrained}). A tab whose rows never get there this way
     * (the restore is closed first) keeps them pending, for the quit save.
     */
    private void putInPlaceLater(TerminalSession session, DeferredHistory history) {
        try {
            historyThread.execute(() -> {
                ThreadNice.lowerCurrentThread(HISTORY_NICE);
                if (!awaitQueueDrained()) {
                    return;
                }
                long started = System.nanoTime();
                try {
                    int rows = history.putInPlace();
                    LOG.debug("Panel {}: {} rows of restored history put in place in {} ms", session.spec().panelId(),
                            rows, (System.nanoTime() - started) / 1_000_000);
                } catch (RuntimeException e) {
                    // Costs the tab its older scrollback in the model, not its shell; the record on disk keeps it.
                    LOG.warn("Panel {}: putting its restored history in place failed", session.spec().panelId(), e);
                } finally {
                    histories.done(session);
                }
            });
        } catch (RejectedExecutionException e) {
            LOG.debug("Panel {}: the restore is closed; its history waits for the quit save", session.spec().panelId());
        }
    }

    /**
     * Replays the tab's last screen and its separator; its older history, when the text was split, goes to
     * {@code later} (and is pending in {@link PendingHistories} from before its shell starts).
     *
     * @return false when the restore was stopped before the tab's replay ended
     */
    private boolean replayInto(TerminalSession session, String scrollback, String label, Optional<String> line,
                               Consumer<DeferredHistory> later) {
        if (closed) {
            return false;
        }
        Optional<TabSize> known = awaitSize();
        known.ifPresent(tabSize -> resize(session, tabSize));
        long started = System.nanoTime();
        try {
            if (scrollback != null && !scrollback.isEmpty()) {
                // A tab nobody used since its last restore gets one separator for both, not one more.
                RestoreSeparators.Restore restore = RestoreSeparators.collapse(scrollback, label, replay.today());
                SplitReplay split = replay.beginSplit(session.terminal(), restore.text());
                PendingReplay pending = split.screen();
                boolean finished = false;
                while (!finished) {
                    if (closed) {
                        return false;
                    }
                    finished = pending.step(SLICE_CHARS);
                    observer.sliceFed(session, pending.remainingChars());
                }
                replay.separator(session.terminal(), restore.label());
                split.history().ifPresent(history -> {
                    histories.add(session, history);
                    later.accept(history);
                });
                LOG.debug("Panel {}: replayed {} characters in {} ms at {}", session.spec().panelId(),
                        scrollback.length(), (System.nanoTime() - started) / 1_000_000,
                        known.map(tabSize -> tabSize.columns() + "x" + tabSize.rows()).orElse("its own size"));
            }
            // The text is Holdfast's, but a title or host in it came from elsewhere: no control character survives.
            line.map(l -> l.replaceAll("[\\p{Cc}\\p{Cf}]", " ")).ifPresent(l -> session.writeLocal(
                    "\u001b[2m" + l + "\u001b[0m\r\n"));
        } catch (RuntimeException e) {
            // A replay that fails costs the tab its old scrollback, never its shell.
            LOG.warn("Panel {}: replaying saved scrollback failed; starting without it", session.spec().panelId(), e);
        }
        return !closed;
    }

    /**
     * Gives a tab without a shell its size here and now, so the replay that follows wraps at it (the session's own
     * resize is applied later, on its writer thread), unless its view has sized it already: the view knows its
     * size better than the last report, and a resize it asked for and that is still queued comes after this one
     * anyway. The shell, started after the replay, is sized from the model.
     */
    private static void resize(TerminalSession session, TabSize size) {
        TerminalTextBuffer buffer = session.buffer();
        buffer.lock();
        try {
            if (buffer.getWidth() == session.spec().columns() && buffer.getHeight() == session.spec().rows()) {
                session.terminal().resize(new TermSize(size.columns(), size.rows()), RequestOrigin.User);
            }
        } finally {
            buffer.unlock();
        }
    }

    private Optional<TabSize> awaitSize() {
        try {
            size.get(SIZE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            return Optional.ofNullable(latestSize);
        } catch (TimeoutException e) {
            if (size.complete(null)) {
                LOG.info("The window gave no terminal size within {}; replaying at the tabs' own", SIZE_WAIT);
            }
            return Optional.ofNullable(latestSize);
        } catch (ExecutionException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /**
     * Stops replaying, without waiting: a replay in progress ends after the slice it is feeding (a bounded
     * step), and tabs not replayed yet are not started.
     */
    @Override
    public void close() {
        closed = true;
        synchronized (queueDrained) {
            queueDrained.notifyAll();
        }
        for (Runnable queued : thread.shutdownNow()) {
            ((QueuedTab) queued).abandon();
        }
        // Histories not put in yet stay pending: the quit save puts them in before it copies their tabs.
        historyThread.shutdownNow();
    }
}
