package dev.holdfast.checkpoint.clocks;

import java.time.Duration;
import java.util.Objects;

/**
 * The clock store's numbers, with the design's defaults.
 *
 * @param writeBackoff after a failed write, no write is tried for this long (a failing disk must not slow the
 *     watcher); the failed row is not retried, the pane's next real change writes again
 * @param otherInstanceRetention rows of another instance are pruned once it is provably gone and its newest
 *     activity is this old
 * @param busyTimeout how long one statement waits for a lock another connection holds
 * @param closeTimeout how long closing waits for queued writes
 */
public record ClockStoreSettings(Duration writeBackoff, Duration otherInstanceRetention, Duration busyTimeout,
                                 Duration closeTimeout) {
    public static final Duration DEFAULT_WRITE_BACKOFF = Duration.ofSeconds(60);
    public static final Duration DEFAULT_OTHER_INSTANCE_RETENTION = Duration.ofDays(30);
    public static final Duration DEFAULT_BUSY_TIMEOUT = Duration.ofSeconds(1);
    public static final Duration DEFAULT_CLOSE_TIMEOUT = Duration.ofSeconds(3);
    /**
     * A {@code panes.sqlite} larger than this is not Holdfast's (a few hundred bytes a pane): it is set aside
     * unopened as damaged, as the session files over their limit are, and a fresh one made.
     */
    public static final long MAX_FILE_BYTES = 32L * 1024 * 1024;

    public static final ClockStoreSettings DEFAULT = new ClockStoreSettings(DEFAULT_WRITE_BACKOFF,
            DEFAULT_OTHER_INSTANCE_RETENTION, DEFAULT_BUSY_TIMEOUT, DEFAULT_CLOSE_TIMEOUT);

    public ClockStoreSettings {
        for (Duration d : new Duration[] {writeBackoff, otherInstanceRetention, busyTimeout, closeTimeout}) {
            Objects.requireNonNull(d, "a clock store duration");
            if (d.isNegative()) {
                throw new IllegalArgumentException("clock store durations must not be negative: " + d);
            }
        }
    }

    /** These settings with another wait after a failed write. */
    public ClockStoreSettings withWriteBackoff(Duration backoff) {
        return new ClockStoreSettings(backoff, otherInstanceRetention, busyTimeout, closeTimeout);
    }
}
