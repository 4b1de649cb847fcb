package dev.holdfast.checkpoint.scrollback;

import dev.holdfast.checkpoint.session.CheckpointOwners;
import dev.holdfast.checkpoint.session.LaunchRecord;
import java.util.Objects;

/**
 * What a launch does with the checkpoint directory it finds, decided before the restore decision. Pure.
 *
 * <p>A record is valid while its launch is among the {@link CheckpointOwners}: the launch that ended uncleanly
 * right before this one, and the earlier launches whose records nobody has durably taken over since. Everything
 * else in the directory is dead.
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

    /** Read the records of the owners, for the merge; files of other launches are outdated. */
    record ReadOwned(CheckpointOwners owners) implements StartupCleanup {
        public ReadOwned {
            Objects.requireNonNull(owners, "owners");
            if (owners.isEmpty()) {
                throw new IllegalArgumentException("nothing to read");
            }
        }
    }

    /**
     * Touch nothing and write nothing: another Holdfast owns the directory, or this launch does not restore
     * (so the records stay valid for a later launch that does: {@code --no-restore} after a crash keeps the
     * crash's scrollback).
     */
    record LeaveAlone(String reason) implements StartupCleanup {
        public LeaveAlone {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * @param mergeCheckpoints whether this launch restores and merges checkpoints
     */
    static StartupCleanup decide(LaunchRecord launch, boolean mergeCheckpoints) {
        if (launch.previousStillRunning()) {
            return new LeaveAlone("another Holdfast is running on this state directory");
        }
        if (launch.owners().isEmpty()) {
            return new DeleteAll("the previous launch exited cleanly, or there was none");
        }
        if (!mergeCheckpoints) {
            return new LeaveAlone("this launch does not restore; the checkpoints of " + launch.owners()
                    + " stay for one that does");
        }
        return new ReadOwned(launch.owners());
    }
}
