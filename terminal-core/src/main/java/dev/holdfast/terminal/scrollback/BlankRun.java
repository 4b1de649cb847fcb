package dev.holdfast.terminal.scrollback;

import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.CharBuffer;
import com.techsenger.jeditermfx.core.model.TerminalLine;

/**
 * A run of NUL cells made here: a blank line's run ({@link FastHistoryTextBuffer}'s filler) or the blank rest a
 * write leaves behind it ({@link LineRuns}). It is the library's run in every way; its type only says how it was
 * made, which lets {@link #knownNul} answer "all NULs?" from the first cell.
 *
 * <p>Why: every write into a fresh row and every row that goes into the history asked whether the row's last run
 * is all NULs, a scan of up to a screen's width of cells, twice a line of a flood. A run copies its text into an
 * array of its own when made, and the library changes such an array only whole ({@code CharBuffer.unNullify}
 * fills it with spaces), so a run made of NULs is all NULs exactly while its first cell is NUL.
 */
final class BlankRun extends TerminalLine.TextEntry {
    /** @param nuls NUL cells only; the run keeps a copy of them, as every run does */
    BlankRun(TextStyle style, CharBuffer nuls) {
        super(style, nuls);
    }

    /**
     * Whether {@code run} is known to be all NULs without looking past its first cell: it is a blank run made here
     * and still is one. False says nothing: another run may be all NULs too.
     */
    static boolean knownNul(TerminalLine.TextEntry run) {
        return run instanceof BlankRun && run.getLength() > 0 && run.getText().charAt(0) == 0;
    }
}
