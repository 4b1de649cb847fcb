package dev.holdfast.terminal.export;

import com.techsenger.jeditermfx.core.util.CharUtils;

/**
 * How a model cell's character is written in an export. One rule for the capture (which rows are blank) and the
 * formatter (what is written), so the two never disagree about an empty row.
 */
final class CellText {
    private CellText() {
    }

    /**
     * The character to write for a cell: NUL (never written) becomes a space, and so does any control character
     * that found its way into the model — an export must carry no control other than its own CR LF and SGR.
     */
    static char printable(char c) {
        boolean control = c < 0x20 || (c >= 0x7f && c <= 0x9f);
        return control ? ' ' : c;
    }

    /** Whether the cell shows no glyph: blank, or the filler cell after a wide character. */
    static boolean isBlank(char c) {
        return c == CharUtils.DWC || printable(c) == ' ';
    }
}
