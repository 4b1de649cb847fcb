package dev.holdfast.app;

import dev.holdfast.app.activity.ActivityBoard;
import dev.holdfast.app.activity.ActivityPresenter;
import dev.holdfast.app.activity.ActivityWatcher;
import dev.holdfast.app.activity.WatcherSettings;
import dev.holdfast.app.autosave.DirectoryReports;
import dev.holdfast.app.autosave.ForegroundRecorder;
import dev.holdfast.app.autosave.QuitSave;
import dev.holdfast.app.autosave.ScreenFingerprints;
import dev.holdfast.app.autosave.SaveProblems;
import dev.holdfast.app.autosave.ScrollbackExporter;
import dev.holdfast.app.autosave.SessionSaver;
import dev.holdfast.app.autosave.TerminalCheckpoints;
import dev.holdfast.app.autosave.TmuxClients;
import dev.holdfast.app.autosave.WindowState;
import dev.holdfast.app.control.CheckpointNowResult;
import dev.holdfast.app.control.ControlServer;
import dev.holdfast.app.control.ControlSettings;
import dev.holdfast.app.control.DeferredTarget;
import dev.holdfast.app.conversation.ConversationPanels;
import dev.holdfast.app.diagnostics.FxStallMonitor;
import dev.holdfast.app.diagnostics.OutputActivity;
import dev.holdfast.app.memory.HeapRelease;
import dev.holdfast.app.memory.HeapReleaseSettings;
import dev.holdfast.app.notify.DesktopNotifier;
import dev.holdfast.app.rendering.ToolkitEnvironment;
import dev.holdfast.app.restore.AgentTabOffers;
import dev.holdfast.app.restore.PendingHistories;
import dev.holdfast.app.restore.ResumePlanner;
import dev.holdfast.app.restore.SessionRestorer;
import dev.holdfast.app.restore.StartupActivity;
import dev.holdfast.app.restore.StartupRestore;
import dev.holdfast.app.settings.Settings;
import dev.holdfast.app.settings.SettingsDialog;
import dev.holdfast.app.settings.SettingsFile;
import dev.holdfast.app.settings.SettingsWatcher;
import dev.holdfast.app.settings.Theme;
import dev.holdfast.app.sidebar.Sidebar;
import dev.holdfast.app.sidebar.SidebarOrder;
import dev.holdfast.app.sidebar.SidebarSort;
import dev.holdfast.app.tabs.TerminalTab;
import dev.holdfast.app.view.Palette;
import dev.holdfast.app.view.PrimarySelection;
import dev.holdfast.app.view.UiTicker;
import dev.holdfast.app.window.CloseConfirmation;
import dev.holdfast.app.window.MainWindow;
import dev.holdfast.app.window.TabListener;
import dev.holdfast.app.window.ToolkitWarmup;
import dev.holdfast.app.window.WindowCloseHook;
import dev.holdfast.app.window.WindowControlTarget;
import dev.holdfast.checkpoint.clocks.ClockStoreNotices;
import dev.holdfast.checkpoint.clocks.PaneClocks;
import dev.holdfast.checkpoint.scrollback.RestoreSource;
import dev.holdfast.checkpoint.session.InstanceLock;
import dev.holdfast.checkpoint.session.PanelSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshot;
import dev.holdfast.checkpoint.session.SidebarState;
import dev.holdfast.checkpoint.session.PreviousLaunch;
import dev.holdfast.checkpoint.session.SessionSnapshotStore;
import dev.holdfast.terminal.agent.live.LiveConversations;
import dev.holdfast.terminal.agent.live.LiveSettings;
import dev.holdfast.terminal.agent.live.TabConversation;
import dev.holdfast.terminal.pty.ProcessInspector;
import dev.holdfast.terminal.replay.InertReplay;
import dev.holdfast.terminal.replay.ReplaySanitizer;
import dev.holdfast.terminal.screen.ActivitySettings;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The composition root: builds the app's objects once and hands each its collaborators. */
public final class HoldfastApplication extends Application {
    private static final Logger LOG = LoggerFactory.getLogger(HoldfastApplication.class);
    /** How long quitting waits for shells to end before the JVM goes (they are hung up, then killed). */
    private static final long SHUTDOWN_WAIT_MS = 3_000;
    /** How long the shutdown waits for the quit save before stopping the saver. */
    private static final java.time.Duration QUIT_SAVE_WAIT = java.time.Duration.ofSeconds(10);
    /** How long a SIGTERM/SIGINT waits for the clean-quit save. */
    private static final java.time.Duration SIGNAL_QUIT_WAIT = java.time.Duration.ofSeconds(5);
    /** How long a signal quit gives the FX thread to start the normal close before saving without it. */
    private static final java.time.Duration SIGNAL_FX_WAIT = java.time.Duration.ofSeconds(1);

