package dev.holdfast.app;

import dev.holdfast.app.activity.ClockNotices;
import dev.holdfast.app.autosave.ScrollbackExporter;
import dev.holdfast.app.restore.StartupRestore;
import dev.holdfast.app.settings.Settings;
import dev.holdfast.app.settings.SettingsFile;
import dev.holdfast.app.settings.SystemAppearance;
import dev.holdfast.app.settings.Theme;
import dev.holdfast.checkpoint.clocks.ClockStoreSettings;
import dev.holdfast.checkpoint.clocks.PaneClocks;
import dev.holdfast.checkpoint.scrollback.CheckpointRecovery;
import dev.holdfast.checkpoint.scrollback.CheckpointSettings;
import dev.holdfast.checkpoint.scrollback.RestorePlan;
import dev.holdfast.checkpoint.scrollback.ScrollbackStore;
import dev.holdfast.checkpoint.scrollback.StartupCleanup;
import dev.holdfast.checkpoint.session.InstanceLock;
import dev.holdfast.checkpoint.session.LaunchRecord;
import dev.holdfast.checkpoint.session.LaunchSentinel;
import dev.holdfast.checkpoint.session.ProcessTable;
import dev.holdfast.checkpoint.session.SessionSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshotStore;
import dev.holdfast.checkpoint.session.WindowFrame;
import dev.holdfast.checkpoint.store.StateDirectory;
import dev.holdfast.checkpoint.store.StateHousekeeping;
import dev.holdfast.terminal.pty.NativeLibraryDirectory;
import dev.holdfast.terminal.shell.ShellIntegration;
import dev.holdfast.terminal.shell.ShellIntegrationScripts;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything a launch decides from disk before the FX thread exists, in the order that keeps every earlier
 * launch's data safe:
 * <ol>
 *   <li>the instance lock: without it this launch is a second instance and writes nothing at all;</li>
 *   <li>housekeeping (temporary files, old quarantined files, loose modes);</li>
 *   <li>the sentinel: how the last launch ended, and whose checkpoints are valid; this launch's claim, which
 *       may fail on a full disk — then nothing is deleted, and no checkpoint is written until it succeeds;</li>
 *   <li>settings, and the user's opt-out ({@code --no-restore}, {@code HOLDFAST_DISABLE_SESSION_RESTORE},
 *       {@code restoreSessions}), which turns restore, saving and checkpoints off and deletes nothing;</li>
 *   <li>checkpoint recovery, then the session and the merge;</li>
 *   <li>the pane clock store ({@code panes.sqlite}), read once in bulk, when this launch saves the session.</li>
 * </ol>
 * Bad or missing state never stops a launch: what could not be done is said in the window's notices.
 */
final class LaunchPreparation {

    private static final Logger LOG = LoggerFactory.getLogger(LaunchPreparation.class);
    /** Where a window restored from checkpoints alone opens: no saved session says where it was. */
    static final WindowFrame NO_SAVED_WINDOW = new WindowFrame(80, 60, 1000, 700, false);

    /** Inputs, all explicit so a test can run a launch against a temporary directory. */
    record Inputs(StateDirectory state, String stateProblem, LaunchOptions options, Map<String, String> environment,
                  Properties systemProperties, Clock clock, ProcessTable processes, Supplier<UUID> launchIds,
                  String osName) {
        Inputs {
            Objects.requireNonNull(state, "state");
            Objects.requireNonNull(options, "options");
            Objects.requireNonNull(environment, "environment");
            Objects.requireNonNull(systemProperties, "systemProperties");
            Objects.requireNonNull(clock, "clock");
            Objects.requireNonNull(processes, "processes");
            Objects.requireNonNull(launchIds, "launchIds");
        }
    }

    private LaunchPreparation() {
    }

