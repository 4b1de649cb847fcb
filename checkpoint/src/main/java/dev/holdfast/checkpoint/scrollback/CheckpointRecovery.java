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
    private final ScrollbackTrimmer trimmer;
    private final CheckpointSettings settings;

    /**
     * @param trimmer  keeps each record's tail: a file with appends can hold up to twice the tail until the
     *                 writer next rewrites it whole
     */
    public CheckpointRecovery(ScrollbackStore store, ScrollbackTrimmer trimmer, CheckpointSettings settings) {
        this.store = Objects.requireNonNull(store, "store");
        this.trimmer = Objects.requireNonNull(trimmer, "trimmer");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /**
     * A startup thread, never the UI thread, after the sentinel is judged and before the restore decision.
     * Never throws for bad or missing files.
     *
     * @param mergeCheckpoints whether this launch restores and merges checkpoints
     */
    public Recovered recover(LaunchRecord launch, boolean mergeCheckpoints) {
        StartupCleanup cleanup = StartupCleanup.decide(launch, mergeCheckpoints);
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
        if (cleanup instanceof StartupCleanup.ReadOwned owned) {
            List<ScrollbackRecord> accepted = new ArrayList<>();
            List<CheckpointRead.Rejected> rejected = new ArrayList<>();
            for (CheckpointRead read : store.readAll(owned.owners())) {
                if (read instanceof CheckpointRead.Accepted ok) {
                    accepted.add(tail(ok.record()));
                } else {
                    rejected.add((CheckpointRead.Rejected) read);
                }
            }
            log.info("Found {} checkpoints of {} ({} rejected)", accepted.size(), owned.owners(), rejected.size());
            return new Recovered(cleanup, accepted, rejected);
        }
        log.info("Leaving the checkpoints in {} alone: {}", store.directory(),
                ((StartupCleanup.LeaveAlone) cleanup).reason());
        return new Recovered(cleanup, List.of(), List.of());
    }

    private ScrollbackRecord tail(ScrollbackRecord record) {
        String text = record.scrollback();
        String kept = trimmer.keepEnd(text, settings.tailLines(), settings.tailChars());
        if (kept.equals(text)) {
            return record;
        }
        return ScrollbackRecord.of(record.panelId(), record.launchId(), record.capturedAt(), record.generation(),
                true, record.agent(), kept, Math.min(record.screenChars(), kept.length()));
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

        /** False when the directory is left alone: build the coordinator disabled then. */
        public boolean checkpointsAllowed() {
            return !(cleanup instanceof StartupCleanup.LeaveAlone);
        }
    }
}
