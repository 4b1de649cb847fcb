package dev.holdfast.app;

import dev.holdfast.app.restore.StartupRestore;
import dev.holdfast.app.settings.SettingsFile;
import dev.holdfast.checkpoint.session.LaunchRecord;
import dev.holdfast.checkpoint.session.LaunchSentinel;
import dev.holdfast.checkpoint.store.StateDirectory;
import java.io.IOException;
import java.nio.file.Path;
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
    private volatile boolean released;

    LaunchContext(StateDirectory state, LaunchSentinel sentinel, LaunchRecord launch, StartupRestore restore,
                  SettingsFile.Loaded settings, Boolean systemPrefersDark) {
        this.state = state;
        this.sentinel = sentinel;
        this.launch = launch;
        this.restore = restore;
        this.settings = settings;
        this.systemPrefersDark = systemPrefersDark;
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
