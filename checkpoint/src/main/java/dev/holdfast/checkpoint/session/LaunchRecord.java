package dev.holdfast.checkpoint.session;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * This launch, and how the previous one ended.
 *
 * @param launchId             this launch's identity, written into the sentinel
 * @param startedAt            when this launch acquired the sentinel
 * @param previousLaunchId     the launch whose sentinel was found, or null when there was none or it was
 *                             unreadable
 * @param previousWasUnclean   a sentinel was left by a launch that is no longer running (crash, kill -9, power
 *                             cut), or was unreadable: scrollback checkpoints should be merged into the restore
 * @param previousStillRunning the sentinel belongs to a Holdfast that is running now; this launch did not take
 *                             the sentinel over and must not treat that launch's files as left behind
 */
public record LaunchRecord(
        UUID launchId,
        Instant startedAt,
        UUID previousLaunchId,
        boolean previousWasUnclean,
        boolean previousStillRunning) {

    public LaunchRecord {
        Objects.requireNonNull(launchId, "launchId");
        Objects.requireNonNull(startedAt, "startedAt");
        if (previousWasUnclean && previousStillRunning) {
            throw new IllegalArgumentException("a launch that is still running has not ended, cleanly or not");
        }
    }
}
