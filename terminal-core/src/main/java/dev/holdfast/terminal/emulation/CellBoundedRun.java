package dev.holdfast.terminal.emulation;

import com.techsenger.jeditermfx.core.util.CharUtils;

/**
 * How much of a run of printable text fits in the cells left on a line.
 *
 * <p>Why: JediTerm's emulator asks its data stream for at most {@code distanceToLineEnd()} characters and
 * writes them all on the current row, but a wide (CJK, emoji) character takes two cells, so a run of them
 * overflows the row and the library deletes what went past the last column at the next wrap. Handing the
 * emulator only what fits keeps every character. A wide character with a single cell left is still handed
 * over alone (the emulator cannot wrap before it). Ambiguous-width characters count as wide: that can only
 * hand over less than would fit, which costs another call, never a character.
 */
public final class CellBoundedRun {
    private CellBoundedRun() {
    }

    /** Number of chars from {@code from} (before {@code end}) that are printable and fit in {@code maxCells}. */
    public static int length(char[] buf, int from, int end, int maxCells) {
        int i = from;
        int cells = 0;
        while (maxCells > 0 && i < end && buf[i] >= ' ') {
            // Char by char, as the emulator places them: it puts each half of a surrogate pair in a cell of
            // its own, so an emoji is counted as its wide code point plus one for its low half.
            int width = CharUtils.isDoubleWidthCharacter(Character.codePointAt(buf, i, end), true) ? 2 : 1;
            if (cells + width > maxCells && i > from) {
                break;
            }
            cells += width;
            i++;
        }
        return i - from;
    }
}
