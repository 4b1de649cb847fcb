package dev.holdfast.app;

import dev.holdfast.app.activity.ClockNotices;
import dev.holdfast.app.autosave.QuitSave;
import dev.holdfast.app.restore.StartupRestore;
import dev.holdfast.app.settings.SettingsFile;
import dev.holdfast.checkpoint.clocks.PaneClocks;
import dev.holdfast.checkpoint.scrollback.CheckpointSettings;
import dev.holdfast.checkpoint.scrollback.RestorePlan;
import dev.holdfast.checkpoint.scrollback.ScrollbackStore;
import dev.holdfast.checkpoint.session.InstanceLock;
import dev.holdfast.checkpoint.session.LaunchRecord;
import dev.holdfast.checkpoint.session.LaunchSentinel;
import dev.holdfast.checkpoint.store.StateDirectory;
import dev.holdfast.terminal.shell.ShellIntegration;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What {@link LaunchPreparation} prepared before the toolkit started (all of it disk work, kept off the FX
 * thread): the state directory and this launch's hold on it, its sentinel, and the restore decision. Every method
 * that touches the disk is for a background thread.
 */
final class LaunchContext {
    private static final Logger LOG = LoggerFactory.getLogger(LaunchContext.class);

    private final StateDirectory state;
    private final InstanceLock lock;
    private final LaunchSentinel sentinel;
    private final LaunchRecord launch;
    private final StartupRestore restore;
    private final SettingsFile.Loaded settings;
    private final Boolean systemPrefersDark;
    private final Checkpoints checkpoints;
    private final ShellIntegration shellIntegration;
    private final Clocks clocks;

    /**
     * The pane clock store of this launch.
     *
     * @param store the store, opened and preloaded, or null when this launch keeps clocks in memory only (restore
     *              off, a second instance, a state directory it cannot write)
     * @param notices the store's problems, for the notice bar
     */
    record Clocks(PaneClocks store, ClockNotices notices) {
    }

    /**
     * Crash-safe scrollback for this launch.
     *
     * @param settings          the checkpoint settings, enabled only when this launch checkpoints
     * @param plan              where each restored tab's scrollback came from, and what to seed back; null
     *                          without a restore
     * @param previousLastAlive when the previous launch was last known alive (its sentinel's heartbeat)
     */
    record Checkpoints(CheckpointSettings settings, ScrollbackStore store, RestorePlan plan,
                       Optional<Instant> previousLastAlive) {
    }

    /**
     * @param lock     this launch's hold on the state directory, or null when it has none (another Holdfast holds
     *                 it, or it cannot be written)
     * @param sentinel this launch's sentinel, or null without the lock
     */
    LaunchContext(StateDirectory state, InstanceLock lock, LaunchSentinel sentinel, LaunchRecord launch,
                  StartupRestore restore, SettingsFile.Loaded settings, Boolean systemPrefersDark,
                  Checkpoints checkpoints, ShellIntegration shellIntegration, Clocks clocks) {
        this.state = state;
        this.lock = lock;
        this.sentinel = sentinel;
        this.launch = launch;
        this.restore = restore;
        this.settings = settings;
        this.systemPrefersDark = systemPrefersDark;
        this.checkpoints = checkpoints;
        this.shellIntegration = shellIntegration;
        this.clocks = clocks;
    }

    /** Whether this launch holds the state directory's instance lock (owns its session), not another Holdfast. */
    public boolean ownsStateDirectory() {
        return lock != null;
    }

    Clocks clocks() {
        return clocks;
    }

    /** The installed shell integration scripts (off when they could not be installed). */
    ShellIntegration shellIntegration() {
        return shellIntegration;
    }

    Checkpoints checkpoints() {
        return checkpoints;
    }

    SettingsFile.Loaded settings() {
        return settings;
    }

    /** What the OS prefers, read at launch; null when it cannot be told. */
    Boolean systemPrefersDark() {
        return systemPrefersDark;
    }

    Path settingsFile() {
        return state.configDirectory().resolve(SettingsFile.FILE_NAME);
    }

    StateDirectory state() {
        return state;
    }

    LaunchRecord launch() {
        return launch;
    }

    StartupRestore restore() {
        return restore;
    }

    /** Whether this launch's sentinel is on disk, so that its checkpoints can be told apart after a crash. */
    boolean sentinelClaimed() {
        return sentinel != null && sentinel.isClaimed();
    }

    /** Why the sentinel is not on disk yet, for the notice. */
    Optional<String> sentinelProblem() {
        return sentinel == null ? Optional.empty() : sentinel.claimProblem();
    }

    /**
     * Background thread, every autosave tick: marks this launch alive (dates a crash for the next launch), or
     * tries again to write a sentinel that could not be written.
     *
     * @return true when the sentinel was written just now, after failing before
     */
    boolean heartbeat() {
        if (sentinel == null) {
            return false;
        }
        if (!sentinel.isClaimed()) {
            return sentinel.retryClaim();
        }
        sentinel.heartbeat();
        return false;
    }

    /**
     * Background thread, every autosave tick: the instance lock's file is still the one this launch holds (taken
     * again when something removed it). Empty without a lock.
     */
    Optional<InstanceLock.Hold> keepLock() {
        return lock == null ? Optional.empty() : Optional.of(lock.keep());
    }

    /** Background thread: every restored tab is on disk as this launch's own checkpoint. */
    void tookOver() {
        if (sentinel == null) {
            return;
        }
        try {
            sentinel.tookOver();
        } catch (IOException e) {
            // The inherited records simply stay valid a while longer; the next launch merges the newest of each.
            LOG.warn("Launch {}: could not note in the sentinel that it took its checkpoints over: {}",
                    launch.launchId(), e.toString());
        }
    }

    /** How this launch ends, told by the quit (on a background thread). */
    QuitSave.Ending ending() {
        return new QuitSave.Ending() {
            @Override
            public void saved() {
                end(true);
            }

            @Override
            public void nothingToSave() {
                end(false);
            }

            @Override
            public void failed(String reason) {
                if (sentinel != null) {
                    sentinel.endWithoutSaving(reason);
                }
            }
        };
    }

    private void end(boolean saved) {
        if (sentinel == null) {
            return;
        }
        try {
            sentinel.endCleanly(saved);
        } catch (IOException e) {
            LOG.warn("Launch {}: could not remove the launch sentinel: {}", launch.launchId(), e.toString());
        }
    }

    /** Last thing at exit: gives the state directory up (the process's end would too). */
    void releaseLock() {
        if (lock == null) {
            return;
        }
        try {
            lock.close();
        } catch (IOException e) {
            LOG.debug("Could not release the instance lock: {}", e.toString());
        }
    }
}
