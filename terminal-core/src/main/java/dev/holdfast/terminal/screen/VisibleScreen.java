package dev.holdfast.terminal.screen;

import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import com.techsenger.jeditermfx.core.util.CharUtils;
import dev.holdfast.terminal.emulation.TerminalSession;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The text of the rows on a terminal's screen, and nothing else: never a window of its scrollback, so rows
 * scrolling off the top with the screen unchanged are no change here. A bounded copy (rows × columns chars),
 * taken under the buffer lock by {@link #capture}; everything done with it afterwards runs off the lock.
 *
 * @param columns the screen's width
 * @param rows the screen's rows, top to bottom: exactly {@code height} of them
 * @param cursorRow the cursor's row, 0-based, or -1 when unknown
 * @param cursorColumn the cursor's column, 0-based, or -1 when unknown
 * @param alternateScreen whether the alternate screen (vim, htop, an agent's TUI) is showing
 */
public record VisibleScreen(int columns, List<Row> rows, int cursorRow, int cursorColumn, boolean alternateScreen) {

    /**
     * One screen row.
     *
     * @param text its characters, blank cells as spaces, trailing blanks removed
     * @param wrapped the text continues on the next row (a long line the terminal wrapped)
     */
    public record Row(String text, boolean wrapped) {
        public Row {
            Objects.requireNonNull(text, "text");
        }
    }

    public VisibleScreen {
        if (columns < 1) {
            throw new IllegalArgumentException("columns must be positive: " + columns);
        }
        rows = List.copyOf(rows);
    }

    /** A screen of plain rows with no wrapping, for callers that have text rather than a terminal. */
    public static VisibleScreen of(int columns, List<String> rows, int cursorRow, int cursorColumn) {
        List<Row> copied = new ArrayList<>(rows.size());
        for (String row : rows) {
            copied.add(new Row(stripTrailing(row), false));
        }
        return new VisibleScreen(columns, copied, cursorRow, cursorColumn, false);
    }

    public int height() {
        return rows.size();
    }

    /** Copies {@code session}'s screen, taking and releasing its buffer lock. */
    public static VisibleScreen capture(TerminalSession session) {
        return capture(session.terminal());
    }

    /**
     * Copies the screen rows and the cursor of {@code terminal} under its buffer lock: the only code here that
     * holds it, for rows × columns chars.
     */
    public static VisibleScreen capture(JediTerminal terminal) {
        TerminalTextBuffer buffer = terminal.getTerminalTextBuffer();
        buffer.lock();
        try {
            int width = buffer.getWidth();
            int height = buffer.getHeight();
            List<Row> rows = new ArrayList<>(height);
            StringBuilder text = new StringBuilder(width);
            for (int r = 0; r < height; r++) {
                TerminalLine line = buffer.getLine(r);
                text.setLength(0);
                appendCells(line, text, width);
                rows.add(new Row(stripTrailing(text), line.isWrapped()));
            }
            // The model counts the cursor from 1.
            return new VisibleScreen(Math.max(1, width), rows, terminal.getCursorY() - 1, terminal.getCursorX() - 1,
                    buffer.isUsingAlternateBuffer());
        } finally {
            buffer.unlock();
        }
    }

    private static void appendCells(TerminalLine line, StringBuilder text, int width) {
        line.forEachEntry(entry -> {
            int room = width - text.length();
            if (room <= 0) {
                return;
            }
            int length = Math.min(entry.getLength(), room);
            if (entry.isNul()) {
                // An empty cell, also one in the middle of a line (text printed after a cursor jump).
                for (int i = 0; i < length; i++) {
                    text.append(' ');
                }
                return;
            }
            CharSequence chars = entry.getText();
            for (int i = 0; i < length; i++) {
                char c = chars.charAt(i);
                // The library's filler for the second cell of a wide character is not text.
                if (c != CharUtils.DWC) {
                    text.append(c == CharUtils.NUL_CHAR ? ' ' : c);
                }
            }
        });
    }

    private static String stripTrailing(CharSequence text) {
        int end = text.length();
        while (end > 0 && text.charAt(end - 1) == ' ') {
            end--;
        }
        return text.subSequence(0, end).toString();
    }
}
