package dev.holdfast.terminal.scrollback;

import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.CharBuffer;
import com.techsenger.jeditermfx.core.model.TerminalLine;

/**
 * The cells of a row's runs of text, copied once into one array that the runs share, and never written again.
 * A run's constructor copies its text ({@code CharBuffer.clone()}); these cells are their own copy, since nothing
 * ever changes them.
 *
 * <p>Why: a coloured flood writes a dozen runs a row of a few cells each, and each run was a view of the parser's
 * text, then an array and a buffer of its own: a quarter of a coloured flood's allocation. Now a row's text is
 * one array, and a run one buffer on it.
 *
 * <p>Why nothing changes them, so that sharing is the library's model (the differential test compares them after
 * every chunk): the only place the library writes a run's cells is {@code CharBuffer.unNullify}, which fills the
 * <em>whole</em> array with spaces and is called only for a run whose {@code isNul()} is true; and {@code isNul()}
 * reads the array's first cell (not the run's), which here is text, never NUL. Holdfast's own code only reads
 * runs' cells.
 */
final class TextCells extends CharBuffer {
    private TextCells(char[] cells, int start, int length) {
        super(cells, start, length);
    }

    /** These very cells: they never change, so a copy of them is them. */
    @Override
    public CharBuffer clone() {
        return this;
    }

    /**
     * Copies runs {@code k = 0 .. count - 1}, {@code text[froms[k], + lengths[k])}, one after another into a new
     * array of {@code total} cells; the first cell of each must not be NUL. Make each run with {@link #run}.
     */
    static char[] copy(char[] text, int[] froms, int[] lengths, int count, int total) {
        char[] cells = new char[total];
        int at = 0;
        int k = 0;
        while (k < count) {
            // Runs that follow one another in the text (the usual case) are copied at once.
            int from = froms[k];
            int length = lengths[k++];
            while (k < count && froms[k] == from + length) {
                length += lengths[k++];
            }
            System.arraycopy(text, from, cells, at, length);
            at += length;
        }
        return cells;
    }

    /** A run of {@code cells[start, + length)} (from {@link #copy}) in {@code style}, holding those cells. */
    static TerminalLine.TextEntry run(TextStyle style, char[] cells, int start, int length) {
        return new TerminalLine.TextEntry(style, new TextCells(cells, start, length));
    }
}
