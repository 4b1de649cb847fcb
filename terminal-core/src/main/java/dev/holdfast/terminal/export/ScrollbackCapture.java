package dev.holdfast.terminal.export;

import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.LinesBuffer;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.scrollback.RingLinesBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * The part of an export that needs the terminal's lock: copying the primary history and screen.
 *
 * <p>It takes the buffer lock itself and holds it only while copying — no formatting, no SGR, no string
 * building beyond one copy per styled run — so a busy terminal's reader thread and the UI's renderer wait for a
 * copy, not for an export. Format the result with {@link VtExport} on another thread.
 *
 * <p>The copy is bounded before anything is copied, by the {@link ExportLimits}: the last lines, the characters
 * they hold, and the first characters of any one line. Trailing blank rows (a screen emptied by {@code clear})
 * are skipped, up to a screen and a tail's worth. So the lock is held in proportion to what the tail keeps, never
 * to the history's length or to one pathological line.
 *
 * <p>{@link #captureSince} copies only the lines added to the history since the last capture, plus the screen:
 * with a history that only grows at the bottom and loses lines at the top (our {@link RingLinesBuffer}), that is
 * what changed, and a capture's cost stops growing with the history.
 */
public final class ScrollbackCapture {
    private final PrimaryBuffers primary;

    public ScrollbackCapture(PrimaryBuffers primary) {
        this.primary = Objects.requireNonNull(primary, "primary");
    }

    /** Copies every row of the primary history and screen. */
    public CapturedLines capture(JediTerminal terminal) {
        return capture(terminal, ExportLimits.EVERYTHING);
    }

    /**
     * Copies the rows of the tail within {@code limits}, a logical line being a row plus the rows it wraps onto.
     * The copy always starts at the first row of a logical line, so the first exported line reflows correctly.
     */
    public CapturedLines capture(JediTerminal terminal, ExportLimits limits) {
        TerminalTextBuffer buffer = terminal.getTerminalTextBuffer();
        buffer.lock();
        try {
            Rows rows = new Rows(primary.history(buffer), primary.screen(buffer), buffer.getWidth());
            int end = rows.endOfText(limits);
            int start = rows.tailStart(end, limits);
            return rows.copy(start, end, cursorRow(buffer, terminal, rows), rows.historyRows, limits.maxLineChars());
        } finally {
            buffer.unlock();
        }
    }

    /**
     * Copies what a checkpoint holding everything up to {@code since} lacks: the complete lines added to the
     * history since, and the screen. Without a usable mark — none, another history, an edit since, lines lost
     * from the top since, or more new lines than the tail — it copies the whole tail, split the same way.
     */
    public IncrementalLines captureSince(JediTerminal terminal, HistoryMark since, ExportLimits limits) {
        TerminalTextBuffer buffer = terminal.getTerminalTextBuffer();
        buffer.lock();
        try {
            LinesBuffer history = primary.history(buffer);
            Rows rows = new Rows(history, primary.screen(buffer), buffer.getWidth());
            int end = rows.endOfText(limits);
            int completeEnd = rows.completeHistoryEnd(end);
            long cursor = cursorRow(buffer, terminal, rows);
            HistoryMark next = null;
            long removed = 0;
            if (history instanceof RingLinesBuffer ring) {
                removed = ring.removedFromTop();
                next = new HistoryMark(ring, ring.rewrites(), removed + completeEnd);
            }
            int from = continuation(since, history, rows, removed);
            int start = rows.tailStart(end, limits);
            int lineChars = limits.maxLineChars();
            if (from >= 0 && start <= from) {
                int screenStart = Math.max(from, Math.min(completeEnd, end));
                return new IncrementalLines(true, rows.copy(from, screenStart, -1, rows.historyRows, lineChars),
                        rows.copy(screenStart, Math.max(screenStart, end), cursor, 0, lineChars), next);
            }
            // No mark, or more is new than the tail keeps: the whole tail, which replaces what was kept.
            int split = Math.max(start, Math.min(completeEnd, end));
            return new IncrementalLines(false, rows.copy(start, split, -1, rows.historyRows, lineChars),
                    rows.copy(split, Math.max(split, end), cursor, 0, lineChars), next);
        } finally {
            buffer.unlock();
        }
    }

    /** The row the mark continues from, or -1 when it cannot be continued from. */
    private static int continuation(HistoryMark since, LinesBuffer history, Rows rows, long removed) {
        if (since == null || since.history() != history || !(history instanceof RingLinesBuffer ring)
                || since.rewrites() != ring.rewrites()) {
            return -1;
        }
        long from = since.end() - removed;
        return from < 0 || from > rows.historyRows ? -1 : (int) from;
    }

    /** The cursor's row in history-plus-screen numbering, or -1 while the alternate screen has it. */
    private static long cursorRow(TerminalTextBuffer buffer, JediTerminal terminal, Rows rows) {
        return buffer.isUsingAlternateBuffer() ? -1 : rows.historyRows + terminal.getCursorY() - 1L;
    }

    /** The primary history followed by the primary screen, read under the lock. */
    private static final class Rows {
        final LinesBuffer history;
        /** The history when it is our ring, whose packed lines answer wrap flags and lengths without unpacking. */
        final RingLinesBuffer ring;
        final LinesBuffer screen;
        final int historyRows;
        final int count;
        final int columns;
        /** More blank rows trail the text than a screen and a tail: the tail is blank. */
        boolean blankTail;

        Rows(LinesBuffer history, LinesBuffer screen, int columns) {
            this.history = history;
            this.ring = history instanceof RingLinesBuffer r ? r : null;
            this.screen = screen;
            this.historyRows = history.getLineCount();
            this.count = historyRows + screen.getLineCount();
            this.columns = Math.max(1, columns);
        }

        TerminalLine row(int index) {
            if (index >= historyRows) {
                return screen.getLine(index - historyRows);
            }
            // A capture only reads: packed history lines are copied out and stay packed.
            return ring != null ? ring.lineToRead(index) : history.getLine(index);
        }

        boolean wrapped(int index) {
            return ring != null && index < historyRows ? ring.wrappedAt(index) : row(index).isWrapped();
        }

        int cells(int index) {
            return ring != null && index < historyRows ? ring.cellsAt(index) : cellCount(row(index));
        }

        /**
         * A copy of row {@code index}. A history row is read from where the ring keeps it, its characters copied
         * once: building the line object first and copying out of it was most of a capture's time under the lock.
         */
        CapturedLines.Line copyRow(int index, long cutCells) {
            if (ring == null || index >= historyRows) {
                return copyLine(row(index), cutCells);
            }
            List<CapturedLines.Run> runs = new ArrayList<>();
            ring.readRuns(index, (style, chars, offset, length) ->
                    runs.add(new CapturedLines.Run(new String(chars, offset, length), styleOf(style))));
            return new CapturedLines.Line(runs, ring.wrappedAt(index) && cutCells == 0, cutCells);
        }

        /**
         * The end of the last row with something visible. Blank rows below the last text are unused screen;
         * replaying them would push the restored text up. The walk runs over history too, for a screen left empty
         * by {@code clear} — but no further than a screen and a tail's worth of rows: below that many blank rows
         * the tail is blank anyway.
         */
        int endOfText(ExportLimits limits) {
            long maxBlank = (long) screen.getLineCount() + limits.maxLines();
            int end = count;
            long blank = 0;
            while (end > 0 && isBlank(row(end - 1))) {
                end--;
                if (++blank > maxBlank) {
                    blankTail = true;
                    return end;
                }
            }
            return end;
        }

        /**
         * The end of the last logical line that lies wholly in the history, at most {@code end}: the rows before it
         * no longer change, so a later capture appends after them.
         */
        int completeHistoryEnd(int end) {
            int split = Math.min(historyRows, end);
            while (split > 0 && wrapped(split - 1)) {
                split--;
            }
            return split;
        }

        /**
         * Where the tail ending at {@code end} starts: at most {@code maxLines} logical lines and about
         * {@code maxChars} cells (each line counted at most {@code maxLineChars}), and at least one line. Walks
         * rows reading only their wrap flag, plus the length of each line's last row.
         */
        int tailStart(int end, ExportLimits limits) {
            if (blankTail) {
                return end;
            }
            int start = end;
            int lines = 0;
            long chars = 0;
            while (start > 0 && lines < limits.maxLines()) {
                int lineStart = start - 1;
                while (lineStart > 0 && wrapped(lineStart - 1)) {
                    lineStart--;
                }
                long cells = (long) (start - 1 - lineStart) * columns + cells(start - 1);
                cells = Math.min(cells, limits.maxLineChars());
                if (lines > 0 && chars + cells > limits.maxChars()) {
                    break;
                }
                lines++;
                chars += cells;
                start = lineStart;
            }
            return start;
        }

        /**
         * Copies rows {@code [from, to)}, each logical line only as far as the rows that hold its first
         * {@code maxLineChars} cells; the rest of a longer line is counted on its last copied row, not copied.
         *
         * @param cursor       the cursor's row in the same numbering, or -1
         * @param historyLimit rows below this index are history
         */
        CapturedLines copy(int from, int to, long cursor, int historyLimit, int maxLineChars) {
            List<CapturedLines.Line> lines = new ArrayList<>(Math.max(0, to - from));
            int keptHistory = 0;
            OptionalInt cursorLine = OptionalInt.empty();
            int row = from;
            while (row < to) {
                int lineEnd = row;
                while (lineEnd < to - 1 && wrapped(lineEnd)) {
                    lineEnd++;
                }
                // Rows [row, lineEnd] are one logical line (its end may lie beyond `to` only for the screen's
                // last row, which then simply ends the copy).
                int maxRows = maxLineChars == Integer.MAX_VALUE ? Integer.MAX_VALUE
                        : Math.max(1, (maxLineChars + columns - 1) / columns);
                int kept = Math.min(lineEnd - row + 1, maxRows);
                for (int r = row; r < row + kept; r++) {
                    if (cursor == r) {
                        cursorLine = OptionalInt.of(lines.size());
                    }
                    boolean last = r == row + kept - 1;
                    long cut = 0;
                    if (last && kept < lineEnd - row + 1) {
                        cut = (long) (lineEnd - r - 1) * columns + cells(lineEnd);
                    }
                    lines.add(copyRow(r, cut));
                    if (r < historyLimit) {
                        keptHistory++;
                    }
                }
                if (cursor > row + kept - 1 && cursor <= lineEnd) {
                    cursorLine = OptionalInt.of(lines.size() - 1);
                }
                row = lineEnd + 1;
            }
            if (cursorLine.isEmpty() && cursor >= to && cursor >= from) {
                // The cursor sits on a blank row below the kept ones.
                cursorLine = OptionalInt.of((int) Math.min(Integer.MAX_VALUE, lines.size() + cursor - to));
            }
            return new CapturedLines(lines, keptHistory, columns, cursorLine);
        }
    }

    private static int cellCount(TerminalLine line) {
        int cells = 0;
        for (TerminalLine.TextEntry entry : line.getEntries()) {
            cells += entry.getLength();
        }
        return cells;
    }

    private static CapturedLines.Line copyLine(TerminalLine line, long cutCells) {
        List<TerminalLine.TextEntry> entries = line.getEntries();
        List<CapturedLines.Run> runs = new ArrayList<>(entries.size());
        for (TerminalLine.TextEntry entry : entries) {
            // The entry's CharBuffer may share an array the emulator writes later: copy the characters now.
            runs.add(new CapturedLines.Run(entry.getText().toString(), styleOf(entry.getStyle())));
        }
        return new CapturedLines.Line(runs, line.isWrapped() && cutCells == 0, cutCells);
    }

    /** The library leaves some runs without a style (characters inserted past a line's end): plain cells. */
    private static TextStyle styleOf(TextStyle style) {
        return style == null ? TextStyle.EMPTY : style;
    }

    /** A row with nothing visible: only blank cells in renditions where a blank cannot be seen. */
    private static boolean isBlank(TerminalLine line) {
        for (TerminalLine.TextEntry entry : line.getEntries()) {
            CharSequence text = entry.getText();
            boolean hasContent = false;
            for (int i = 0; i < text.length() && !hasContent; i++) {
                hasContent = !CellText.isBlank(text.charAt(i));
            }
            if (hasContent || (text.length() > 0 && visibleOnBlank(entry.getStyle()))) {
                return false;
            }
        }
        return true;
    }

    private static boolean visibleOnBlank(TextStyle style) {
        return style != null && Rendition.of(style).isVisibleOnBlank();
    }
}
