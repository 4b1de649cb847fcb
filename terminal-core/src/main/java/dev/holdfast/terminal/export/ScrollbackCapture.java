package dev.holdfast.terminal.export;

import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.LinesBuffer;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * The part of an export that needs the terminal's lock: copying the primary history and screen.
 *
 * <p>It takes the buffer lock itself and holds it only while copying — O(rows), no formatting, no SGR, no
 * string building beyond one copy per styled run — so a busy terminal's reader thread and the UI's renderer
 * wait for a copy, not for an export. Format the result with {@link VtExport} on another thread.
 */
public final class ScrollbackCapture {
    private final PrimaryBuffers primary;

    public ScrollbackCapture(PrimaryBuffers primary) {
        this.primary = Objects.requireNonNull(primary, "primary");
    }

    /** Copies every row of the primary history and screen. */
    public CapturedLines capture(JediTerminal terminal) {
        return capture(terminal, Integer.MAX_VALUE);
    }

    /**
     * Copies the rows of at most the last {@code maxLogicalLines} lines, a logical line being a row plus the rows
     * it wraps onto. Bounding the copy here keeps the lock time proportional to what a tail will keep (the
     * export's lines are logical lines), however long the history is. The copy always starts at the first row of
     * a logical line, so the first exported line reflows correctly.
     */
    public CapturedLines capture(JediTerminal terminal, int maxLogicalLines) {
        if (maxLogicalLines < 1) {
            throw new IllegalArgumentException("maxLogicalLines must be positive: " + maxLogicalLines);
        }
        TerminalTextBuffer buffer = terminal.getTerminalTextBuffer();
        buffer.lock();
        try {
            return copy(buffer, terminal.getCursorY(), maxLogicalLines);
        } finally {
            buffer.unlock();
        }
    }

    private CapturedLines copy(TerminalTextBuffer buffer, int cursorY, int maxLogicalLines) {
        LinesBuffer history = primary.history(buffer);
        LinesBuffer screen = primary.screen(buffer);
        int historyRows = history.getLineCount();
        int rows = historyRows + screen.getLineCount();

        // Blank rows below the last text are just unused screen; replaying them would push the restored text up.
        // The walk runs over history too, for a screen left empty by `clear`.
        int end = rows;
        while (end > 0 && isBlank(row(history, screen, historyRows, end - 1))) {
            end--;
        }

        int start = end;
        int logicalLines = 0;
        while (start > 0) {
            boolean endsLogicalLine = start == end || !row(history, screen, historyRows, start - 1).isWrapped();
            if (endsLogicalLine) {
                if (logicalLines == maxLogicalLines) {
                    break;
                }
                logicalLines++;
            }
            start--;
        }

        List<CapturedLines.Line> lines = new ArrayList<>(end - start);
        for (int r = start; r < end; r++) {
            lines.add(copyRow(row(history, screen, historyRows, r)));
        }

        // While the alternate screen is up, the terminal's cursor is the alternate screen's: not a row here.
        OptionalInt cursorLine = OptionalInt.empty();
        if (!buffer.isUsingAlternateBuffer()) {
            int cursorRow = historyRows + cursorY - 1 - start;
            if (cursorRow >= 0) {
                cursorLine = OptionalInt.of(cursorRow);
            }
        }
        int keptHistory = Math.max(0, Math.min(historyRows, end) - start);
        return new CapturedLines(lines, keptHistory, buffer.getWidth(), cursorLine);
    }

    private static TerminalLine row(LinesBuffer history, LinesBuffer screen, int historyRows, int index) {
        return index < historyRows ? history.getLine(index) : screen.getLine(index - historyRows);
    }

    private static CapturedLines.Line copyRow(TerminalLine line) {
        List<TerminalLine.TextEntry> entries = line.getEntries();
        List<CapturedLines.Run> runs = new ArrayList<>(entries.size());
        for (TerminalLine.TextEntry entry : entries) {
            // The entry's CharBuffer may share an array the emulator writes later: copy the characters now. The
            // library leaves some runs without a style (characters inserted past a line's end): plain cells.
            TextStyle style = entry.getStyle() == null ? TextStyle.EMPTY : entry.getStyle();
            runs.add(new CapturedLines.Run(entry.getText().toString(), style));
        }
        return new CapturedLines.Line(runs, line.isWrapped());
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