    // JavaFX instantiates the Application itself, so Main hands over what it prepares through here.
    private static volatile StartupTask<LaunchContext> preparation;
    private static volatile LaunchContext prepared;
    private static volatile ToolkitEnvironment toolkit;

    private ExecutorService background;
    private SessionSaver saver;
    private ScrollbackExporter exporter;
    private MainWindow window;
    private ScheduledFuture<?> autosave;
    private UiTicker autosaveTicker;
    /**
     * How soon after a shell reports a new directory the session is saved: long enough to take a burst of {@code cd}s
     * (a script's) in one save, short enough that a crash right after loses nothing.
     */
    static final Duration SAVE_SOON = Duration.ofMillis(500);
    private boolean saveSoonPending;
    private final DirectoryReports directoryReports = new DirectoryReports(() -> Platform.runLater(this::saveSoon));
    /** The window as of the last autosave tick: what a signal quit saves when the FX thread is gone. */
    private volatile WindowState lastWindowState;
    private Thread signalHook;
    private SettingsWatcher settingsWatcher;
    private PrimarySelection primarySelection;
    private FxStallMonitor stallMonitor;
    private HeapRelease heapRelease;
    private ControlServer controlServer;
    private TerminalCheckpoints checkpoints;
    private QuitSave quit;
    /** FX thread only. */
    private final SaveProblems saveProblems = new SaveProblems();
    /** Background thread: the lost instance lock is told once. */
    private final AtomicBoolean lockLostTold = new AtomicBoolean();
    private volatile CompletableFuture<QuitSave.Outcome> quitOutcome;
    private ActivityWatcher watcher;
    private ActivityPresenter activity;
    private Sidebar sidebar;
    private UiTicker sidebarTicker;
    private DesktopNotifier notifier;
    private ConversationPanels conversationPanels;
    private ForegroundRecorder foregrounds;
    private LiveConversations conversations;
    private volatile SessionRestorer restorer;
    /** How long {@link #start} held the FX thread, for {@code ctl stats}. */
    private volatile double startFxMillis;

    /** @param context completes once the state directory is read; the toolkit starts meanwhile */
    static void prepare(ToolkitEnvironment toolkitEnvironment, StartupTask<LaunchContext> context) {
        toolkit = toolkitEnvironment;
        preparation = context;
    }

    @Override
    public void init() {
        // The toolkit has started (GTK has read its environment) by the time JavaFX calls this.
        if (toolkit != null) {
            toolkit.toolkitStarted();
        }
        // The FX thread is idle until start(), which runs after this: it pays the window's first-time costs meanwhile.
        Platform.runLater(ToolkitWarmup::run);
        // On the launcher thread, not the FX thread: start() finds the preparation done.
        StartupTask<LaunchContext> context = preparation;
        if (context != null) {
            prepared = context.await();
        }
    }

