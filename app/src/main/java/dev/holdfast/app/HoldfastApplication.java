package dev.holdfast.app;

import dev.holdfast.app.autosave.ScrollbackExporter;
import dev.holdfast.app.autosave.SessionSaver;
import dev.holdfast.app.autosave.TabState;
import dev.holdfast.app.autosave.TerminalCheckpoints;
import dev.holdfast.app.autosave.WindowState;
import dev.holdfast.app.control.CheckpointSummary;
import dev.holdfast.app.control.ControlServer;
import dev.holdfast.app.control.ControlSettings;
import dev.holdfast.app.control.DeferredTarget;
import dev.holdfast.app.diagnostics.FxStallMonitor;
import dev.holdfast.app.restore.SessionRestorer;
import dev.holdfast.app.restore.StartupActivity;
import dev.holdfast.app.restore.StartupRestore;
import dev.holdfast.app.settings.Settings;
import dev.holdfast.app.settings.SettingsDialog;
import dev.holdfast.app.settings.SettingsFile;
import dev.holdfast.app.settings.SettingsWatcher;
import dev.holdfast.app.settings.Theme;
import dev.holdfast.app.view.Palette;
import dev.holdfast.app.view.PrimarySelection;
import dev.holdfast.app.view.UiTicker;
import dev.holdfast.app.window.CloseConfirmation;
import dev.holdfast.app.window.MainWindow;
import dev.holdfast.app.window.WindowCloseHook;
import dev.holdfast.app.window.WindowControlTarget;
import dev.holdfast.checkpoint.scrollback.RestoreSource;
import dev.holdfast.checkpoint.scrollback.ScrollbackEligibility;
import dev.holdfast.checkpoint.session.SessionSnapshotStore;
import dev.holdfast.terminal.export.CapturedLines;
import dev.holdfast.terminal.export.ExportLimits;
import dev.holdfast.terminal.pty.ProcessInspector;
import dev.holdfast.terminal.replay.InertReplay;
import dev.holdfast.terminal.replay.ReplaySanitizer;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.util.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The composition root: builds the app's objects once and hands each its collaborators. */
public final class HoldfastApplication extends Application {
    private static final Logger LOG = LoggerFactory.getLogger(HoldfastApplication.class);
    /** How long quitting waits for shells to end before the JVM goes (they are hung up, then killed). */
    private static final long SHUTDOWN_WAIT_MS = 3_000;
    /** How long a SIGTERM/SIGINT waits for the clean-quit save. */
    private static final long SIGNAL_QUIT_WAIT_MS = 5_000;
    /** How long a signal quit gives the FX thread to run the normal close before saving without it. */
    private static final long SIGNAL_FX_WAIT_MS = 1_000;

    // JavaFX instantiates the Application itself, so Main hands over what it prepared through here.
    private static volatile LaunchContext prepared;

    private final CountDownLatch closed = new CountDownLatch(1);
    private ExecutorService background;
    private SessionSaver saver;
    private ScrollbackExporter exporter;
    private MainWindow window;
    private ScheduledFuture<?> autosave;
    private UiTicker autosaveTicker;
    /** The window as of the last autosave tick: what a signal quit saves when the FX thread is gone. */
    private volatile WindowState lastWindowState;
    private Thread signalHook;
    private SettingsWatcher settingsWatcher;
    private PrimarySelection primarySelection;
    private FxStallMonitor stallMonitor;
    private ControlServer controlServer;
    private TerminalCheckpoints checkpoints;
    private volatile SessionRestorer restorer;
    /** How long {@link #start} held the FX thread, for {@code ctl stats}. */
    private volatile double startFxMillis;

