package dev.holdfast.terminal.replay;

import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.CharBuffer;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.util.CharUtils;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The rows of restored text that will end up in the history, built without the emulator.
 *
 * <p>Why: restored scrollback is mostly lines that scroll straight through the screen into the history, and
 * feeding 400,000 characters through JediTerm's emulator (char by char, an object per sequence) is most of what a
 * restore costs. For the simplest and commonest lines the emulator's result is known in advance: a line of
 * single-width characters and SGR sequences, ended by CR LF with no background colour set, written from the left
 * edge of a terminal {@code width} columns wide, becomes {@code ceil(cells / width)} rows (at least one), all but
 * the last marked wrapped, each holding its cells with the styles the SGR sequences gave them (computed by the
 * emulator itself, see {@link SgrStyles}). Such rows are built here and go straight into the history.
 *
 * <p>Everything else is left to the emulator: the first line that is not that simple (a wide or combining
 * character, a TAB, a lone CR or LF, a background colour still set at the line break, a line longer than
 * {@link #MAX_LINE_CELLS}) and all that follows it, and always at least the last {@code height + 1} rows, so that
 * the emulator fills the screen exactly as a replay of the whole text would (see {@link #rowsBeforeFill} for the
 * one place where it matters where the emulator writes on the screen). The differential test holds the two ways to
 * the same model.
 *
 * <p>Characters counted as single-width are the ones that are so however the terminal treats ambiguous widths,
 * from blocks that Unicode normalization (which the emulator applies to text) leaves unchanged.
 */
final class DirectHistory {
    /**
     * Longer lines go through the emulator, which feeds them in slices: the rows of one direct line go into the
     * history in one hold of the lock.
     */
    static final int MAX_LINE_CELLS = 8_192;
    private static final char ESC = 0x1b;

    /**
     * One logical line's rows; its text is {@code [start, end)} of the replayed text, line break included, and
     * {@code styleAfter} the SGR state it leaves (a line may carry a colour into the next).
     */
    record Line(int start, int end, List<TerminalLine> rows, TextStyle styleAfter) {
    }

    /**
     * @param lines         the lines built directly, in order, from the start of the text
     * @param emulatorFrom  where the emulator takes over: the end of the last direct line
     * @param width         the width the rows were built for
     */
    record Plan(List<Line> lines, int emulatorFrom, int width) {
        static Plan none(int width) {
            return new Plan(List.of(), 0, width);
        }
    }

    private DirectHistory() {
    }

    /** Plans the replay of sanitized {@code text} into a fresh terminal of {@code width} × {@code height}. */
    static Plan plan(char[] text, int width, int height, SgrStyles styles) {
        if (width < 1 || height < 1) {
            return Plan.none(width);
        }
        List<Line> lines = new ArrayList<>();
        int position = 0;
        TextStyle style = TextStyle.EMPTY;
        LineBuilder builder = new LineBuilder(width);
        while (position < text.length) {
            builder.reset(style);
            int end = builder.read(text, position, styles);
            if (end < 0) {
                break;
            }
            style = builder.style;
            lines.add(new Line(position, end, builder.rows(), style));
            position = end;
        }
        long emulatorRows = rowsBeforeFill(text, position, style, styles);
        int keep = lines.size();
        while (keep > 0 && emulatorRows < height + 1L) {
            keep--;
            emulatorRows += lines.get(keep).rows().size();
        }
        if (keep == 0) {
            return Plan.none(width);
        }
        List<Line> direct = List.copyOf(lines.subList(0, keep));
        return new Plan(direct, direct.get(keep - 1).end(), width);
    }

    /**
     * Where the text can be cut so that its end, replayed alone into a fresh terminal {@code width} x
     * {@code height}, leaves the screen (and the rows it scrolls into the history) as a replay of the whole text
     * leaves them, and the rest above it, replayed alone, makes the history rows above those: the start of a line
     * (after CR LF), with no SGR in effect there, and at least a screen and a row before the end could fill a row
     * (see {@link #rowsBeforeFill}). The latest such place is taken, so the end is as short as it can be.
     *
     * @return that index, or 0 when there is none (then the whole text is replayed at once)
     */
    static int screenStart(char[] text, int width, int height, SgrStyles styles) {
        if (width < 1 || height < 1) {
            return 0;
        }
        // The end makes at most one row more than it has line feeds, so the place is at least a screen of line
        // feeds up: the search starts there. A few places more are tried (a style left on, a row that could fill),
        // then the text is replayed whole rather than searched.
        int lineFeeds = 0;
        int at = text.length;
        while (at > 0 && lineFeeds < height) {
            if (text[--at] == '\n') {
                lineFeeds++;
            }
        }
        int tries = 2 * (height + 1) + 16;
        int lastEsc = Integer.MAX_VALUE;
        for (at++; at > 1 && tries > 0; at--) {
            if (text[at - 1] != '\n' || text[at - 2] != '\r') {
                continue;
            }
            tries--;
            if (rowsBeforeFill(text, at, TextStyle.EMPTY, styles) < height + 1L) {
                continue;
            }
            if (lastEsc >= at - 2) {
                lastEsc = lastIndexOf(text, ESC, at - 2);
            }
            if (lastEsc < 0 || resets(text, lastEsc, at - 2)) {
                return at;
            }
        }
        return 0;
    }

    private static int lastIndexOf(char[] text, char c, int before) {
        for (int at = before - 1; at >= 0; at--) {
            if (text[at] == c) {
                return at;
            }
        }
        return -1;
    }

    /**
     * Whether the SGR at {@code esc} resets every attribute and ends before {@code end}. (Sanitized text has ESC
     * only as the start of an SGR.)
     */
    private static boolean resets(char[] text, int esc, int end) {
        int m = esc + 2;
        while (m < end && text[m] != 'm') {
            m++;
        }
        if (m >= end) {
            return false;
        }
        for (int p = esc + 2; p < m; p++) {
            if (text[p] != '0') {
                return false;
            }
        }
        return true;
    }

    /**
     * A lower bound on the rows the emulator writes from {@code from} before it could scroll a row in filled with a
     * background colour, or to the end of the text when it never could. The emulator's part must start at least a
     * screen and a row before that point.
     *
     * <p>Why: the direct rows go into the history and leave the screen blank, so the emulator starts writing at
     * the top of the screen, where a whole replay would be writing at its bottom. The two differ only where a row
     * scrolls in at the bottom: the emulator fills it with the current background, at a line feed or when a wide
     * character does not fit at the end of a row (an ordinary wrap is made without the fill, see
     * {@link WrapWithoutFill}). Once the emulator has written a screen and a row, its cursor is at the bottom too,
     * and both ways scroll alike. (That many rows also make the screen end as a whole replay leaves it.)
     */
    private static long rowsBeforeFill(char[] text, int from, TextStyle style, SgrStyles styles) {
        long rows = 1;
        TextStyle current = style;
        for (int at = from; at < text.length; at++) {
            char c = text[at];
            if (c == ESC && at + 1 < text.length && text[at + 1] == '[') {
                int m = at + 2;
                while (m < text.length && text[m] != 'm') {
                    m++;
                }
                if (m < text.length) {
                    current = styles.after(current, text, at, m + 1);
                    at = m;
                }
            } else if (current.getBackground() != null && (c == '\n' || (c >= 0x20 && !singleWidth(c)))) {
                // The fill may come anywhere in this line: count only the lines before it.
                return rows - 1;
            } else if (c == '\n') {
                rows++;
            }
        }
        return rows;
    }

    /** Single-width whatever the ambiguous-width setting, and unchanged by NFC normalization. */
    static boolean singleWidth(char c) {
        if (c >= 0x20 && c <= 0x7e) {
            return true;
        }
        boolean inSimpleBlock = (c >= 0xa1 && c <= 0x2ff && c != 0xad) // Latin-1 (no soft hyphen) to spacing modifiers
                || (c >= 0x400 && c <= 0x482) // Cyrillic, before its combining marks
                || (c >= 0x2010 && c <= 0x2027) || (c >= 0x2030 && c <= 0x205e) // punctuation
                || (c >= 0x20a0 && c <= 0x20bf) // currency
                || (c >= 0x2190 && c <= 0x22ff) // arrows, mathematical operators
                || (c >= 0x2500 && c <= 0x25ff); // box drawing, blocks, geometric shapes
        return inSimpleBlock && !CharUtils.isDoubleWidthCharacter(c, true);
    }

    /** Reads one logical line and builds its rows. Reused from line to line. */
    private static final class LineBuilder {
        private final int width;
        private final List<TerminalLine> rows = new ArrayList<>();
        private TerminalLine row;
        private int column;
        private TextStyle style;

        LineBuilder(int width) {
            this.width = width;
        }

        void reset(TextStyle current) {
            rows.clear();
            row = null;
            column = 0;
            style = current;
        }

        List<TerminalLine> rows() {
            if (rows.isEmpty() && row == null) {
                // An empty line is one blank row, as the emulator leaves a line it only moved past.
                row = new TerminalLine(new TerminalLine.TextEntry(TextStyle.EMPTY, new CharBuffer('\0', width)));
            }
            List<TerminalLine> all = new ArrayList<>(rows.size() + 1);
            all.addAll(rows);
            if (row != null) {
                all.add(row);
            }
            return all;
        }

        /**
         * Reads the line at {@code start}.
         *
         * @return where the next line starts, or -1 when this line must go to the emulator
         */
        int read(char[] text, int start, SgrStyles styles) {
            int cells = 0;
            int at = start;
            while (at < text.length) {
                char c = text[at];
                if (c == ESC) {
                    int m = indexOf(text, 'm', at + 2);
                    if (m < 0 || at + 1 >= text.length || text[at + 1] != '[') {
                        return -1;
                    }
                    style = styles.after(style, text, at, m + 1);
                    at = m + 1;
                } else if (c == '\r') {
                    if (at + 1 < text.length && text[at + 1] == '\n' && style.getBackground() == null) {
                        return at + 2;
                    }
                    return -1;
                } else if (singleWidth(c)) {
                    int runEnd = at + 1;
                    while (runEnd < text.length && singleWidth(text[runEnd])) {
                        runEnd++;
                    }
                    cells += runEnd - at;
                    if (cells > MAX_LINE_CELLS) {
                        return -1;
                    }
                    write(text, at, runEnd);
                    at = runEnd;
                } else {
                    return -1;
                }
            }
            // The text ended without a line break: the emulator writes the last line.
            return -1;
        }

        private void write(char[] text, int from, int to) {
            int at = from;
            while (at < to) {
                if (row == null || column == width) {
                    if (row != null) {
                        row.setWrapped(true);
                        rows.add(row);
                    }
                    row = null;
                    column = 0;
                }
                int n = Math.min(to - at, width - column);
                CharBuffer cells = new CharBuffer(Arrays.copyOfRange(text, at, at + n), 0, n);
                if (row == null) {
                    row = new TerminalLine(new TerminalLine.TextEntry(style, cells));
                } else {
                    row.writeString(column, cells, style);
                }
                column += n;
                at += n;
            }
        }

        private static int indexOf(char[] text, char c, int from) {
            for (int i = from; i < text.length; i++) {
                if (text[i] == c) {
                    return i;
                }
            }
            return -1;
        }
    }
}
