package dev.holdfast.terminal.export;

import com.techsenger.jeditermfx.core.TextStyle;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A copy of a terminal's rows, taken under the buffer lock and safe to read on any thread afterwards: the
 * primary history followed by the primary screen, oldest first, with trailing blank rows left out.
 *
 * <p>Rows are physical (one per screen row); a row whose {@link Line#wrapped()} is set continues on the next
 * row, which is how the formatter rejoins long lines so that they reflow on replay.
 *
 * @param lines the copied rows, oldest first
 * @param historyLineCount how many of {@code lines} came from the history (they come first)
 * @param columns the terminal's width when copied; rows that wrap are that wide
 * @param cursorLine the cursor's row as an index into {@code lines} (it may point just past the last kept row
 *     when the cursor sits on a blank row), or empty when the cursor is on the alternate screen or above the
 *     copied rows
 */
public record CapturedLines(List<Line> lines, int historyLineCount, int columns, OptionalInt cursorLine) {

    public CapturedLines {
        lines = List.copyOf(lines);
        Objects.requireNonNull(cursorLine, "cursorLine");
        if (historyLineCount < 0 || historyLineCount > lines.size()) {
            throw new IllegalArgumentException("historyLineCount " + historyLineCount + " outside 0.." + lines.size());
        }
        if (columns < 1) {
            throw new IllegalArgumentException("columns must be positive: " + columns);
        }
    }

    /**
     * One copied row: its styled runs left to right, and whether it wraps onto the next row.
     *
     * @param cutCells cells of its line that were not copied because the line was longer than the per-line cap;
     *                 0 when nothing was cut. A row with cut cells ends its line.
     */
    public record Line(List<Run> runs, boolean wrapped, long cutCells) {
        public Line {
            runs = List.copyOf(runs);
            if (cutCells < 0) {
                throw new IllegalArgumentException("cutCells must not be negative: " + cutCells);
            }
            if (cutCells > 0 && wrapped) {
                throw new IllegalArgumentException("a row whose line was cut ends the line");
            }
        }

        public Line(List<Run> runs, boolean wrapped) {
            this(runs, wrapped, 0);
        }

        /** The row's length in cells (JediTerm keeps one char per cell, wide characters followed by a filler). */
        public int cellCount() {
            int cells = 0;
            for (Run run : runs) {
                cells += run.text().length();
            }
            return cells;
        }
    }

    /**
     * Cells sharing one style, copied out of the model's shared character arrays. The text is exactly the cells'
     * content: NUL for never-written cells and JediTerm's wide-character filler are kept for the formatter to
     * interpret. {@link TextStyle} is immutable in the library, so sharing the instance is safe.
     */
    public record Run(String text, TextStyle style) {
        public Run {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(style, "style");
        }
    }
}
