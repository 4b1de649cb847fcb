package dev.holdfast.app.activity;

import java.time.Duration;
import java.util.Objects;

/**
 * The watcher glue's own numbers (the classifier's are {@code ActivitySettings}).
 *
 * @param workingRowInterval a tab that stays working has its row written at most this often ({@link WorkingRowPacing})
 * @param fingerprintWait how long a save (quit, checkpoint) waits for the watcher to name the fingerprint of the screen
 *     it copied; past it the scrollback is saved without one, and the next start falls back for that tab
 */
public record WatcherSettings(Duration workingRowInterval, Duration fingerprintWait) {
    public static final Duration DEFAULT_WORKING_ROW_INTERVAL = Duration.ofSeconds(30);
    public static final Duration DEFAULT_FINGERPRINT_WAIT = Duration.ofSeconds(2);

    public static final WatcherSettings DEFAULT = new WatcherSettings(DEFAULT_WORKING_ROW_INTERVAL,
            DEFAULT_FINGERPRINT_WAIT);

    public WatcherSettings {
        Objects.requireNonNull(workingRowInterval, "workingRowInterval");
        Objects.requireNonNull(fingerprintWait, "fingerprintWait");
    }
}