    static void prepare(LaunchContext context) {
        prepared = context;
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
        exporter = new ScrollbackExporter(ExportLimits.DEFAULTS);
        StartupRestore restore = context.restore();
        if (restore.persist()) {
            saver = new SessionSaver(new SessionSnapshotStore(context.state(), clock), exporter, clock);
        }
        Settings settings = context.settings().settings();
        primarySelection = PrimarySelection.forPlatform();
        window = buildWindow(stage, settings, palette(settings, context.systemPrefersDark()), background,
                CloseConfirmation.DIALOG, System.getenv(), this::saveOnClose, primarySelection, () -> {
                    Platform.exit();
                });
        LaunchContext.Checkpoints cps = context.checkpoints();
        checkpoints = new TerminalCheckpoints(window, cps.settings(), context.launch().launchId(), cps.store(),
                exporter, Platform::runLater, clock);
        window.setOnScrollbackGone(tab -> checkpoints.discard(tab.panelId()));
        InertReplay replay = new InertReplay(new ReplaySanitizer(), clock,
                DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM));
        restorer = new SessionRestorer(replay, background, home(), panel -> separatorLabel(replay, cps, panel.panelId()));
        boolean restoredTabs = restore.snapshot()
                .map(snapshot -> restorer.restore(window, snapshot, screens()))
                .orElse(false);
        if (!restoredTabs) {
            window.openTab(startDirectory());
        }
        if (cps.plan() != null) {
            checkpoints.seed(cps.plan().seeds());
        }
        window.showNotices(restore.notices());
        stage.show();
        lastWindowState = window.windowState();
        autosaveTicker = new UiTicker("holdfast-autosave-tick");
        autosave = autosaveTicker.every(cps.settings().autosaveInterval(), () -> {
            if (window.isClosing()) {
                return;
            }
            WindowState state = window.windowState();
            lastWindowState = state;
            if (saver != null) {
                saver.autosave(state);
            }
            checkpoints.tick();
            background.execute(context::heartbeat);
        });
        installSignalHook();
        window.setOpenSettings(() -> SettingsDialog.show(stage, window.settings(), window.fontFamily(),
                edited -> saveSettings(context, edited)));
        watchSettings(context);
        // Probes while restored tabs are replayed too (their replays are no PTY output), so a restore's stalls show.
        stallMonitor = new FxStallMonitor(Platform::runLater,
                new StartupActivity(window::sessions, () -> restorer.replaying()));
        control.attach(new WindowControlTarget(window, background, exporter, this::checkpointNow, this::extraStats));
        startFxMillis = (System.nanoTime() - startedNanos) / 1_000_000.0;
        LOG.info("Window built and {} tab(s) placed in {} ms of the FX thread", window.tabs().size(),
                Math.round(startFxMillis));
    }

    /**
     * Binding the socket touches the disk, so it happens on the background executor; requests wait for the
     * returned target until the window exists.
     */
    private DeferredTarget startControlServer(LaunchContext context) {
        DeferredTarget target = new DeferredTarget();
        ControlServer server = new ControlServer(context.state().controlSocket(), target, ControlSettings.defaults());
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
        stats.put("fxStalls", stallMonitor.snapshot());
        stats.put("checkpoints", checkpoints.stats());
        stats.put("startup", Map.of("startFxMillis", startFxMillis, "replaying", restorer != null && restorer.replaying()));
        return stats;
    }

    private CompletableFuture<CheckpointSummary> checkpointNow() {
        return checkpoints.runNow();
    }

    /** "restored <now>", and for a checkpoint also how long before the crash it was taken. */
    private static String separatorLabel(InertReplay replay, LaunchContext.Checkpoints cps, UUID panelId) {
        String label = replay.restoredNow();
        if (cps.plan() != null && cps.plan().sourceOf(panelId) instanceof RestoreSource.Checkpoint checkpoint) {
            // The sentinel's heartbeat dates the crash to within one autosave tick; the snapshot is the fallback.
            Instant crash = cps.previousLastAlive().orElse(cps.plan().snapshot().createdAt());
            long seconds = Math.max(0, java.time.Duration.between(checkpoint.capturedAt(), crash).toSeconds());
            label += " from a checkpoint taken " + seconds + " s before the crash";
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
                            window.showNotices(loaded.problems());
                        });
                    });
        } catch (IOException e) {
            LOG.warn("Settings will not reload on change: {}", e.toString());
        }
    }

    /** The window with its real collaborators; the GUI tests build theirs through here too. */
    public static MainWindow buildWindow(Stage stage, Settings settings, Palette palette, ExecutorService background,
                                         CloseConfirmation confirmation, Map<String, String> environment,
                                         WindowCloseHook closeHook, PrimarySelection primarySelection,
                                         Runnable onClosed) {
        boolean mac = System.getProperty("os.name", "").toLowerCase().contains("mac");
        return new MainWindow(stage, settings, palette, ProcessInspector.forCurrentOs(), background,
                confirmation, environment, Clock.systemDefaultZone(), mac, closeHook, primarySelection, onClosed);
    }

    /** The window with default settings and the dark theme. */
    public static MainWindow buildWindow(Stage stage, ExecutorService background, CloseConfirmation confirmation,
                                         Map<String, String> environment, WindowCloseHook closeHook,
                                         Runnable onClosed) {
        return buildWindow(stage, Settings.defaults(), Palette.dark(), background, confirmation, environment,
                closeHook, PrimarySelection.CLIPBOARD, onClosed);
    }

    /** The clean-quit save: copies every tab's lines now (FX thread, bounded), formats and writes off it. */
    private CompletableFuture<Void> saveOnClose(MainWindow closing) {
        if (autosave != null) {
            autosave.cancel(false);
        }
        if (checkpoints != null) {
            checkpoints.abortForQuit();
        }
        CompletableFuture<Void> saved;
        if (saver == null) {
            saved = CompletableFuture.completedFuture(null);
        } else {
            WindowState state = closing.windowState();
            saved = saver.saveForQuit(state, captureEligible(state));
        }
        // Once the state is on disk the quit is clean, whatever happens to the toolkit afterwards: a signal
        // quit waits for exactly this, not for the FX thread to finish tearing down.
        return saved.whenComplete((ok, error) -> {
            prepared.releaseSentinel();
            closed.countDown();
        });
    }

    /**
     * Copies the scrollback of every tab the clean-quit save keeps, each under its own buffer lock (any
     * thread may take it). The eligibility rule is the checkpoints' own, so quit and crash agree.
     */
    private Map<UUID, CapturedLines> captureEligible(WindowState state) {
        Map<UUID, CapturedLines> captures = new HashMap<>();
        for (TabState tab : state.tabs()) {
            if (ScrollbackEligibility.allows(TerminalCheckpoints.view(tab))) {
                captures.put(tab.panelId(), exporter.capture(tab.session()));
            }
        }
        return captures;
    }

    /**
     * SIGTERM, SIGINT and a logout end the JVM through its shutdown hooks; treat them as a clean quit and
     * wait (bounded) for the save.
     */
    private void installSignalHook() {
        signalHook = new NamedThreadFactory("holdfast-signal-quit", false).newThread(() -> {
            if (closed.getCount() == 0) {
                return;
            }
            LOG.info("Quit requested by a signal");
            Platform.runLater(() -> window.closeWindow());
            try {
                // JavaFX may already be shutting down and never run that; then save from here.
                if (!closed.await(SIGNAL_FX_WAIT_MS, TimeUnit.MILLISECONDS)) {
                    saveWithoutFxThread();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Runtime.getRuntime().addShutdownHook(signalHook);
    }

    /**
     * The clean-quit save from the signal thread: the window as of the last autosave tick, each tab's
     * scrollback copied under its buffer lock (which any thread may take).
     */
    private void saveWithoutFxThread() throws InterruptedException {
        WindowState state = lastWindowState;
        if (saver == null || state == null) {
            prepared.releaseSentinel();
            return;
        }
        try {
            saver.saveForQuit(state, captureEligible(state)).get(SIGNAL_QUIT_WAIT_MS, TimeUnit.MILLISECONDS);
            prepared.releaseSentinel();
            LOG.info("Saved the session from the signal thread");
            if (controlServer != null) {
                controlServer.stop();
            }
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("Clean quit after a signal could not save in time: {}", e.toString());
        }
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

    @Override
    public void stop() throws InterruptedException {
        if (restorer != null) {
            restorer.close();
        }
        if (controlServer != null) {
            controlServer.stop();
        }
        if (stallMonitor != null) {
            stallMonitor.close();
        }
        if (window != null && !window.isClosing()) {
            window.closeWindow();
        }
        if (autosaveTicker != null) {
            autosaveTicker.close();
        }
        if (settingsWatcher != null) {
            settingsWatcher.close();
        }
        if (primarySelection != null) {
            primarySelection.close();
        }
        if (saver != null) {
            saver.close();
        }
        if (checkpoints != null) {
            checkpoints.close();
        }
        if (background != null) {
            background.shutdown();
            if (!background.awaitTermination(SHUTDOWN_WAIT_MS, TimeUnit.MILLISECONDS)) {
                LOG.warn("Shells did not end within {} ms; exiting anyway", SHUTDOWN_WAIT_MS);
            }
        }
        if (prepared != null) {
            prepared.releaseSentinel();
        }
        try {
            if (signalHook != null && closed.getCount() == 0) {
                Runtime.getRuntime().removeShutdownHook(signalHook);
            }
        } catch (IllegalStateException e) {
            // Already shutting down: the hook is running or has run.
        }
        LOG.info("Holdfast stopped");
    }
}
