package dev.holdfast.checkpoint.scrollback;

import java.util.UUID;

/** Takes a terminal's scrollback: implemented by the app over the emulator. */
@FunctionalInterface
public interface ScrollbackSource {

    /**
     * UI thread. Copies the panel's primary history and screen under the buffer lock — at most
     * {@link CheckpointSettings#tailLines()} lines, and nothing formatted — and returns the copy. The
     * coordinator has read the terminal's processed generation just before, so the copy reflects at least that.
     *
     * @throws RuntimeException when the copy failed; the terminal is then left out for a while
     */
    Capture capture(UUID panelId);

    /** A copy of a terminal's lines, independent of the terminal from now on. */
    @FunctionalInterface
    interface Capture {

        /**
         * Checkpoint executor, never the UI thread. The copy as replayable text (printable characters, CR LF
         * between lines, SGR only), untrimmed.
         *
         * @throws RuntimeException when it cannot be formatted; the terminal is then marked pending again
         */
        String format();
    }
}
