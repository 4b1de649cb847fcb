package dev.holdfast.app;

import dev.holdfast.app.restore.StartupRestore;
import dev.holdfast.app.settings.SettingsFile;
import dev.holdfast.checkpoint.session.LaunchRecord;
import dev.holdfast.checkpoint.session.LaunchSentinel;
import dev.holdfast.checkpoint.store.StateDirectory;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import dev.holdfast.checkpoint.scrollback.CheckpointSettings;
import dev.holdfast.checkpoint.scrollback.RestorePlan;
import dev.holdfast.checkpoint.scrollback.ScrollbackStore;
import dev.holdfast.terminal.shell.ShellIntegration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What {@link Main} prepared before the toolkit started (all of it disk work, kept off the FX thread):
 * the state directory, this launch's sentinel, and the restore decision.
 */
final class LaunchContext {
    private static final Logger LOG = LoggerFactory.getLogger(LaunchContext.class);

    private final StateDirectory state;
    private final LaunchSentinel sentinel;
    private final LaunchRecord launch;
    private final StartupRestore restore;
    private final SettingsFile.Loaded settings;
    private final Boolean systemPrefersDark;
    private final Checkpoints checkpoints;
    private final ShellIntegration shellIntegration;
    private volatile boolean released;

    /**
     * Crash-safe scrollback for this launch.
     *
     * @param plan where each restored tab's scrollback came from, and what to seed back; null without a restore
     * @param previousLastAlive when the previous launch was last known alive (its sentinel's heartbeat)
     */
    record Checkpoints(CheckpointSettings settings, ScrollbackStore store, RestorePlan plan,
                       Optional<Instant> previousLastAlive) {
    }

    LaunchContext(StateDirectory state, LaunchSentinel sentinel, LaunchRecord launch, StartupRestore restore,
                  SettingsFile.Loaded settings, Boolean systemPrefersDark, Checkpoints checkpoints,
                  ShellIntegration shellIntegration) {
        this.checkpoints = checkpoints;
        this.shellIntegration = shellIntegration;
        this.state = state;
        this.sentinel = sentinel;
        this.launch = launch;
        this.restore = restore;
        this.settings = settings;
        this.systemPrefersDark = systemPrefersDark;
    }

    Checkpoints checkpoints() {
        return checkpoints;
    }

    /** The installed shell integration scripts (off when they could not be installed). */
    ShellIntegration shellIntegration() {
        return shellIntegration;
    }

    /** Marks this launch alive (dates a crash for the next launch). Disk work: off the FX thread. */
    void heartbeat() {
        if (sentinel != null) {
            sentinel.heartbeat();
        }
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

    /** Marks this launch as ended cleanly: the next launch will not treat it as a crash. */
    void releaseSentinel() {
        if (released || sentinel == null) {
            return;
        }
        released = true;
        try {
            sentinel.releaseOnCleanExit();
            LOG.info("Launch {} ended cleanly", launch.launchId());
        } catch (IOException e) {
            LOG.warn("Launch {}: could not remove the launch sentinel: {}", launch.launchId(), e.toString());
        }
    }
}