    @Override
    public void start(Stage stage) {
        LaunchContext context = prepared;
        if (context == null) {
            throw new IllegalStateException("Holdfast must be started through Main");
        }
        long startedNanos = System.nanoTime();
        LOG.info("Holdfast {} starting, launch {}, state in {}", Main.version(), context.launch().launchId(),
                context.state().root());
        Clock clock = Clock.systemDefaultZone();
        background = Executors.newCachedThreadPool(new NamedThreadFactory("holdfast-background", true));
        // First, so that ctl answers while the window is built and restored.
        DeferredTarget control = startControlServer(context);
        LaunchContext.Checkpoints cps = context.checkpoints();
        exporter = new ScrollbackExporter(cps.settings());
        StartupRestore restore = context.restore();
        ProcessInspector inspector = ProcessInspector.forCurrentOs();
        ActivityBoard board = new ActivityBoard();
        // The presenter exists only once the window does; the watcher's batches reach it through this field.
        // The pane clock store keeps milliseconds; clocks that tick in milliseconds read the same before a restart
        // as after it.
        Clock activityClock = Clock.tick(clock, Duration.ofMillis(1));
        watcher = new ActivityWatcher(ActivitySettings.DEFAULT, WatcherSettings.DEFAULT, context.clocks().store(),
                inspector, activityClock, Platform::runLater, (cards, events) -> activity.updated(cards, events));
        ScreenFingerprints fingerprints = watcher::fingerprintOfCapture;
        // The conversation state of each tab as last published, for the saver to record a bound agent's conversation.
        Map<UUID, TabConversation> latestConversations = new ConcurrentHashMap<>();
        foregrounds = new ForegroundRecorder(inspector, id -> Optional.ofNullable(latestConversations.get(id)), home(),
                new TmuxClients("tmux"));
        if (restore.persist()) {
            saver = new SessionSaver(new SessionSnapshotStore(context.state(), clock), exporter, clock,
                    new SessionSaver.SaveListener() {
                        @Override
                        public void saved(boolean quitting) {
                            Platform.runLater(() -> apply(saveProblems.succeeded(SaveProblems.Write.SESSION)));
                        }

                        @Override
                        public void failed(boolean quitting, String reason) {
                            Platform.runLater(() -> apply(saveProblems.failed(SaveProblems.Write.SESSION, reason)));
                        }
                    }, fingerprints, foregrounds);
        }
        Settings settings = context.settings().settings();
        primarySelection = PrimarySelection.forPlatform();
        boolean mac = System.getProperty("os.name", "").toLowerCase().contains("mac");
        window = new MainWindow(stage, settings, palette(settings, context.systemPrefersDark()),
                inspector, background, CloseConfirmation.DIALOG, System.getenv(), clock, mac,
                closeHook(), primarySelection, Platform::exit);
        window.setShellIntegration(context.shellIntegration());
        conversationPanels = new ConversationPanels(window, Platform::runLater, clock.getZone());
        conversations = new LiveConversations(ProcessInspector.forCurrentOs(), LiveSettings.DEFAULTS, clock, home(),
                state -> {
                    latestConversations.put(state.panelId(), state);
                    conversationPanels.changed(state);
                });
        window.addTabListener(new TabListener() {
            @Override
            public void opened(TerminalTab tab) {
                directoryReports.watch(tab.panelId(), tab.session().generation(), tab.session()::shellStatus);
            }

            @Override
            public void closed(TerminalTab tab) {
                latestConversations.remove(tab.panelId());
                foregrounds.forget(tab.panelId());
                directoryReports.forget(tab.panelId());
            }
        });
        conversationPanels.connect(conversations);
        conversations.start();
        // Restored tabs whose older history is not in their model yet: checkpoints wait for it, the quit save puts it in.
        PendingHistories histories = new PendingHistories();
        checkpoints = new TerminalCheckpoints(window, cps.settings(), context.launch().launchId(), cps.store(),
                exporter, Platform::runLater, clock, new TerminalCheckpoints.Listener() {
                    @Override
                    public void written() {
                        apply(saveProblems.succeeded(SaveProblems.Write.CHECKPOINTS));
                    }

                    @Override
                    public void failed(String reason) {
                        apply(saveProblems.failed(SaveProblems.Write.CHECKPOINTS, reason));
                    }

                    @Override
                    public void tookOver() {
                        background.execute(context::tookOver);
                    }
                }, fingerprints, histories::isPending);
        if (cps.settings().enabled() && !context.sentinelClaimed()) {
            String problem = context.sentinelProblem().orElse("unknown");
            checkpoints.holdWrites("the launch sentinel could not be written (" + problem + ")");
            apply(saveProblems.failed(SaveProblems.Write.LAUNCH_MARKER, problem));
        }
        quit = new QuitSave(saver, session -> {
            histories.complete(session);
            return exporter.captureWithScreen(session);
        }, () -> {
            if (autosave != null) {
                autosave.cancel(false);
            }
            checkpoints.abortForQuit();
        }, context.ending(), background);
        window.setOnScrollbackGone(tab -> checkpoints.discard(tab.panelId()));
        // A cleared scrollback must not come back at the next restore: its tab's record is rewritten at once.
        window.setOnScrollbackCleared(tab -> checkpoints.runNow());
        startActivity(context, board, activityClock);
        InertReplay replay = new InertReplay(new ReplaySanitizer(), clock,
                DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM),
                DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM));
        restorer = new SessionRestorer(replay, background, home(), panel -> separatorLabel(replay, context, panel.panelId()),
                new AgentTabOffers(ResumePlanner.forThisMachine(inspector, window.settings().resumeAgents()),
                        conversations, foregrounds), histories);
        boolean restoredTabs = restore.snapshot()
                .map(snapshot -> restorer.restore(window, snapshot, screens()))
                .orElse(false);
        if (!restoredTabs) {
            window.openTab(startDirectory());
        }
        // Every restore, clean or not: a crash at any moment after this launch brings back what it restored. With
        // nothing restored there is nothing to write back, and the inherited checkpoints are taken over at once.
        checkpoints.seed(cps.plan() != null ? cps.plan().seeds() : List.of());
        PaneClocks paneClocks = context.clocks().store();
        if (paneClocks != null) {
            // The first full listing of this launch's tabs, restore done: rows of panels that did not come back go.
            paneClocks.pruneAfterFullListing(window.tabs().stream().map(TerminalTab::panelId).collect(
                    Collectors.toSet()));
        }
        window.showNotices(restore.notices());
        context.clocks().notices().attach(new ClockStoreNotices() {
            @Override
            public void show(String key, String text) {
                Platform.runLater(() -> window.showNotice(key, text));
            }

            @Override
            public void clear(String key) {
                Platform.runLater(() -> window.clearNotice(key));
            }
        });
        stage.show();
        lastWindowState = windowState();
        autosaveTicker = new UiTicker("holdfast-autosave-tick");
        autosave = autosaveTicker.every(cps.settings().autosaveInterval(), () -> {
            if (window.isClosing()) {
                return;
            }
            autosaveNow();
            checkpoints.tick();
            background.execute(() -> {
                if (context.heartbeat()) {
                    Platform.runLater(() -> {
                        checkpoints.releaseWrites();
                        apply(saveProblems.succeeded(SaveProblems.Write.LAUNCH_MARKER));
                    });
                }
                context.keepLock().ifPresent(hold -> lockChecked(hold, context.state().root()));
            });
        });
        installSignalHook();
        window.setOpenSettings(() -> SettingsDialog.show(stage, window.settings(), window.fontFamily(),
                edited -> saveSettings(context, edited)));
        watchSettings(context);
        // Probes while restored tabs are replayed too (their replays are no PTY output), so a restore's stalls show.
        stallMonitor = new FxStallMonitor(Platform::runLater,
                new StartupActivity(window::sessions, () -> restorer.replaying()));
        heapRelease = new HeapRelease(HeapReleaseSettings.DEFAULT, new OutputActivity(window::sessions)::reads, clock,
                HeapRelease.Heap.jvm());
        control.attach(new WindowControlTarget(window, background, exporter, this::checkpointNow, this::extraStats,
                conversationPanels, activity));
        startFxMillis = (System.nanoTime() - startedNanos) / 1_000_000.0;
        LOG.info("Window built and {} tab(s) placed in {} ms of the FX thread", window.tabs().size(),
                Math.round(startFxMillis));
    }

    /**
     * FX thread, before any tab exists: every tab of the window is watched from now on, a restored one seeded from the
     * pane clock store with the fingerprint saved with its scrollback; the sidebar comes back as it was left.
     */
    private void startActivity(LaunchContext context, ActivityBoard board, Clock clock) {
        Map<UUID, ActivityWatcher.Start.Restored> restoredStarts = new HashMap<>();
        Optional<SessionSnapshot> snapshot = context.restore().snapshot();
        if (snapshot.isPresent()) {
            // Restore is not activity: a restored tab's clocks fall back to when the launch before was last alive.
            Optional<Instant> lastAlive = context.checkpoints().previousLastAlive()
                    .or(() -> Optional.of(snapshot.get().createdAt()));
            for (PanelSnapshot panel : snapshot.get().panels()) {
                restoredStarts.put(panel.panelId(), new ActivityWatcher.Start.Restored(
                        Optional.ofNullable(panel.screenFingerprint()), lastAlive));
            }
        }
        notifier = new DesktopNotifier(System.getProperty("os.name", ""), System.getenv());
        activity = new ActivityPresenter(window, board, restoredStarts, Platform::runLater, notifier,
                () -> window.settings().notifications(), () -> window.settings().longCommand(), clock,
                ZoneId.systemDefault());
        sidebarTicker = new UiTicker("holdfast-sidebar-tick");
        sidebar = new Sidebar(activity, clock, ZoneId.systemDefault(), home().toString(), sidebarTicker,
                SidebarOrder.DEFAULT_RECENT_WINDOW);
        sidebar.setFontFamily(window.fontFamily());
        activity.start(watcher, sidebar);
        SidebarState remembered = snapshot.map(SessionSnapshot::sidebar).orElse(null);
        if (remembered != null) {
            sidebar.setLayout(new Sidebar.Layout(SidebarSort.parse(remembered.sort()), remembered.recentOnly()));
            activity.setSidebarShown(remembered.shown());
        }
        window.setToggleSidebar(activity::toggleSidebar);
    }

    /** FX thread: saves the window (without scrollback) if it changed since the last save. */
    private void autosaveNow() {
        WindowState state = windowState();
        lastWindowState = state;
        if (saver != null) {
            saver.autosave(state);
        }
    }

    /**
     * FX thread: an autosave {@link #SAVE_SOON} from now, unless one is already due then; between two ticks, so that
     * a crash right after a {@code cd} keeps the new directory.
     */
    private void saveSoon() {
        if (saveSoonPending || autosaveTicker == null || window.isClosing()) {
            return;
        }
        saveSoonPending = true;
        autosaveTicker.once(SAVE_SOON, () -> {
            saveSoonPending = false;
            if (!window.isClosing()) {
                autosaveNow();
            }
        });
    }

    /** The window as the saver needs it, with the sidebar as it is now. FX thread. */
    private WindowState windowState() {
        Sidebar.Layout layout = sidebar.layout();
        return window.windowState().withSidebar(new SidebarState(activity.sidebarShown(), layout.sort().name(),
                layout.recentOnly()));
    }

    /** Background thread: what the heartbeat found of the instance lock's file. */
    private void lockChecked(InstanceLock.Hold hold, Path stateRoot) {
        switch (hold) {
            case HELD -> { }
            case RETAKEN -> LOG.warn("{}/instance.lock had been removed; this launch holds it again", stateRoot);
            case LOST -> {
                if (lockLostTold.compareAndSet(false, true)) {
                    LOG.error("{}/instance.lock was removed and another Holdfast has locked a new one", stateRoot);
                    Platform.runLater(() -> window.showNotice("instance-lock", "Another Holdfast now also uses "
                            + stateRoot + " (its instance.lock was removed while this one ran). Quit one of them:"
                            + " the last to quit saves the session."));
                }
            }
        }
    }

    /** FX thread: shows or takes away a save problem's notice. */
    private void apply(SaveProblems.Change change) {
        if (change instanceof SaveProblems.Show show) {
            window.showNotice(show.key(), show.text());
        } else if (change instanceof SaveProblems.Clear clear) {
            window.clearNotice(clear.key());
        }
    }

    /** The window's close runs the quit save while the shells still exist; the sessions end after it. */
    private WindowCloseHook closeHook() {
        return closing -> {
            CompletableFuture<QuitSave.Outcome> outcome = quit.windowClosing(windowState());
            quitOutcome = outcome;
            return outcome.thenApply(done -> null);
        };
    }

    /**
     * Binding the socket touches the disk, so it happens on the background executor; requests wait for the
     * returned target until the window exists.
     */
    private DeferredTarget startControlServer(LaunchContext context) {
        DeferredTarget target = new DeferredTarget();
        ControlServer server = new ControlServer(context.state().controlSocket(), target, ControlSettings.defaults(),
                context.ownsStateDirectory());
        controlServer = server;
        background.execute(() -> {
            try {
                Path socket = server.start();
                LOG.info("Control socket at {}", socket);
            } catch (IOException | RuntimeException e) {
                LOG.warn("No control socket: {}", e.toString());
                Platform.runLater(() -> window.showNotices(List.of("holdfast ctl is unavailable: " + e.getMessage())));
            }
        });
        return target;
    }

    private Map<String, Object> extraStats() {
        Map<String, Object> stats = new LinkedHashMap<>();
        if (prepared != null) {
            // Names this launch's checkpoint records (each carries its launch): scripts read them after a crash.
            stats.put("launchId", prepared.launch().launchId().toString());
        }
        stats.put("fxStalls", stallMonitor.snapshot());
        stats.put("checkpoints", checkpoints.stats());
        stats.put("startup", Map.of("startFxMillis", startFxMillis, "replaying", restorer != null && restorer.replaying()));
        stats.put("activity", watcher.stats());
        // What the notice bar says now, as the user reads it: scripts and the reliability harness check it.
        stats.put("notice", window == null ? "" : window.noticeText());
        PaneClocks paneClocks = prepared == null ? null : prepared.clocks().store();
        if (paneClocks != null) {
            stats.put("paneClocks", paneClocks.stats());
        }
        return stats;
    }

    private CompletableFuture<CheckpointNowResult> checkpointNow() {
        return checkpoints.runNow();
    }

    /** "restored <now>", and for a checkpoint also how old it is. */
    private static String separatorLabel(InertReplay replay, LaunchContext context, UUID panelId) {
        LaunchContext.Checkpoints cps = context.checkpoints();
        String label = replay.restoredNow();
        if (cps.plan() != null && cps.plan().sourceOf(panelId) instanceof RestoreSource.Checkpoint checkpoint
                && context.launch().previousWasUnclean()) {
            // The sentinel's heartbeat dates the crash to within one autosave tick; the snapshot is the fallback.
            Instant crash = cps.previousLastAlive().orElse(cps.plan().snapshot().createdAt());
            long seconds = Math.max(0, java.time.Duration.between(checkpoint.capturedAt(), crash).toSeconds());
            boolean quit = context.launch().previous() instanceof PreviousLaunch.QuitWithoutSaving;
            label += " from a checkpoint taken " + seconds + " s before the " + (quit ? "quit" : "crash");
        }
        return label;
    }

    private static Palette palette(Settings settings, Boolean systemPrefersDark) {
        return Palette.of(settings.theme().resolve(systemPrefersDark) == Theme.DARK, Settings.COLOR_NAMES,
                settings.colors());
    }

    /** Applies the dialog's settings at once and writes them (off the FX thread); the watcher then agrees. */
    private void saveSettings(LaunchContext context, Settings edited) {
        window.applySettings(edited, palette(edited, context.systemPrefersDark()));
        sidebar.setFontFamily(window.fontFamily());
        background.execute(() -> {
            try {
                new SettingsFile().write(context.settingsFile(), edited);
            } catch (IOException e) {
                LOG.warn("Could not save settings to {}: {}", context.settingsFile(), e.toString());
                Platform.runLater(() -> window.showNotices(List.of("Settings could not be saved: " + e.getMessage())));
            }
        });
    }

    private void watchSettings(LaunchContext context) {
        try {
            settingsWatcher = new SettingsWatcher(context.settingsFile(), new SettingsFile(), Settings.defaults(),
                    loaded -> {
                        Palette palette = palette(loaded.settings(), context.systemPrefersDark());
                        Platform.runLater(() -> {
                            window.applySettings(loaded.settings(), palette);
                            sidebar.setFontFamily(window.fontFamily());
                            window.showNotices(loaded.problems());
                        });
                    });
        } catch (IOException e) {
            LOG.warn("Settings will not reload on change: {}", e.toString());
        }
    }

    /**
     * SIGTERM, SIGINT and a logout end the JVM through its shutdown hooks; treat them as a clean quit and
     * wait (bounded) for the save — the one save, whoever starts it.
     */
    private void installSignalHook() {
        signalHook = new NamedThreadFactory("holdfast-signal-quit", false).newThread(() -> {
            if (quitOutcome != null && quitOutcome.isDone()) {
                return;
            }
            LOG.info("Quit requested by a signal");
            try {
                QuitSave.Outcome outcome = quit.signalled(() -> {
                    try {
                        Platform.runLater(() -> window.closeWindow());
                    } catch (IllegalStateException toolkitGone) {
                        // JavaFX is already shutting down; the quit then saves from this thread.
                    }
                }, () -> lastWindowState, SIGNAL_FX_WAIT, SIGNAL_QUIT_WAIT);
                LOG.info("Signal quit: {}", outcome);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (controlServer != null) {
                controlServer.stop();
            }
        });
        Runtime.getRuntime().addShutdownHook(signalHook);
    }

    private static List<Rectangle2D> screens() {
        return Screen.getScreens().stream().map(Screen::getVisualBounds).toList();
    }

    private static Path home() {
        return Path.of(System.getProperty("user.home"));
    }

    private static Path startDirectory() {
        Path cwd = Path.of(System.getProperty("user.dir"));
        return Files.isDirectory(cwd) ? cwd : home();
    }

    /**
     * FX thread, at the toolkit's end. Stops what belongs to the FX thread, then hands everything that waits —
     * the quit save, the executors' shutdown, the state directory's lock — to a thread of its own: the FX thread
     * never waits on disk, and the JVM stays up until that thread is done.
     */
    @Override
    public void stop() {
        if (restorer != null) {
            restorer.close();
        }
        if (controlServer != null) {
            controlServer.stop();
        }
        if (stallMonitor != null) {
            stallMonitor.close();
        }
        if (heapRelease != null) {
            heapRelease.close();
        }
        if (window != null && !window.isClosing()) {
            window.closeWindow();
        }
        if (autosaveTicker != null) {
            autosaveTicker.close();
        }
        if (sidebarTicker != null) {
            sidebarTicker.close();
        }
        if (settingsWatcher != null) {
            settingsWatcher.close();
        }
        if (primarySelection != null) {
            primarySelection.close();
        }
        CompletableFuture<QuitSave.Outcome> outcome = quitOutcome;
        new NamedThreadFactory("holdfast-shutdown", false).newThread(() -> shutDown(outcome)).start();
    }

    /** The shutdown thread. */
    private void shutDown(CompletableFuture<QuitSave.Outcome> outcome) {
        if (outcome != null) {
            try {
                outcome.get(QUIT_SAVE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (java.util.concurrent.ExecutionException | TimeoutException e) {
                LOG.warn("The quit save did not finish: {}", e.toString());
            }
        }
        if (saver != null) {
            saver.close();
        }
        if (checkpoints != null) {
            checkpoints.close();
        }
        // After every save that asks it for fingerprints; the store after the watcher, whose last rows it writes.
        if (watcher != null) {
            watcher.close();
        }
        if (prepared != null && prepared.clocks().store() != null) {
            prepared.clocks().store().close();
        }
        if (notifier != null) {
            notifier.close();
        }
        if (background != null) {
            if (conversations != null) {
                // Its close waits (briefly) for its thread; not on the FX thread.
                background.execute(conversations::close);
            }
            background.shutdown();
            try {
                if (!background.awaitTermination(SHUTDOWN_WAIT_MS, TimeUnit.MILLISECONDS)) {
                    LOG.warn("Shells did not end within {} ms; exiting anyway", SHUTDOWN_WAIT_MS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            if (signalHook != null && outcome != null && outcome.isDone()) {
                Runtime.getRuntime().removeShutdownHook(signalHook);
            }
        } catch (IllegalStateException e) {
            // Already shutting down: the hook is running or has run.
        }
        if (prepared != null) {
            prepared.releaseLock();
        }
        LOG.info("Holdfast stopped");
    }
}
