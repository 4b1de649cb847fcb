package dev.holdfast.app.view;

import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import com.techsenger.jeditermfx.core.util.CharUtils;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a selection into the text a user expects to paste: trailing blanks trimmed, lines the terminal
 * wrapped joined back into one, wide characters once.
 */
public final class SelectionText {
    private SelectionText() {
    }

    private record CopiedLine(String text, boolean wrapped) {
    }

    /**
     * Lines copied per hold of the buffer lock: Select All of a long (or unlimited) history on the FX thread held it,
     * and so the tab's reader, for as long as the whole copy took. A hold of this many lines takes about a
     * millisecond.
     */
    static final int CHUNK_LINES = 1_000;

    /** What a line that left the history while the copy was under way is copied as. */
    private static final CopiedLine GONE = new CopiedLine("", false);

    /** Every line of the screen (and the history), as a copy of all of it would give them. */
    public static String plainText(TerminalTextBuffer buffer, boolean includeHistory) {
        // extract() clamps a selection to the lines that exist, so the widest range means "all of it".
        Selection all = new Selection(new CellPoint(includeHistory ? Integer.MIN_VALUE / 2 : 0, 0),
                new CellPoint(Integer.MAX_VALUE / 2, Integer.MAX_VALUE / 2), false);
        return extract(buffer, all);
    }

    static String extract(TerminalTextBuffer buffer, Selection selection) {
        return extract(buffer, selection, CHUNK_LINES);
    }

    /**
     * As {@link #extract(TerminalTextBuffer, Selection)}, holding the buffer lock for at most {@code chunkLines}
     * lines at a time.
     */
    static String extract(TerminalTextBuffer buffer, Selection selection, int chunkLines) {
        return copy(pin(buffer, selection), chunkLines);
    }

    /**
     * A selection pinned to {@link LineNumbers line numbers}: output that scrolls after it was pinned neither shifts
     * nor repeats what {@link #copy} copies.
     */
    record Pinned(TerminalTextBuffer buffer, Selection selection, int width, int first, long firstNumber,
                  long endNumber) {
        /** Lines the copy will read. */
        long lines() {
            return endNumber - firstNumber;
        }
    }

    /** Pins {@code selection} to the lines it covers now, in one short hold of the lock. */
    static Pinned pin(TerminalTextBuffer buffer, Selection selection) {
        buffer.lock();
        try {
            int width = buffer.getWidth();
            int history = buffer.getHistoryLinesCount();
            long evicted = LineNumbers.evicted(buffer);
            int first = Math.max(selection.start().line(), -history);
            int last = Math.min(selection.end().line(), buffer.getHeight() - 1);
            long firstNumber = LineNumbers.number(first, history, evicted);
            long endNumber = last < first ? firstNumber : LineNumbers.number(last, history, evicted) + 1;
            return new Pinned(buffer, selection, width, first, firstNumber, endNumber);
        } finally {
            buffer.unlock();
        }
    }

    /**
     * The text of a pinned selection, copied {@code chunkLines} lines per hold of the buffer lock; a line that left
     * the top of the history since it was pinned is copied as empty (nothing can show it any more). Any thread.
     */
    static String copy(Pinned pinned, int chunkLines) {
        TerminalTextBuffer buffer = pinned.buffer();
        Selection selection = pinned.selection();
        int width = pinned.width();
        int first = pinned.first();
        long next = pinned.firstNumber();
        long end = pinned.endNumber();
        List<CopiedLine> lines = new ArrayList<>();
        while (next < end) {
            buffer.lock();
            try {
                int history = buffer.getHistoryLinesCount();
                long evicted = LineNumbers.evicted(buffer);
                int height = buffer.getHeight();
                long stop = Math.min(end, next + chunkLines);
                for (long n = next; n < stop; n++) {
                    int index = LineNumbers.index(n, history, evicted);
                    if (index < -history || index >= height) {
                        lines.add(GONE);
                    } else {
                        TerminalLine line = buffer.getLine(index);
                        lines.add(new CopiedLine(line.getText(), line.isWrapped()));
                    }
                }
                next = stop;
            } finally {
                buffer.unlock();
            }
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            int lineIndex = first + i;
            CopiedLine line = lines.get(i);
            int[] range = selection.columnsOn(lineIndex, width);
            String text = line.text();
            int from = Math.min(range[0], text.length());
            int to = Math.min(range[1], text.length());
            String piece = text.substring(from, to).replace(String.valueOf(CharUtils.DWC), "");
            boolean joinsNext = !selection.rectangular() && line.wrapped() && to >= text.length();
            out.append(joinsNext ? piece : stripTrailing(piece));
            if (i < lines.size() - 1 && !joinsNext) {
                out.append('\n');
            }
        }
        return out.toString();
    }

    private static String stripTrailing(String s) {
        int end = s.length();
        while (end > 0 && (s.charAt(end - 1) == ' ' || s.charAt(end - 1) == CharUtils.EMPTY_CHAR)) {
            end--;
        }
        return s.substring(0, end);
    }

    /** Characters that belong to a word for double-click selection (paths and URLs stay whole). */
    static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || "-_./~:@%+#=?&".indexOf(c) >= 0;
    }
}
