package dev.holdfast.app.view;

import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.scrollback.FastHistoryTextBuffer;

/**
 * Line numbers that do not move: a buffer index shifts by one for every line that scrolls into the history (and
 * a full history keeps its count while its top lines leave), but a line's number, counted from the first line
 * this terminal ever kept, stays the same while it scrolls up the screen and through the history. Find results
 * and copies taken in pieces are numbered this way, so output arriving meanwhile cannot shift them.
 */
final class LineNumbers {
    private LineNumbers() {
    }

    /** Lines that have left the top of the history so far. Caller holds the buffer lock. */
    static long evicted(TerminalTextBuffer buffer) {
        return buffer instanceof FastHistoryTextBuffer fast ? fast.linesEvicted() : 0;
    }

    /** The number of the line at buffer index {@code index} (negative in the history). */
    static long number(int index, int historyLines, long evicted) {
        return evicted + historyLines + index;
    }

    /** The buffer index of line {@code number}, clamped to the int range (far outside the buffer when gone). */
    static int index(long number, int historyLines, long evicted) {
        long index = number - evicted - historyLines;
        return (int) Math.max(Integer.MIN_VALUE / 2, Math.min(Integer.MAX_VALUE / 2, index));
    }
}
