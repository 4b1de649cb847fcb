package dev.holdfast.app.view;

import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.emulation.HyperlinkTable;
import java.util.Arrays;
import java.util.List;

/**
 * What is visible in a terminal, copied out of the emulator's buffer. {@link #copyFrom} is the only code
 * that runs under the buffer lock: it copies chars and style references (styles are immutable) for at most
 * rows × columns cells and nothing else, so the lock is held for a bounded copy; painting reads the copy.
 */
final class ScreenCopy {
    static final char BLANK = ' ';

    int columns;
    int rows;
    char[][] chars = new char[0][];
    TextStyle[][] styles = new TextStyle[0][];
    boolean[] wrapped = new boolean[0];
    /** OSC 8 links on each visible row (usually none). */
    @SuppressWarnings("unchecked")
    List<HyperlinkTable.Span>[] links = new List[0];
    /** Buffer line index of each visible row: negative for history. */
    int[] lineIndex = new int[0];
    int historyCount;
    /** Lines that had left the top of the history when this copy was taken (see {@link LineNumbers}). */
    long evicted;
    int screenHeight;
    boolean alternateScreen;

    void ensureSize(int newColumns, int newRows) {
        if (newColumns == columns && newRows == rows) {
            return;
        }
        columns = newColumns;
        rows = newRows;
        chars = new char[rows][columns];
        styles = new TextStyle[rows][columns];
        wrapped = new boolean[rows];
        lineIndex = new int[rows];
        @SuppressWarnings("unchecked")
        List<HyperlinkTable.Span>[] fresh = new List[rows];
        links = fresh;
    }

    /**
     * Copies the rows starting {@code scrollOffset} lines above the live screen. Caller holds the lock.
     *
     * @return the effective scroll offset (clamped to the history that exists)
     */
    int copyFrom(TerminalTextBuffer buffer, HyperlinkTable hyperlinks, int scrollOffset) {
        historyCount = buffer.getHistoryLinesCount();
        evicted = LineNumbers.evicted(buffer);
        screenHeight = buffer.getHeight();
        alternateScreen = buffer.isUsingAlternateBuffer();
        int offset = Math.max(0, Math.min(scrollOffset, historyCount));
        int top = -offset;
        for (int r = 0; r < rows; r++) {
            int index = top + r;
            lineIndex[r] = index;
            char[] rowChars = chars[r];
            TextStyle[] rowStyles = styles[r];
            Arrays.fill(rowChars, BLANK);
            Arrays.fill(rowStyles, null);
            if (index >= screenHeight) {
                wrapped[r] = false;
                links[r] = List.of();
                continue;
            }
            TerminalLine line = buffer.getLine(index);
            wrapped[r] = line.isWrapped();
            links[r] = hyperlinks.spansOf(line);
            copyLine(line, rowChars, rowStyles);
        }
        return offset;
    }

    private static void copyLine(TerminalLine line, char[] rowChars, TextStyle[] rowStyles) {
        int[] column = {0};
        int width = rowChars.length;
        line.forEachEntry(entry -> {
            int length = entry.getLength();
            TextStyle style = entry.getStyle();
            if (entry.isNul()) {
                int end = Math.min(width, column[0] + length);
                for (int c = column[0]; c < end; c++) {
                    rowStyles[c] = style;
                }
            } else {
                var text = entry.getText();
                for (int i = 0; i < length && column[0] + i < width; i++) {
                    rowChars[column[0] + i] = text.charAt(i);
                    rowStyles[column[0] + i] = style;
                }
            }
            column[0] += length;
        });
    }

    /** The {@link LineNumbers line number} of buffer index {@code index} as of this copy. */
    long number(int index) {
        return LineNumbers.number(index, historyCount, evicted);
    }

    /** The buffer index of line {@code number} as of this copy. */
    int index(long number) {
        return LineNumbers.index(number, historyCount, evicted);
    }

    /** True when row {@code r} of this copy shows the same cells as row {@code r} of {@code other}. */
    boolean sameRow(ScreenCopy other, int r) {
        if (other.columns != columns || r >= other.rows) {
            return false;
        }
        if (!Arrays.equals(chars[r], other.chars[r])) {
            return false;
        }
        TextStyle[] a = styles[r];
        TextStyle[] b = other.styles[r];
        for (int c = 0; c < a.length; c++) {
            if (a[c] != b[c] && (a[c] == null || !a[c].equals(b[c]))) {
                return false;
            }
        }
        return true;
    }
}
