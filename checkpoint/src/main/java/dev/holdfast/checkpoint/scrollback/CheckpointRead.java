package dev.holdfast.checkpoint.scrollback;

import java.nio.file.Path;
import java.util.Objects;

/** What reading one checkpoint file gave. */
public sealed interface CheckpointRead {

    Path file();

    /** A record the restore may merge. */
    record Accepted(Path file, ScrollbackRecord record) implements CheckpointRead {
        public Accepted {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(record, "record");
        }
    }

    /** A file that was not used, and why; it was moved aside or, when merely outdated, deleted. */
    record Rejected(Path file, String reason) implements CheckpointRead {
        public Rejected {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(reason, "reason");
        }
    }
}
