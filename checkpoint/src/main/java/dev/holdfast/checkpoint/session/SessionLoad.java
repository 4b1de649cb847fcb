package dev.holdfast.checkpoint.session;

import java.util.List;
import java.util.Objects;

/** What {@link SessionSnapshotStore#load()} found. Notices are one-line messages for the user's restore report. */
public sealed interface SessionLoad {

    /** Which file the snapshot came from. */
    enum Source {
        CURRENT,
        PREVIOUS,
        /** {@code session.scrollback.json}: both snapshots after it were unusable. */
        SCROLLBACK
    }

    /**
     * A snapshot to restore; the notices say what was skipped to get it (empty when session.json was fine).
     *
     * @param withScrollback the last snapshot saved with scrollback ({@code session.scrollback.json}), kept
     *                       because later autosaves carry none; null when there is none or it is the snapshot
     *                       itself. The restore merge may take a tab's scrollback from it.
     */
    record Loaded(SessionSnapshot snapshot, Source source, List<String> notices, SessionSnapshot withScrollback)
            implements SessionLoad {
        public Loaded {
            Objects.requireNonNull(snapshot, "snapshot");
            Objects.requireNonNull(source, "source");
            notices = List.copyOf(notices);
        }

        public Loaded(SessionSnapshot snapshot, Source source, List<String> notices) {
            this(snapshot, source, notices, null);
        }
    }

    /** No saved session at all: a first launch, or the files were removed. */
    record Missing() implements SessionLoad {
    }

    /** Saved sessions existed but none could be used; each was moved aside. */
    record Unreadable(List<String> notices) implements SessionLoad {
        public Unreadable {
            notices = List.copyOf(notices);
            if (notices.isEmpty()) {
                throw new IllegalArgumentException("an unreadable session says why");
            }
        }
    }
}
