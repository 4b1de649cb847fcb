package dev.holdfast.app;

import dev.holdfast.app.restore.StartupRestore;
import dev.holdfast.app.settings.Settings;
import dev.holdfast.app.settings.SettingsFile;
import dev.holdfast.app.settings.SystemAppearance;
import dev.holdfast.app.settings.Theme;
import dev.holdfast.checkpoint.scrollback.CheckpointRecovery;
import dev.holdfast.checkpoint.scrollback.CheckpointSettings;
import dev.holdfast.checkpoint.scrollback.RestorePlan;
import dev.holdfast.checkpoint.scrollback.ScrollbackStore;
import dev.holdfast.checkpoint.session.LaunchRecord;
import dev.holdfast.checkpoint.session.LaunchSentinel;
import dev.holdfast.checkpoint.session.ProcessTable;
import dev.holdfast.checkpoint.session.SessionSnapshotStore;
import dev.holdfast.checkpoint.store.PrivateFiles;
import dev.holdfast.checkpoint.store.StateDirectory;
import dev.holdfast.terminal.pty.NativeLibraryDirectory;
import dev.holdfast.terminal.shell.ShellIntegration;
import dev.holdfast.terminal.shell.ShellIntegrationScripts;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import javafx.application.Application;
import org.slf4j.LoggerFactory;

/**
 * Entry point. Deliberately not the JavaFX {@code Application}: launching through a plain class lets
 * JavaFX run from the class path (no module-path conflicts with pty4j and JNA), and lets {@code --version}
 * answer without starting a toolkit.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        LaunchOptions options = LaunchOptions.parse(args);
        if (options.version()) {
            System.out.println("Holdfast " + version());
            return;
        }
        if (options.help() || !options.unknown().isEmpty()) {
            if (!options.unknown().isEmpty()) {
                System.err.println("holdfast: unknown option " + options.unknown().get(0));
            }
            (options.help() ? System.out : System.err).print(LaunchOptions.USAGE);
            System.exit(options.help() ? 0 : 2);
            return;
        }
        StateDirectory state;
        try {
            state = StateDirectory.fromEnvironment().open();
            PrivateFiles.createDirectories(state.logsDir());
            NativeLibraryDirectory.install(NativeLibraryDirectory.defaultLocation(
                    System.getenv(), System.getProperty("os.name"), Path.of(System.getProperty("user.home"))));
        } catch (IOException e) {
            System.err.println("holdfast: cannot prepare its state directory: " + e.getMessage());
            System.exit(1);
            return;
        }
        LogFiles.install(state.logsDir());
        quietJavaFxConsole();
        HoldfastApplication.prepare(prepareLaunch(state, options));
        Application.launch(HoldfastApplication.class, args);
    }

    // Held so the level set below is not lost when the logger is garbage-collected.
    private static final java.util.logging.Logger JAVAFX_LOGGER = java.util.logging.Logger.getLogger("javafx");

    /**
     * JavaFX warns on the console that it runs from the class path ("Unsupported JavaFX configuration"); that
     * is our deliberate choice (see the class comment), and users should not see it in their terminal.
     */
    private static void quietJavaFxConsole() {
        JAVAFX_LOGGER.setLevel(java.util.logging.Level.SEVERE);
    }

    /**
     * Sentinel, settings, checkpoint recovery and the restore decision: disk work done here, before the FX thread
     * exists. The order matters: the sentinel says how the last launch ended; after a clean end the checkpoint
     * directory is cleared before anything is restored (also when restore is off); after a crash the crashed
     * launch's checkpoints are merged into its last snapshot.
     */
    private static LaunchContext prepareLaunch(StateDirectory state, LaunchOptions options) {
        Clock clock = Clock.systemDefaultZone();
        LaunchSentinel sentinel = new LaunchSentinel(state, clock, UUID::randomUUID, ProcessTable.system());
        Optional<Instant> lastAlive = sentinel.previousLastAlive();
        LaunchRecord launch;
        List<String> notices = new ArrayList<>();
        try {
            launch = sentinel.acquire();
        } catch (IOException e) {
            // Without a sentinel the next launch cannot tell a crash; everything else still works.
            LoggerFactory.getLogger(Main.class).warn("Could not write the launch sentinel: {}", e.toString());
            notices.add("Holdfast could not write its launch marker (" + e.getMessage() + "); crash recovery is off.");
            launch = new LaunchRecord(UUID.randomUUID(), clock.instant(), null, false, false);
            sentinel = null;
        }
        SettingsFile.Loaded settings = new SettingsFile().read(
                state.configDirectory().resolve(SettingsFile.FILE_NAME), Settings.defaults());
        notices.addAll(settings.problems());
        Boolean systemDark = settings.settings().theme() == Theme.SYSTEM
                ? SystemAppearance.prefersDark(System.getProperty("os.name", "")) : null;
        boolean disabled = StartupRestore.restoreDisabled(options.noRestore(), System.getenv())
                || !settings.settings().restoreSessions();

        Settings.SaveTiming timing = settings.settings().saveTiming();
        CheckpointSettings checkpointSettings = CheckpointSettings.forLaunch(System.getenv(), System.getProperties())
                .withTiming(seconds(timing.autosaveSeconds()), seconds(timing.checkpointIntervalSeconds()),
                        seconds(timing.typingQuietSeconds()));
        ScrollbackStore store = new ScrollbackStore(state, clock, checkpointSettings.maxRecordBytes());
        CheckpointRecovery.Recovered recovered = new CheckpointRecovery(store)
                .recover(launch, checkpointSettings.enabled() && !disabled);
        if (!recovered.rejected().isEmpty()) {
            notices.add(recovered.rejected().size() + " scrollback checkpoint(s) could not be used and were set aside.");
        }

        StartupRestore restore = StartupRestore.decide(launch, disabled, new SessionSnapshotStore(state, clock));
        RestorePlan plan = null;
        if (restore.snapshot().isPresent()) {
            plan = RestorePlan.merge(restore.snapshot().get(), launch, recovered.checkpoints());
            restore = new StartupRestore(Optional.of(plan.snapshot()), restore.persist(), restore.notices());
        }
        boolean checkpointsOn = checkpointSettings.enabled() && recovered.checkpointsAllowed() && restore.persist();
        ShellIntegration shellIntegration = ShellIntegration.OFF;
        try {
            // Next to the native library cache: rebuilt from the jar whenever it is missing or stale.
            Path cache = NativeLibraryDirectory.defaultLocation(System.getenv(), System.getProperty("os.name"),
                    Path.of(System.getProperty("user.home"))).resolveSibling("shell-integration");
            shellIntegration = ShellIntegrationScripts.install(cache);
        } catch (IOException | RuntimeException e) {
            LoggerFactory.getLogger(Main.class).warn("Could not install the shell integration scripts", e);
            notices.add("Shell integration is off: its scripts could not be installed (" + e.getMessage() + ").");
        }
        if (!notices.isEmpty()) {
            List<String> all = new ArrayList<>(notices);
            all.addAll(restore.notices());
            restore = new StartupRestore(restore.snapshot(), restore.persist(), all);
        }
        return new LaunchContext(state, sentinel, launch, restore, settings, systemDark,
                new LaunchContext.Checkpoints(checkpointSettings.withEnabled(checkpointsOn), store, plan, lastAlive),
                shellIntegration);
    }

    private static Duration seconds(double s) {
        return Duration.ofMillis(Math.round(s * 1000));
    }

    static String version() {
        try (InputStream in = Main.class.getResourceAsStream("/dev/holdfast/app/version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
