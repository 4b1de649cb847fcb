package dev.holdfast.checkpoint.session;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * The JSON in {@code launch.sentinel}: which launch holds it, in which process, which earlier launches' checkpoints
 * it still carries, and — once it has ended — how. The last three fields came after the first release; a
 * sentinel without them reads as a crash that inherited nothing, which is what it was.
 *
 * @param inherited         earlier launches whose checkpoints this launch has not yet taken over, newest first
 * @param inheritsAnyLaunch the sentinel this launch found was unreadable, so every valid record is inherited
 * @param ending            null while the launch runs (or after it crashed); otherwise how it ended
 * @param endingReason      for {@link Ending#QUIT_WITHOUT_SAVING}, why the save failed
 */
record SentinelContents(ProcessIdentity process, UUID launchId, Instant startedAt, List<UUID> inherited,
                        boolean inheritsAnyLaunch, Ending ending, String endingReason) {

    /** How a launch that did not delete its sentinel ended anyway. */
    enum Ending {
        /** It quit, but its quit save failed: what it left is its autosave and its checkpoints. */
        QUIT_WITHOUT_SAVING,
        /** It quit cleanly without saving (restore was off) and leaves its inherited checkpoints to the next. */
        ENDED_KEEPING_CHECKPOINTS
    }

    SentinelContents {
        Objects.requireNonNull(process, "process is missing");
        Objects.requireNonNull(launchId, "launchId is missing");
        Objects.requireNonNull(startedAt, "startedAt is missing");
        inherited = inherited == null ? List.of() : List.copyOf(inherited);
    }

    /** A running launch's claim. */
    static SentinelContents running(ProcessIdentity process, UUID launchId, Instant startedAt, CheckpointOwners owners) {
        return new SentinelContents(process, launchId, startedAt, owners.launches(), owners.anyLaunch(), null, null);
    }

    SentinelContents ended(Ending how, String reason) {
        return new SentinelContents(process, launchId, startedAt, inherited, inheritsAnyLaunch, how, reason);
    }

    SentinelContents inheritingNothing() {
        return new SentinelContents(process, launchId, startedAt, List.of(), false, ending, endingReason);
    }
}
