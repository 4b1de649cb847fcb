package dev.holdfast.terminal.export;

import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import com.techsenger.jeditermfx.core.util.CharUtils;
import java.util.ArrayList;
import java.util.List;

/**
 * A terminal's rows as they are on screen, one string per physical row: a line the terminal wrapped stays two
 * rows (not joined back into the line the program wrote), cells past the last column are left out, a wide
 * character is written once, blank cells are spaces, and trailing blanks are trimmed. What a screenshot would
 * show, as text: the form that shows where an emulator put each character.
 */
public final class PhysicalRows {
    private PhysicalRows() {
    }

    /**
     * The screen's rows, top to bottom, after the history's when {@code includeHistory}; takes the buffer's lock
     * for the copy.
     */
    public static List<String> of(TerminalTextBuffer buffer, boolean includeHistory) {
        buffer.lock();
        try {
            int width = buffer.getWidth();
            int first = includeHistory ? -buffer.getHistoryLinesCount() : 0;
            List<String> rows = new ArrayList<>(buffer.getHeight() - first);
            for (int row = first; row < buffer.getHeight(); row++) {
                rows.add(row(buffer.getLine(row), width));
            }
            return rows;
        } finally {
            buffer.unlock();
        }
    }

    /** One row's text: its first {@code width} cells. */
    static String row(TerminalLine line, int width) {
        StringBuilder out = new StringBuilder(width);
        int cells = 0;
        for (TerminalLine.TextEntry entry : line.getEntries()) {
            int length = entry.getLength();
            for (int i = 0; i < length && cells < width; i++, cells++) {
                char c = entry.getText().charAt(i);
                if (c != CharUtils.DWC) {
                    out.append(CellText.printable(c));
                }
            }
        }
        int end = out.length();
        while (end > 0 && out.charAt(end - 1) == ' ') {
            end--;
        }
        out.setLength(end);
        return out.toString();
    }
}
