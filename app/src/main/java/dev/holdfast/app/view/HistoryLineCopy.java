package dev.holdfast.app.view;

import com.techsenger.jeditermfx.core.model.LinesBuffer;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.scrollback.RingLinesBuffer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;

/**
 * The text of every line of a terminal (history and screen) copied a chunk at a time: each {@link #step} takes
 * the buffer lock, copies at most {@code chunkLines} lines and lets go, so the reader thread and the FX thread
 * never wait for more than one chunk however long the history is. Lines are addressed by {@link LineNumbers
 * line number}, so output that scrolls between two chunks neither shifts nor repeats what was copied.
 *
 * <p>The copy covers the lines that existed at the first step. Lines that left the top of the history before
 * their chunk was reached are copied as empty (they are gone; nothing can show them); when the buffer shrank
 * (history cleared, a resize rewrapped it) the copy ends where the buffer now ends.
 */
final class HistoryLineCopy {
    /**
     * A finished copy: {@code lines.get(i)} is line number {@code firstLine + i}, and {@code wrapped.get(i)} says
     * whether the terminal wrapped it onto the next line.
     */
    record Copied(long firstLine, List<String> lines, BitSet wrapped) {
    }

    private final TerminalTextBuffer buffer;
    private final int chunkLines;
    private final List<String> lines = new ArrayList<>();
    private final BitSet wrapped = new BitSet();
    private long firstLine = -1;
    private long next;
    private long end;
    private boolean done;

    HistoryLineCopy(TerminalTextBuffer buffer, int chunkLines) {
        if (chunkLines < 1) {
            throw new IllegalArgumentException("chunkLines must be at least 1: " + chunkLines);
        }
        this.buffer = buffer;
        this.chunkLines = chunkLines;
    }

    /**
     * Copies the next chunk under the buffer lock.
     *
     * @return true when the copy is complete
     */
    boolean step() {
        if (done) {
            return true;
        }
        long gap = 0;
        buffer.lock();
        try {
            int history = buffer.getHistoryLinesCount();
            int height = buffer.getHeight();
            long evicted = LineNumbers.evicted(buffer);
            if (firstLine < 0) {
                firstLine = evicted;
                next = evicted;
                end = LineNumbers.number(height, history, evicted);
            }
            long bottom = Math.min(end, LineNumbers.number(height, history, evicted));
            if (next < evicted) {
                // Lines we had not reached yet left the top of the history: they are padded below, outside the
                // lock, and the next step goes on from the oldest line that is still there.
                gap = Math.min(evicted, end) - next;
            } else if (next < bottom) {
                long stop = Math.min(bottom, next + chunkLines);
                LinesBuffer historyLines = buffer.getHistoryBuffer();
                for (long n = next; n < stop; n++) {
                    int row = LineNumbers.index(n, history, evicted);
                    // History text is read from the packed lines as they are, without making line objects.
                    boolean wraps;
                    if (row < 0) {
                        lines.add(historyLines.getLineText(history + row));
                        wraps = historyLines instanceof RingLinesBuffer ring ? ring.wrappedAt(history + row)
                                : historyLines.getLine(history + row).isWrapped();
                    } else {
                        TerminalLine line = buffer.getLine(row);
                        lines.add(line.getText());
                        wraps = line.isWrapped();
                    }
                    wrapped.set(lines.size() - 1, wraps);
                }
                next = stop;
            }
            done = gap == 0 && next >= bottom;
        } finally {
            buffer.unlock();
        }
        if (gap > 0) {
            lines.addAll(Collections.nCopies((int) gap, ""));
            next += gap;
            done = next >= end;
        }
        return done;
    }

    /** Lines copied so far (the gap's empty lines included). */
    int linesCopied() {
        return lines.size();
    }

    /** The copy; only complete once {@link #step} returned true. */
    Copied result() {
        return new Copied(firstLine, Collections.unmodifiableList(lines), (BitSet) wrapped.clone());
    }
}
