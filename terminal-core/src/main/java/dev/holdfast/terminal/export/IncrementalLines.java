package dev.holdfast.terminal.export;

import java.util.Objects;

/**
 * An incremental capture: the complete lines that entered the history since the mark it was given (or, when it
 * could not continue from it, every complete history line of the tail), and the rows after them — the screen, with
 * a line that still wraps onto it. Format each part with {@link VtExport#formatLines} and
 * {@link VtExport#format}; joined, they are the export of the whole.
 *
 * @param appends  true when {@code history} holds only what came after the mark; false when this is the whole
 *                 tail and replaces what was kept
 * @param history  complete lines, oldest first
 * @param screen   the rows after them
 * @param next     where the next capture may continue from
 */
public record IncrementalLines(boolean appends, CapturedLines history, CapturedLines screen, HistoryMark next) {

    public IncrementalLines {
        Objects.requireNonNull(history, "history");
        Objects.requireNonNull(screen, "screen");
    }
}
