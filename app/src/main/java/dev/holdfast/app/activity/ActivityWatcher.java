package dev.holdfast.app.activity;

import dev.holdfast.checkpoint.clocks.PaneClocks;
import dev.holdfast.checkpoint.clocks.PaneSeed;
import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.AgentDetector;
import dev.holdfast.terminal.agent.AgentProcess;
import dev.holdfast.terminal.emulation.SessionEnd;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.pty.ProcessInspector;
import dev.holdfast.terminal.pty.ProcessSnapshot;
import dev.holdfast.terminal.screen.ActivitySeed;
import dev.holdfast.terminal.screen.ActivitySettings;
import dev.holdfast.terminal.screen.ClassifierMode;
import dev.holdfast.terminal.screen.Look;
import dev.holdfast.terminal.screen.LookResult;
import dev.holdfast.terminal.screen.ProgramKind;
import dev.holdfast.terminal.screen.TabActivity;
import dev.holdfast.terminal.screen.TabCard;
import dev.holdfast.terminal.screen.TabClocks;
import dev.holdfast.terminal.screen.TabState;
import dev.holdfast.terminal.screen.VisibleScreen;
import dev.holdfast.terminal.shell.CommandRun;
import dev.holdfast.terminal.shell.ShellStatus;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The activity watcher: one per app, created by the composition root. One named thread ({@code holdfast-activity})
 * owns every tab's {@link TabActivity} and the {@link dev.holdfast.terminal.screen.WatchPolicy}; it copies a tab's
 * screen under the buffer lock (a bounded copy), then normalises, hashes and classifies off the lock and off the FX
 * thread, hands changed rows to the pane clock store, and publishes cards to the FX thread coalesced: at most one
 * post per pass, however many tabs changed.
 *
 * <p>Driven by output generations, not by a timer per tab: each watched terminal's generation gets a read listener that
 * raises the tab's {@code output} flag and wakes the watcher the first time only; the flag stays raised while the tab
 * waits for its
 * look (at most one per {@link ActivitySettings#lookInterval()}), so a flooding tab wakes the watcher about twice a
 * second and a tab without output costs nothing. The only timer is the one for the next look that is due.
 */
public final class ActivityWatcher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ActivityWatcher.class);
    private static final String THREAD_NAME = "holdfast-activity";
    /** How often a tab's foreground is searched for an agent while the same command runs in it. */
    private static final Duration AGENT_RECHECK = Duration.ofSeconds(30);
    private static final long MIN_TIMER_MILLIS = 5;
    /** How soon a settling tab caught mid-read, or before its shell started, is looked at again. */
    private static final Duration SETTLING_RETRY = Duration.ofMillis(100);

    /** Hears what the watcher saw, on the FX thread, coalesced. */
    public interface Listener {
        /**
         * @param cards the tabs whose card changed since the last call, with their newest card
         * @param events what happened since the last call that may deserve a notification, in order
         */
        void updated(Map<UUID, TabCard> cards, List<ActivityEvent> events);
    }

    /** How a tab's clocks start. */
    public sealed interface Start {
        /** A new tab: its clocks start now. */
        record Fresh() implements Start {
        }

        /**
         * A restored tab, seeded from the pane clock store ({@code ClockSeeding}).
         *
         * @param savedFingerprint the fingerprint saved with the scrollback it came back with
         * @param lastKnownAlive when the launch before was last known alive, the fallback
         */
        record Restored(Optional<String> savedFingerprint, Optional<Instant> lastKnownAlive) implements Start {
            public Restored {
                Objects.requireNonNull(savedFingerprint, "savedFingerprint");
                Objects.requireNonNull(lastKnownAlive, "lastKnownAlive");
            }
        }
    }

    /**
     * Counters, for {@code holdfast ctl stats} and the benchmark.
     *
     * @param settling tabs still settling after their start (their screen changes are not activity yet)
     * @param behind tabs with output the watcher has not looked at yet (their look is due within a second)
     * @param cpuNanos the watcher thread's CPU time, or -1 where the JVM does not measure it
     */
    public record Stats(int tabs, int settling, int behind, long passes, long looks, long rowsHanded, long cpuNanos) {
    }

    private final ActivitySettings settings;
    private final WatcherSettings glue;
    private final PaneClocks paneClocks;
    private final ProcessInspector inspector;
    private final Clock clock;
    private final Executor fx;
    private final Listener listener;
    private final TabCardJson cards = new TabCardJson();
    private final AgentDetector agents = new AgentDetector();
    private final ScheduledThreadPoolExecutor executor;
    private final AtomicLong watcherThreadId = new AtomicLong(-1);

    // Watcher thread only.
    private final Map<UUID, Watched> tabs = new LinkedHashMap<>();
    private final dev.holdfast.terminal.screen.WatchPolicy policy;
    private final WorkingRowPacing pacing;
    private ScheduledFuture<?> timer;
    private Instant timerAt;
    private String localHost;
    private boolean localHostRead;

    // Any thread.
    private final Map<UUID, String> titles = new ConcurrentHashMap<>();
    private final Map<UUID, TabCard> unpublished = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<ActivityEvent> events = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean passQueued = new AtomicBoolean();
    private final AtomicBoolean deliveryQueued = new AtomicBoolean();
    private final AtomicLong passes = new AtomicLong();
    private final AtomicLong looks = new AtomicLong();
    private final AtomicLong rowsHanded = new AtomicLong();
    private volatile int watchedCount;
    private volatile int settlingCount;
    private volatile int behindCount;
    private volatile boolean closed;

    /** One watched tab. Fields without a note are the watcher thread's. */
    private final class Watched {
        final UUID panelId;
        final TerminalSession session;
        final TabActivity activity;
        final Instant startedAt;
        final String shellName;
        /** Raised by the read listener (the terminal's reader thread); lowered by the watcher when it reads. */
        final AtomicBoolean output = new AtomicBoolean(true);
        final Runnable readListener = this::outputRead;
        /** The policy holds the tab dirty: its look is scheduled, so its output need not wake the watcher. */
        boolean waitingForLook;
        long lookedGeneration = -1;
        CommandRun lastCommandSeen;
        String agentCommand;
        ProgramKind agentKind = ProgramKind.SHELL;
        Instant agentCheckedAt;
        /** When the watcher first saw the shell started; null before. */
        Instant shellSeenAt;

        Watched(TerminalSession session, TabActivity activity, Instant startedAt) {
            this.panelId = session.spec().panelId();
            this.session = session;
            this.activity = activity;
            this.startedAt = startedAt;
            Path program = Path.of(session.spec().command().program()).getFileName();
            this.shellName = program == null ? "shell" : program.toString();
        }

        /** The terminal's reader thread, after each read: only flags and, the first time, wakes. */
        private void outputRead() {
            if (!output.get() && output.compareAndSet(false, true)) {
                wake();
            }
        }
    }

    /**
     * @param paneClocks the pane clock store, or null when this launch keeps clocks in memory only
     * @param fx runs a task on the FX thread ({@code Platform::runLater})
     */
    public ActivityWatcher(ActivitySettings settings, WatcherSettings glue, PaneClocks paneClocks,
                           ProcessInspector inspector, Clock clock, Executor fx, Listener listener) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.glue = Objects.requireNonNull(glue, "glue");
        this.paneClocks = paneClocks;
        this.inspector = Objects.requireNonNull(inspector, "inspector");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.fx = Objects.requireNonNull(fx, "fx");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.policy = new dev.holdfast.terminal.screen.WatchPolicy(settings);
        this.pacing = new WorkingRowPacing(glue.workingRowInterval());
        NamedThreadFactory names = new NamedThreadFactory(THREAD_NAME, true);
        this.executor = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = names.newThread(task);
            watcherThreadId.set(thread.getId());
            return thread;
        });
        executor.setRemoveOnCancelPolicy(true);
        executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    /** Starts watching {@code session}'s tab. Any thread; returns at once. */
    public void watch(TerminalSession session, Start start, String title) {
        Objects.requireNonNull(start, "start");
        UUID panelId = session.spec().panelId();
        Instant startedAt = clock.instant();
        titles.put(panelId, title == null ? "" : title);
        run(() -> add(session, start, startedAt));
    }

    /** Stops watching a tab (it closed). Any thread. */
    public void unwatch(UUID panelId) {
        titles.remove(panelId);
        unpublished.remove(panelId);
        run(() -> {
            Watched w = tabs.remove(panelId);
            if (w != null) {
                w.session.generation().removeReadListener(w.readListener);
            }
            policy.remove(panelId);
            pacing.forget(panelId);
            watchedCount = tabs.size();
        });
    }

    /** The tab's title changed (FX thread): the next look puts it on the card. */
    public void titleChanged(UUID panelId, String title) {
        titles.put(panelId, title == null ? "" : title);
    }

    /**
     * The fingerprint to save with a scrollback copied from {@code screen} (in the same lock as the lines): see
     * {@link TabActivity#fingerprintOfCapture}. Waits for the watcher's thread, bounded by
     * {@link WatcherSettings#fingerprintWait()}: call it from a save's own thread, never the FX thread.
     *
     * @return the hex fingerprint, or null when the watcher cannot say (the tab is not watched, the watcher is busy
     *     or stopped): the scrollback is then saved without one, and the next start falls back for that tab
     */
    public String fingerprintOfCapture(UUID panelId, VisibleScreen screen) {
        if (Thread.currentThread().getId() == watcherThreadId.get()) {
            return fingerprintNow(panelId, screen);
        }
        Future<String> answer;
        try {
            answer = executor.submit(() -> fingerprintNow(panelId, screen));
        } catch (RejectedExecutionException stopped) {
            return null;
        }
        try {
            return answer.get(glue.fingerprintWait().toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            answer.cancel(false);
            LOG.warn("Panel {}: the watcher did not name the saved screen's fingerprint within {}", panelId,
                    glue.fingerprintWait());
            return null;
        } catch (ExecutionException e) {
            LOG.warn("Panel {}: the saved screen's fingerprint could not be made", panelId, e.getCause());
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private String fingerprintNow(UUID panelId, VisibleScreen screen) {
        Watched w = tabs.get(panelId);
        return w == null ? null : w.activity.fingerprintOfCapture(screen, clock.instant()).hex();
    }

    public Stats stats() {
        long cpu = -1;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long id = watcherThreadId.get();
        if (id >= 0 && threads.isThreadCpuTimeSupported()) {
            cpu = threads.getThreadCpuTime(id);
        }
        return new Stats(watchedCount, settlingCount, behindCount, passes.get(), looks.get(), rowsHanded.get(), cpu);
    }

    private void run(Runnable task) {
        if (closed) {
            return;
        }
        try {
            executor.execute(() -> {
                try {
                    task.run();
                } catch (RuntimeException e) {
                    LOG.error("The activity watcher failed", e);
                }
            });
        } catch (RejectedExecutionException stopped) {
            // Closing: nothing more to watch.
        }
    }

    private void wake() {
        if (!closed && passQueued.compareAndSet(false, true)) {
            run(this::pass);
        }
    }

    // ---- the watcher's thread ------------------------------------------------------------------------

    private void add(TerminalSession session, Start start, Instant startedAt) {
        UUID panelId = session.spec().panelId();
        if (tabs.containsKey(panelId)) {
            return;
        }
        ActivitySeed seed = seed(panelId, start, startedAt);
        TabActivity activity = new TabActivity(seed, settings,
                ClassifierMode.of(integrates(session)), startedAt);
        Watched w = new Watched(session, activity, startedAt);
        if (seed instanceof ActivitySeed.Restored restored && restored.card() != null) {
            w.lastCommandSeen = restored.card().lastCommand();
            unpublished.put(panelId, restored.card());
        }
        tabs.put(panelId, w);
        watchedCount = tabs.size();
        policy.add(panelId);
        session.generation().addReadListener(w.readListener);
        pass();
    }

    private ActivitySeed seed(UUID panelId, Start start, Instant now) {
        if (start instanceof Start.Restored restored) {
            // In milliseconds, as the store keeps it: the same clock reads the same after the next restart.
            Instant fallback = restored.lastKnownAlive().orElse(now).truncatedTo(ChronoUnit.MILLIS);
            if (paneClocks == null) {
                LOG.info("Panel {}: clocks start at {} (no pane clock store)", panelId, fallback);
                return new ActivitySeed.Fallback(fallback.isAfter(now) ? now : fallback);
            }
            PaneSeed seed = paneClocks.seed(panelId, restored.savedFingerprint(), restored.lastKnownAlive(),
                    TabCard.CURRENT_VERSION);
            if (seed instanceof PaneSeed.Fallback f) {
                LOG.info("Panel {}: clocks fall back to {} ({})", panelId, f.lastActivityAt(), f.reason());
            } else {
                PaneSeed.Restored r = (PaneSeed.Restored) seed;
                LOG.info("Panel {}: stored clocks restored (last activity {}, {} since {}{})", panelId,
                        r.lastActivityAt(), r.row().state(), r.stateSince(), r.cardRestored() ? ", with its card" : "");
            }
            return ActivitySeeds.of(seed, fallback.isAfter(now) ? now : fallback, cards);
        }
        return new ActivitySeed.Fresh(now);
    }

    private void pass() {
        passQueued.set(false);
        if (closed) {
            return;
        }
        passes.incrementAndGet();
        Instant now = clock.instant();
        for (Watched w : tabs.values()) {
            // A tab already waiting for its look keeps its flag raised, so its output wakes no one meanwhile.
            if (!w.waitingForLook && w.output.get()) {
                w.output.set(false);
                long read = w.session.generation().read();
                policy.outputSeen(w.panelId, read);
                // A read the last look already covered leaves nothing to wait for: the flag must then wake again.
                w.waitingForLook = read != w.lookedGeneration;
            }
        }
        for (UUID panelId : policy.due(now)) {
            Watched w = tabs.get(panelId);
            if (w != null) {
                try {
                    look(w, now);
                } catch (RuntimeException e) {
                    // One tab's bad moment must not stop the others being watched.
                    LOG.warn("Panel {}: a look failed", panelId, e);
                    policy.looked(panelId, w.session.generation().processed(), now, null);
                    w.waitingForLook = false;
                }
            }
        }
        int settling = 0;
        int behind = 0;
        for (Watched w : tabs.values()) {
            settling += w.activity.settling() ? 1 : 0;
            behind += w.lookedGeneration != w.session.generation().processed() ? 1 : 0;
        }
        settlingCount = settling;
        behindCount = behind;
        schedule(now);
        deliver();
    }

    private void look(Watched w, Instant now) {
        w.output.set(false);
        long processed = w.session.generation().processed();
        long read = w.session.generation().read();
        boolean started = started(w.session);
        if (started && w.shellSeenAt == null) {
            w.shellSeenAt = now;
            w.activity.shellStarted(now);
        }
        // A restored tab's shell starts after its replay: until then it always settles; after, within the limit.
        boolean withinSettleLimit = !started || now.isBefore(w.shellSeenAt.plus(settings.settleLimit()));
        if (w.activity.settling() && withinSettleLimit && (!started || processed == 0 || processed != read)) {
            // A terminal whose shell has not started, or has started and not yet printed anything, holds still with
            // nothing in its foreground, which reads as a shell at its prompt; and a prompt mark is parsed before the
            // prompt's text, so a copy taken while a read is half parsed could end settling on a prompt not drawn
            // yet. Any of these: look again shortly.
            policy.outputSeen(w.panelId, read);
            policy.looked(w.panelId, processed, now, now.plus(SETTLING_RETRY));
            w.lookedGeneration = processed;
            w.waitingForLook = read != processed;
            return;
        }
        VisibleScreen screen = VisibleScreen.capture(w.session);
        ProcessSnapshot process = w.session.inspectProcess();
        ShellStatus shell = w.session.shellStatus();
        Look look = new Look(now, screen, program(w, process, now), processed, process, shell, exitStatus(w.session),
                titles.getOrDefault(w.panelId, ""), w.shellName, localHost());
        LookResult result = w.activity.look(look);
        looks.incrementAndGet();
        if (LOG.isDebugEnabled()) {
            LOG.debug("Panel {}: look at generation {}: {}{}{}, {} ({}), fingerprint {}", w.panelId, processed,
                    result.activity() ? "changed" : "unchanged", result.settling() ? ", settling" : "",
                    result.stateChanged() ? ", new state" : "", result.clocks().state(),
                    result.classification().reason(), result.fingerprint() == null ? "-"
                            : result.fingerprint().hex().substring(0, 12));
            if (LOG.isTraceEnabled()) {
                LOG.trace("Panel {}: screen {}x{} cursor {},{}: {}", w.panelId, screen.columns(), screen.height(),
                        screen.cursorRow(), screen.cursorColumn(), screen.rows().stream()
                                .map(VisibleScreen.Row::text).filter(t -> !t.isEmpty()).toList());
            }
        }
        policy.outputSeen(w.panelId, read);
        policy.looked(w.panelId, processed, now, result.lookAgainAt());
        w.lookedGeneration = processed;
        w.waitingForLook = read != processed;
        if (!result.settling()) {
            record(w, result, now);
            notice(w, result);
        }
        if (result.cardChanged()) {
            unpublished.put(w.panelId, result.card());
        }
    }

    private void record(Watched w, LookResult result, Instant now) {
        TabClocks clocks = result.clocks();
        if (paneClocks == null || clocks.state() == null || result.fingerprint() == null) {
            return;
        }
        if (!pacing.handOver(w.panelId, clocks.state(), now)) {
            return;
        }
        if (paneClocks.record(paneClocks.row(w.panelId, result.fingerprint().hex(), clocks.lastActivityAt(),
                clocks.state().name(), clocks.stateSince(), cards.encode(result.card()), TabCard.CURRENT_VERSION))) {
            rowsHanded.incrementAndGet();
        }
    }

    private void notice(Watched w, LookResult result) {
        TabCard card = result.card();
        if (result.stateChanged() && result.clocks().state() == TabState.WAITING) {
            events.add(new ActivityEvent.EnteredWaiting(w.panelId, card.title(), card.question()));
        }
        CommandRun last = card.lastCommand();
        if (last != null && !last.equals(w.lastCommandSeen)) {
            w.lastCommandSeen = last;
            if (last.finishedAt().isAfter(w.startedAt)) {
                events.add(new ActivityEvent.CommandFinished(w.panelId, card.title(), last));
            }
        }
    }

    /** What runs in the tab's foreground: an agent when its process tree shows one, else by the command's name. */
    private ProgramKind program(Watched w, ProcessSnapshot process, Instant now) {
        Optional<String> command = process.foregroundCommand();
        if (command.isEmpty()) {
            w.agentCommand = null;
            return ProgramKind.SHELL;
        }
        ProgramKind byName = ProgramKind.ofForegroundCommand(command);
        if (byName.isAgent()) {
            return byName;
        }
        boolean fresh = command.get().equals(w.agentCommand) && w.agentCheckedAt != null
                && now.isBefore(w.agentCheckedAt.plus(AGENT_RECHECK));
        if (!fresh) {
            // The process tree is read only when the foreground command changes, and then every 30 s: it costs
            // a walk of /proc, and an agent behind a wrapper (node, python) keeps its command name.
            w.agentCommand = command.get();
            w.agentCheckedAt = now;
            w.agentKind = ProgramKind.OTHER;
            OptionalLong pid = w.session.shellPid();
            if (pid.isPresent()) {
                Optional<AgentProcess> agent = agents.detect(inspector.foregroundProcesses(pid.getAsLong()));
                if (agent.isPresent()) {
                    w.agentKind = agent.get().agent() == Agent.CODEX ? ProgramKind.CODEX : ProgramKind.CLAUDE_CODE;
                }
            }
        }
        return w.agentKind;
    }

    /** Whether the tab's shell loads the integration (marks are then exact), not only whether the setting is on. */
    private static boolean integrates(TerminalSession session) {
        return session.spec().shellIntegration().launch(session.spec().command(), Map.of()).integratedShell() != null;
    }

    /** Whether the shell has been spawned (or has already ended, or failed to start). */
    private static boolean started(TerminalSession session) {
        return session.shellPid().isPresent() || session.end().isPresent();
    }

    private static Integer exitStatus(TerminalSession session) {
        Optional<SessionEnd> end = session.end();
        return end.isPresent() && end.get() instanceof SessionEnd.Exited exited ? exited.exitCode() : null;
    }

    private String localHost() {
        if (!localHostRead) {
            localHostRead = true;
            try {
                localHost = InetAddress.getLocalHost().getHostName();
            } catch (java.io.IOException | RuntimeException e) {
                localHost = null;
            }
        }
        return localHost;
    }

    /** One timer for the whole watcher: the next look that falls due without new output. */
    private void schedule(Instant now) {
        Optional<Instant> next = policy.nextDue();
        if (next.isEmpty()) {
            if (timer != null) {
                timer.cancel(false);
                timer = null;
                timerAt = null;
            }
            return;
        }
        Instant at = next.get();
        if (timer != null && at.equals(timerAt)) {
            return;
        }
        if (timer != null) {
            timer.cancel(false);
        }
        long delay = Math.max(MIN_TIMER_MILLIS, Duration.between(now, at).toMillis());
        if (closed) {
            return;
        }
        try {
            timer = executor.schedule(() -> {
                timer = null;
                timerAt = null;
                pass();
            }, delay, TimeUnit.MILLISECONDS);
            timerAt = at;
        } catch (RejectedExecutionException e) {
            // A pass that was running when the app quit: the watcher is closed, and no look is due any more.
            timer = null;
            timerAt = null;
        }
    }

    /** Posts the pending cards and events to the FX thread once; that post takes everything pending by then. */
    private void deliver() {
        if ((unpublished.isEmpty() && events.isEmpty()) || !deliveryQueued.compareAndSet(false, true)) {
            return;
        }
        try {
            fx.execute(this::delivered);
        } catch (RuntimeException toolkitGone) {
            deliveryQueued.set(false);
        }
    }

    /** FX thread. */
    private void delivered() {
        deliveryQueued.set(false);
        Map<UUID, TabCard> batch = new HashMap<>();
        for (UUID panelId : new ArrayList<>(unpublished.keySet())) {
            TabCard card = unpublished.remove(panelId);
            if (card != null) {
                batch.put(panelId, card);
            }
        }
        List<ActivityEvent> happened = new ArrayList<>();
        for (ActivityEvent event; (event = events.poll()) != null; ) {
            happened.add(event);
        }
        if (!batch.isEmpty() || !happened.isEmpty()) {
            listener.updated(batch, happened);
        }
    }

    /** Stops the watcher's thread (bounded). Not on the FX thread. */
    @Override
    public void close() {
        closed = true;
        executor.shutdown();
        try {
            if (!executor.awaitTermination(2, TimeUnit.SECONDS)) {
                LOG.warn("The activity watcher did not stop within 2 s");
                executor.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            executor.shutdownNow();
        }
    }
}
