package dev.holdfast.checkpoint.session;

import java.util.Objects;
import java.util.UUID;

/** How the launch before this one ended, as its {@code launch.sentinel} says. */
public sealed interface PreviousLaunch {

    /** No sentinel: a first launch, or the previous launch saved and exited cleanly. */
    record None() implements PreviousLaunch {
    }

    /** The sentinel names a launch that ended without cleaning up: crash, kill -9, power cut. */
    record Crashed(UUID launchId) implements PreviousLaunch {
        public Crashed {
            Objects.requireNonNull(launchId, "launchId");
        }
    }

    /** The launch quit, but could not save its session: its autosave and checkpoints are what is left. */
    record QuitWithoutSaving(UUID launchId, String reason) implements PreviousLaunch {
        public QuitWithoutSaving {
            Objects.requireNonNull(launchId, "launchId");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * The launch exited cleanly without restoring or saving (restore was off), leaving the checkpoints of an
     * earlier crash for a launch that restores.
     */
    record EndedKeepingCheckpoints(UUID launchId) implements PreviousLaunch {
        public EndedKeepingCheckpoints {
            Objects.requireNonNull(launchId, "launchId");
        }
    }

    /** The sentinel could not be read: some launch ended uncleanly, but which one is unknown. */
    record Unknown(String reason) implements PreviousLaunch {
        public Unknown {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** Another Holdfast holds this state directory now; this launch neither judged nor touched its sentinel. */
    record StillRunning() implements PreviousLaunch {
    }
}
