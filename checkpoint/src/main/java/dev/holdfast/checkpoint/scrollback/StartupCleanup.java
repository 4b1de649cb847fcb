package dev.holdfast.checkpoint.scrollback;

import dev.holdfast.checkpoint.session.LaunchRecord;
import java.util.Objects;
import java.util.UUID;

/**
 * What a launch does with the checkpoint directory it finds, decided before the restore decision. Pure.
 *
 * <p>A record is valid only for the launch it names and the launch right after it. So everything in the
 * directory is dead at startup except the checkpoints of a previous launch that ended uncleanly — and those
 * only while this launch merges them.
 */
public sealed interface StartupCleanup {

    /**
     * Delete the directory. After a clean exit this happens whether or not restore is on: restore reuses panel
     * ids, and a launch after a clean quit that crashed before its first checkpoint would otherwise have matched
     * the quit launch's leftovers and replayed older scrollback.
     */
    record DeleteAll(String reason) implements StartupCleanup {
        public DeleteAll {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** Read the checkpoints of the launch that ended uncleanly, for the merge. */
    record ReadPrevious(UUID launchId) implements StartupCleanup {
        public ReadPrevious {
            Objects.requireNonNull(launchId, "launchId");
        }
    }

    /**
     * Touch nothing: another Holdfast on this state directory is still running and owns the files. This launch
     * must not checkpoint either, or its prunes would delete that launch's files.
     */
    record LeaveAlone(String reason) implements StartupCleanup {
        public LeaveAlone {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * @param mergeEnabled whether this launch merges checkpoints ({@link CheckpointSettings#enabled()})
     */
    static StartupCleanup decide(LaunchRecord launch, boolean mergeEnabled) {
        if (launch.previousStillRunning()) {
            return new LeaveAlone("launch " + launch.previousLaunchId() + " is still running on this state directory");
        }
        if (!launch.previousWasUnclean()) {
            return new DeleteAll("the previous launch exited cleanly, or there was none");
        }
        if (launch.previousLaunchId() == null) {
            return new DeleteAll("the previous launch ended uncleanly but its sentinel does not say which launch it"
                    + " was, so no checkpoint can be proven to be its own");
        }
        if (!mergeEnabled) {
            return new DeleteAll("session restore is off; checkpoints of launch " + launch.previousLaunchId()
                    + " could only ever be merged by this launch");
        }
        return new ReadPrevious(launch.previousLaunchId());
    }
}
