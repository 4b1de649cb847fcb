package dev.holdfast.terminal.scrollback;

import com.techsenger.jeditermfx.core.model.TerminalLine;

/**
 * The end of a row when text wraps past it, at the cost of the row's runs, not their square.
 *
 * <p>Why: at every wrap the library cuts the row at the screen's width with {@code TerminalLine.deleteCharacters},
 * which rebuilds the row's run list, and each run it adds scans every run before it: a coloured row of a hundred
 * runs cost ten thousand steps at its wrap. A row that already ends by the width (every row text was written
 * into at its cursor, cut to the cells left) loses nothing at that cut; only its wrapped flag is cleared, as the
 * library's call does. Any other row takes the library's call. Callers hold the buffer's lock.
 */
public final class LineEnds {
    private LineEnds() {
    }

    /** What {@code line.deleteCharacters(column)} leaves, without rebuilding a line that ends by {@code column}. */
    public static void cutAt(TerminalLine line, int column) {
        if (LineRuns.endsBy(line, column)) {
            line.setWrapped(false);
        } else {
            line.deleteCharacters(column);
        }
    }
}
