package dev.holdfast.checkpoint.session;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * This launch, how the previous one ended, and whose scrollback checkpoints are valid now.
 *
 * @param launchId  this launch's identity, written into its sentinel and its checkpoint records
 * @param startedAt when this launch judged the sentinel
 * @param previous  how the launch before ended
 * @param owners    the launches whose checkpoint records may be merged into this launch's restore; this launch
 *                  inherits them until it has written what it restored back as its own records
 */
public record LaunchRecord(UUID launchId, Instant startedAt, PreviousLaunch previous, CheckpointOwners owners) {

    public LaunchRecord {
        Objects.requireNonNull(launchId, "launchId");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(previous, "previous");
        Objects.requireNonNull(owners, "owners");
        if (previous instanceof PreviousLaunch.StillRunning && !owners.isEmpty()) {
            throw new IllegalArgumentException("a second instance inherits nothing from the running one");
        }
    }

    /** A launch that found another Holdfast running on its state directory: it owns nothing there. */
    public static LaunchRecord secondInstance(UUID launchId, Instant startedAt) {
        return new LaunchRecord(launchId, startedAt, new PreviousLaunch.StillRunning(), CheckpointOwners.NONE);
    }

    /** A first launch, or one after a clean exit. */
    public static LaunchRecord afterCleanExit(UUID launchId, Instant startedAt) {
        return new LaunchRecord(launchId, startedAt, new PreviousLaunch.None(), CheckpointOwners.NONE);
    }

    /** The previous launch ended without a clean exit: crashed, quit without saving, or unknown. */
    public boolean previousWasUnclean() {
        return previous instanceof PreviousLaunch.Crashed
                || previous instanceof PreviousLaunch.QuitWithoutSaving
                || previous instanceof PreviousLaunch.Unknown;
    }

    /** Another Holdfast runs on this state directory: this launch must neither restore nor write there. */
    public boolean previousStillRunning() {
        return previous instanceof PreviousLaunch.StillRunning;
    }

    /** The launch the sentinel named, or null when there was none or it was unreadable. */
    public UUID previousLaunchId() {
        if (previous instanceof PreviousLaunch.Crashed crashed) {
            return crashed.launchId();
        }
        if (previous instanceof PreviousLaunch.QuitWithoutSaving quit) {
            return quit.launchId();
        }
        if (previous instanceof PreviousLaunch.EndedKeepingCheckpoints kept) {
            return kept.launchId();
        }
        return null;
    }
}
