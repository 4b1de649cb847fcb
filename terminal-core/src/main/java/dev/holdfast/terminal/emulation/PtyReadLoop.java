package dev.holdfast.terminal.emulation;

import java.io.IOException;

/**
 * The reader thread's work: a terminal's PTY output into its model, until the PTY ends or the session closes.
 *
 * <p>The contract both parsers keep: the processed output generation is published only when the model holds every
 * read it counts (the library's loop just before each PTY read, Holdfast's after each slice of whole reads it
 * parsed, while its drain thread reads ahead), and once more at the end; replies go to the session's writer;
 * hyperlinks are reported once the model has everything up to their sequence. A sequence the model chokes on
 * costs that sequence, never the terminal.
 */
interface PtyReadLoop {
    /** Runs until the PTY's end. Throws when a read fails (the PTY went away). */
    void run() throws IOException;

    /**
     * Drops a control sequence the program has sent only part of, so that output after a reset is read afresh. Any
     * thread, holding the buffer lock (the loop parses only under it). The library's emulator offers no way to do
     * this: its loop keeps its place.
     */
    default void dropPartialSequence() {
    }
}
