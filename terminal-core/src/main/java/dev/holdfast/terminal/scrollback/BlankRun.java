package dev.holdfast.terminal.scrollback;

import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.CharBuffer;
import com.techsenger.jeditermfx.core.model.TerminalLine;

/**
 * A run of NUL cells made here: a blank line's run ({@link FastHistoryTextBuffer}'s filler) or the blank rest a
 * write leaves behind it ({@link LineRuns}). It is the library's run in every way; its type only says how it was
 * made, which lets {@link #knownNul} answer "all NULs?" from the first cell and {@link #restOf} leave a rest that
 * reads the same array.
 *
 * <p>Why: every write into a fresh row and every row that goes into the history asked whether the row's last run
 * is all NULs, a scan of up to a screen's width of cells, twice a line of a flood. A blank run's array holds NULs
 * until the library fills it, whole, with spaces ({@code CharBuffer.unNullify}), so a run made of NULs is all NULs
 * exactly while its first cell is NUL.
 */
final class BlankRun extends TerminalLine.TextEntry {
    /** Whether the run was put on more than one line, whose rests must then not share its array. */
    private boolean onSeveralLines;

    private BlankRun(TextStyle style, CharBuffer nuls) {
        super(style, nuls);
    }

    /** A run of {@code length} NUL cells in {@code style}, in an array of its own. */
    static BlankRun of(TextStyle style, int length) {
        return new BlankRun(style, NulCells.of(new char[length], 0, length));
    }

    /**
     * The blank rest after {@code cells} cells of text replaced the start of {@code blank}, a run of NULs only, in
     * its line: the part of {@code blank}'s array the text did not cover when only this line's {@code blank} reads
     * that array (the text went into an array of its own, and {@code blank} leaves the line), new NULs otherwise.
     */
    static BlankRun restOf(TerminalLine.TextEntry blank, int cells) {
        int rest = blank.getLength() - cells;
        if (blank instanceof BlankRun made && !made.onSeveralLines) {
            CharBuffer nuls = blank.getText();
            return new BlankRun(blank.getStyle(), NulCells.of(nuls.getBuf(), nuls.getStart() + cells, rest));
        }
        return of(blank.getStyle(), rest);
    }

    /** {@code run}, about to be put on more than one line (the lines one scroll opens share their run). */
    static void sharedBySeveralLines(TerminalLine.TextEntry run) {
        if (run instanceof BlankRun made) {
            made.onSeveralLines = true;
        }
    }

    /**
     * Whether {@code run} is known to be all NULs without looking past its first cell: it is a blank run made here
     * and still is one. False says nothing: another run may be all NULs too.
     */
    static boolean knownNul(TerminalLine.TextEntry run) {
        return run instanceof BlankRun && run.getLength() > 0 && run.getText().charAt(0) == 0;
    }
}