    /**
     * @param in {@link Inputs#stateProblem()} is why the state directory could not be prepared, or null
     */
    static LaunchContext prepare(Inputs in) {
        StateDirectory state = in.state();
        List<String> notices = new ArrayList<>();
        InstanceLock lock = null;
        LaunchSentinel sentinel = null;
        Optional<Instant> lastAlive = Optional.empty();
        LaunchRecord launch;
        String unwritable = in.stateProblem();
        boolean secondInstance = false;
        // The session is the most a launch reads (megabytes of JSON with every tab's scrollback): read beside the
        // lock, the sentinel, the settings and the checkpoints, which it does not depend on. Reading moves nothing;
        // what was read is used only if this launch owns the directory and restores.
        SessionSnapshotStore sessionStore = new SessionSnapshotStore(state, in.clock());
        StartupTask<SessionSnapshotStore.SessionFiles> sessionFiles = StartupTask.start("holdfast-session-read",
                sessionStore::read);
        if (unwritable == null) {
            InstanceLock.Attempt attempt = InstanceLock.tryAcquire(state);
            if (attempt instanceof InstanceLock.Acquired acquired) {
                lock = acquired.lock();
            } else if (attempt instanceof InstanceLock.HeldElsewhere) {
                secondInstance = true;
            } else {
                unwritable = ((InstanceLock.Failed) attempt).reason();
            }
        }
        if (lock != null) {
            new StateHousekeeping(in.clock()).tidy(state);
            sentinel = new LaunchSentinel(state, in.clock(), in.launchIds(), in.processes());
            lastAlive = sentinel.previousLastAlive();
            // A claim that fails is said in the window by the app, and taken away once it succeeds.
            launch = sentinel.acquire(lock);
        } else if (secondInstance) {
            launch = LaunchRecord.secondInstance(in.launchIds().get(), in.clock().instant());
        } else {
            LOG.warn("State directory {} cannot be written ({}); this launch saves nothing", state.root(), unwritable);
            notices.add("Holdfast cannot write to its state directory " + state.root() + " (" + unwritable
                    + "): nothing will be saved or checkpointed in this session.");
            launch = LaunchRecord.afterCleanExit(in.launchIds().get(), in.clock().instant());
        }
        boolean ownsState = lock != null;

        SettingsFile.Loaded settings = new SettingsFile().read(
                state.configDirectory().resolve(SettingsFile.FILE_NAME), Settings.defaults());
        notices.addAll(settings.problems());
        Boolean systemDark = settings.settings().theme() == Theme.SYSTEM
                ? SystemAppearance.prefersDark(in.osName() == null ? "" : in.osName()) : null;
        boolean restoreOff = StartupRestore.restoreDisabled(in.options().noRestore(), in.environment(),
                settings.settings().restoreSessions());

        Settings.SaveTiming timing = settings.settings().saveTiming();
        ClockNotices clockNotices = new ClockNotices();
        // The clocks database is opened beside the checkpoints' recovery (neither reads the other's files): a
        // launch waits for the slower of the two, not for both. The store is used only when this launch saves.
        StartupTask<PaneClocks> clocks = ownsState && StartupRestore.persists(launch, restoreOff)
                ? openClocks(in, launch, timing, clockNotices)
                : StartupTask.done(null);
        CheckpointSettings checkpointSettings = CheckpointSettings.forLaunch(in.systemProperties())
                .withTiming(seconds(timing.autosaveSeconds()), seconds(timing.checkpointIntervalSeconds()),
                        seconds(timing.typingQuietSeconds()));
        ScrollbackStore store = new ScrollbackStore(state, in.clock(), checkpointSettings.maxRecordBytes());
        CheckpointRecovery.Recovered recovered;
        if (ownsState) {
            ScrollbackExporter trimmer = new ScrollbackExporter(checkpointSettings);
            recovered = new CheckpointRecovery(store, trimmer::trim, checkpointSettings)
                    .recover(launch, checkpointSettings.enabled() && !restoreOff);
            if (!recovered.rejected().isEmpty()) {
                notices.add(recovered.rejected().size() + " scrollback checkpoint(s) could not be used and were set aside.");
            }
        } else {
            recovered = new CheckpointRecovery.Recovered(new StartupCleanup.LeaveAlone("this launch does not own "
                    + state.root()), List.of(), List.of());
        }

        StartupRestore restore = StartupRestore.decide(launch, restoreOff, sessionStore, sessionFiles::await);
        if (!ownsState && restore.persist()) {
            // Read-only: what is there may be restored, but nothing may be written.
            restore = new StartupRestore(restore.snapshot(), restore.withScrollback(), false, restore.notices());
        }
        RestorePlan plan = null;
        if (restore.snapshot().isEmpty() && restore.persist() && !recovered.checkpoints().isEmpty()) {
            // No session to read, yet a crashed launch left scrollback: its tabs come back from their checkpoints.
            SessionSnapshot fromCheckpoints = RestorePlan.fromCheckpointsAlone(recovered.checkpoints(),
                    NO_SAVED_WINDOW);
            LOG.info("Launch {}: no saved session; restoring {} tab(s) from their checkpoints", launch.launchId(),
                    fromCheckpoints.panels().size());
            List<String> told = new ArrayList<>(restore.notices());
            told.add("No saved session could be read: " + fromCheckpoints.panels().size()
                    + " tab(s) came back from their scrollback checkpoints, in your home directory.");
            restore = new StartupRestore(Optional.of(fromCheckpoints), null, true, told);
        }
        if (restore.snapshot().isPresent()) {
            plan = RestorePlan.merge(restore.snapshot().get(), restore.withScrollback(), recovered.checkpoints());
            restore = new StartupRestore(Optional.of(plan.snapshot()), null, restore.persist(), restore.notices());
        }
        boolean checkpointsOn = checkpointSettings.enabled() && ownsState && recovered.checkpointsAllowed()
                && restore.persist();
        ShellIntegration shellIntegration = ShellIntegration.OFF;
        try {
            // Next to the native library cache: rebuilt from the jar whenever it is missing or stale.
            Path cache = NativeLibraryDirectory.defaultLocation(in.environment(), in.osName(),
                    Path.of(in.systemProperties().getProperty("user.home"))).resolveSibling("shell-integration");
            shellIntegration = ShellIntegrationScripts.install(cache);
        } catch (IOException | RuntimeException e) {
            LOG.warn("Could not install the shell integration scripts", e);
            notices.add("Shell integration is off: its scripts could not be installed (" + e.getMessage() + ").");
        }
        if (!notices.isEmpty()) {
            restore = restore.withNoticesFirst(notices);
        }
        PaneClocks paneClocks = clocks.await();
        return new LaunchContext(state, lock, sentinel, launch, restore, settings, systemDark,
                new LaunchContext.Checkpoints(checkpointSettings.withEnabled(checkpointsOn), store, plan, lastAlive),
                shellIntegration, new LaunchContext.Clocks(paneClocks, clockNotices));
    }

    /**
     * Reads the clocks once, in bulk, before any tab exists; a store that cannot be used leaves clocks in memory only.
     */
    private static StartupTask<PaneClocks> openClocks(Inputs in, LaunchRecord launch, Settings.SaveTiming timing,
                                                      ClockNotices notices) {
        StateDirectory state = in.state();
        return StartupTask.start("holdfast-pane-clocks-open", () -> {
            Path sqliteNatives = NativeLibraryDirectory.defaultLocation(in.environment(), in.osName(),
                    Path.of(in.systemProperties().getProperty("user.home", state.root().toString()))).resolve("sqlite");
            return PaneClocks.open(state.panesDatabase(), sqliteNatives,
                    new PaneClocks.Launch(launch.launchId(), in.processes().self(), launch.startedAt(), true),
                    ClockStoreSettings.DEFAULT.withWriteBackoff(seconds(timing.clockRetrySeconds())), in.clock(),
                    in.processes(), new NamedThreadFactory("holdfast-pane-clocks", true), notices);
        });
    }

    private static Duration seconds(double s) {
        return Duration.ofMillis(Math.round(s * 1000));
    }
}
