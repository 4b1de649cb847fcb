package dev.holdfast.checkpoint.clocks;

import dev.holdfast.checkpoint.session.ProcessIdentity;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * A launch of Holdfast as the clock store knows it: which lineage it belongs to and which process ran it (to tell
 * whether that instance is provably gone).
 *
 * @param ownsSession the launch restores and saves the session (it continues the lineage); false for a launch
 *     that starts fresh and leaves the session alone (another Holdfast running, restore turned off)
 */
public record LaunchRow(UUID launchId, UUID lineageId, ProcessIdentity process, Instant startedAt,
                        boolean ownsSession) {
    public LaunchRow {
        Objects.requireNonNull(launchId, "launchId");
        Objects.requireNonNull(lineageId, "lineageId");
        Objects.requireNonNull(process, "process");
        Objects.requireNonNull(startedAt, "startedAt");
    }
}
