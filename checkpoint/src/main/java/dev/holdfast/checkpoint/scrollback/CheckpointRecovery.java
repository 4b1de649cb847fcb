package dev.holdfast.checkpoint.scrollback;

import dev.holdfast.checkpoint.session.LaunchRecord;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The startup half of checkpoints: cleans up or reads the directory, per {@link StartupCleanup}. */
public final class CheckpointRecovery {

    private static final Logger log = LoggerFactory.getLogger(CheckpointRecovery.class);

    private final ScrollbackStore store;

    public CheckpointRecovery(ScrollbackStore store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    /**
     * A startup thread, never the UI thread, after the sentinel is acquired and before the restore decision.
     * Never throws for bad or missing files.
     *
     * @param mergeEnabled whether this launch merges checkpoints ({@link CheckpointSettings#enabled()})
     */
    public Recovered recover(LaunchRecord launch, boolean mergeEnabled) {
        StartupCleanup cleanup = StartupCleanup.decide(launch, mergeEnabled);
        if (cleanup instanceof StartupCleanup.DeleteAll deleteAll) {
            try {
                store.deleteAll();
                log.debug("Deleted the checkpoints in {}: {}", store.directory(), deleteAll.reason());
            } catch (IOException e) {
                // Not fatal: whatever is left names an older launch, and no later launch will merge it.
                log.warn("Could not delete the checkpoints in {} ({})", store.directory(), deleteAll.reason(), e);
            }
            return new Recovered(cleanup, List.of(), List.of());
        }
        if (cleanup instanceof StartupCleanup.ReadPrevious readPrevious) {
            List<ScrollbackRecord> accepted = new ArrayList<>();
            List<CheckpointRead.Rejected> rejected = new ArrayList<>();
            for (CheckpointRead read : store.readAll(readPrevious.launchId())) {
                if (read instanceof CheckpointRead.Accepted ok) {
                    accepted.add(ok.record());
                } else {
                    rejected.add((CheckpointRead.Rejected) read);
                }
            }
            log.info("Found {} checkpoints of launch {}, which ended uncleanly ({} rejected)",
                    accepted.size(), readPrevious.launchId(), rejected.size());
            return new Recovered(cleanup, accepted, rejected);
        }
        log.info("Leaving the checkpoints in {} alone: {}", store.directory(),
                ((StartupCleanup.LeaveAlone) cleanup).reason());
        return new Recovered(cleanup, List.of(), List.of());
    }

    /**
     * @param checkpoints what {@link RestorePlan#merge} takes
     * @param rejected    files not used, with why, for the restore report
     */
    public record Recovered(StartupCleanup cleanup, List<ScrollbackRecord> checkpoints,
                            List<CheckpointRead.Rejected> rejected) {

        public Recovered {
            Objects.requireNonNull(cleanup, "cleanup");
            checkpoints = List.copyOf(checkpoints);
            rejected = List.copyOf(rejected);
        }

        /** False when another running launch owns the directory: build the coordinator disabled then. */
        public boolean checkpointsAllowed() {
            return !(cleanup instanceof StartupCleanup.LeaveAlone);
        }
    }
}
