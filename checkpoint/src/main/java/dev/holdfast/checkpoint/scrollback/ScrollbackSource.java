package dev.holdfast.checkpoint.scrollback;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/** Takes a terminal's scrollback: implemented by the app over the emulator. */
@FunctionalInterface
public interface ScrollbackSource {

    /**
     * UI thread. Copies the panel's primary history and screen under the buffer lock — nothing formatted, and
     * bounded before copying by the tail limits — and returns the copy. With {@code since}, what this source
     * returned as the continuation of the panel's last capture that reached the disk, the copy may hold only the
     * lines added since ({@link Capture#appends()}), so its cost does not grow with the history. The coordinator
     * has read the terminal's processed generation just before, so the copy reflects at least that.
     *
     * @param since where to continue from, or null to copy the whole tail
     * @return the copy, or null when the terminal was busy: its reader held the lock past a short try, and
     *     nothing was copied. The coordinator tries it once more later in the same checkpoint, then leaves it
     *     pending for the next, and never backs off for it: waiting for a preempted reader to let go of the lock
     *     was the UI thread's longest stall in a capture (109 ms, the load harness). A source may have the busy
     *     terminal's reader make the copy meanwhile, and return it when asked again with the same {@code since}
     *     ({@link Capture#earlierCopy()})
     * @throws RuntimeException when the copy failed; the terminal is then left out for a while
     */
    Capture capture(UUID panelId, Continuation since);

    /** Where a capture ended, as the source records it. The coordinator only keeps it and hands it back. */
    interface Continuation {
    }

    /** A copy of a terminal's lines, independent of the terminal from now on. */
    interface Capture {

        /**
         * True when the copy holds only what came after the continuation it was given: its history is to be
         * appended to the record; false when it is the whole tail.
         */
        boolean appends();

        /** Where this copy ended, to continue from next time, or null when it cannot be continued from. */
        Continuation continuation();

        /**
         * Present when this copy was made before the coordinator asked for it, by the terminal's own reader at the
         * end of a slice of output, after a capture found the terminal busy: it then reflects the processed
         * generation named here (not the one the coordinator read just before asking) as of that instant, and is
         * recorded as such. Empty for a copy made in the call.
         */
        default Optional<EarlierCopy> earlierCopy() {
            return Optional.empty();
        }

        /**
         * Checkpoint executor, never the UI thread. The copy as replayable text (printable characters, CR LF
         * between lines, SGR only), untrimmed.
         *
         * @throws RuntimeException when it cannot be formatted; the terminal is then marked pending again
         */
        CaptureText format();
    }

    /** When a copy made ahead of the coordinator's ask was made, and the processed generation it reflects. */
    record EarlierCopy(long generation, Instant at) {
        public EarlierCopy {
            if (generation < 0) {
                throw new IllegalArgumentException("a generation counts reads: " + generation);
            }
            Objects.requireNonNull(at, "at");
        }
    }
}
