package dev.holdfast.terminal.export;

import com.techsenger.jeditermfx.core.model.LinesBuffer;
import java.util.Objects;

/**
 * Where an incremental capture left off in a terminal's history: every history row before {@code end} (counted
 * from the first row the history ever held) is already in the checkpoint. Valid only for the same history
 * buffer with no edit since ({@code rewrites} unchanged): a resize reflows the history, a clear empties it, and
 * then the next capture copies the whole tail again.
 *
 * @param history  the history buffer the capture read (compared by identity)
 * @param rewrites that buffer's {@code RingLinesBuffer.rewrites()} at the capture
 * @param end      the absolute index of the first history row not yet captured as history
 */
public record HistoryMark(LinesBuffer history, long rewrites, long end) {

    public HistoryMark {
        Objects.requireNonNull(history, "history");
        if (end < 0) {
            throw new IllegalArgumentException("end must not be negative: " + end);
        }
    }
}
