package dev.holdfast.terminal.scrollback;

import com.techsenger.jeditermfx.core.model.CharBuffer;

/**
 * A blank run's NUL cells ({@link BlankRun}), which the run they are made for holds as they are: a run's
 * constructor copies its text ({@code CharBuffer.clone()}), and these cells, in an array no other line's run reads,
 * are already the run's own. A later copy of them is a copy.
 *
 * <p>Why: every line of a flood made two blank runs, the new bottom line's and the rest a write leaves behind it,
 * each a copy of up to a screen's width of NULs: a third of what a line of {@code seq} allocated. Now a blank line's
 * run is an array of NULs that is not copied, and the rest a write leaves is the part of that array the write did
 * not cover ({@link BlankRun#restOf}).
 *
 * <p>Why that is the library's model (the differential test compares them after every chunk): the only place the
 * library writes a run's cells is {@code CharBuffer.unNullify}, which fills the <em>whole</em> array with spaces and
 * is called only for a run whose {@code isNul()} is true, reading the array's first cell. The array is read by one
 * line's blank rest at a time, whose cells are then all NULs or, once filled, all spaces, as a copy's would be.
 */
final class NulCells extends CharBuffer {
    /** Whether a run holds these cells already. */
    private boolean held;

    private NulCells(char[] nuls, int start, int length) {
        super(nuls, start, length);
    }

    /**
     * NUL cells {@code nuls[start, + length)} for one new run to hold as they are: {@code nuls} is all NULs and no
     * run of another line reads it.
     */
    static CharBuffer of(char[] nuls, int start, int length) {
        return new NulCells(nuls, start, length);
    }

    @Override
    public CharBuffer clone() {
        if (!held) {
            held = true;
            return this;
        }
        return super.clone();
    }
}
