package dev.holdfast.terminal.emulation;

import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.scrollback.FastHistoryTextBuffer;
import dev.holdfast.terminal.stream.HyperlinkListener;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Keeps the URIs of OSC 8 hyperlinks, which JediTerm's model drops. Spans are keyed by the line objects they
 * were printed on: those objects move from the screen into the history unchanged, so a link stays on its
 * text as it scrolls, and a line evicted from the history takes its links with it (weak keys).
 *
 * <p>Written on the reader thread and read by the renderer, both under the buffer lock.
 */
public final class HyperlinkTable implements HyperlinkListener {
    /** How far up a link may reach from where it ends, in lines: a bound on the search for its start. */
    static final int MAX_LINK_LINES = 64;

    /** Cells {@code from} (inclusive) to {@code to} (exclusive) of a line link to {@code uri}. */
    public record Span(int from, int to, String uri) {
    }

    private final JediTerminal terminal;
    private final TerminalTextBuffer buffer;
    private final Map<TerminalLine, List<Span>> spans = new WeakHashMap<>();
    private String openUri;
    private TerminalLine openLine;
    private int openColumn;

    public HyperlinkTable(JediTerminal terminal, TerminalTextBuffer buffer) {
        this.terminal = terminal;
        this.buffer = buffer;
    }

    @Override
    public void hyperlinkStarted(String uri, String params) {
        buffer.lock();
        try {
            closeOpenLink();
            openUri = uri;
            openLine = buffer.getLine(terminal.getCursorY() - 1);
            // Links are keyed by line objects, which the history would otherwise pack away.
            FastHistoryTextBuffer.keepAsObject(buffer, openLine);
            openColumn = terminal.getCursorX() - 1;
        } finally {
            buffer.unlock();
        }
    }

    @Override
    public void hyperlinkEnded() {
        buffer.lock();
        try {
            closeOpenLink();
        } finally {
            buffer.unlock();
        }
    }

    private void closeOpenLink() {
        if (openUri == null) {
            return;
        }
        int endRow = terminal.getCursorY() - 1;
        int endColumn = terminal.getCursorX() - 1;
        int width = buffer.getWidth();
        int first = -buffer.getHistoryLinesCount();
        int startRow = endRow;
        while (startRow > first && endRow - startRow < MAX_LINK_LINES && buffer.getLine(startRow) != openLine) {
            startRow--;
        }
        if (buffer.getLine(startRow) == openLine) {
            for (int row = startRow; row <= endRow; row++) {
                int from = row == startRow ? openColumn : 0;
                int to = row == endRow ? endColumn : width;
                if (to > from) {
                    TerminalLine line = buffer.getLine(row);
                    FastHistoryTextBuffer.keepAsObject(buffer, line);
                    spans.computeIfAbsent(line, l -> new ArrayList<>(1)).add(new Span(from, to, openUri));
                }
            }
        }
        openUri = null;
        openLine = null;
    }

    /** The links on {@code line}, possibly empty. Caller holds the buffer lock. */
    public List<Span> spansOf(TerminalLine line) {
        List<Span> found = spans.get(line);
        return found == null ? List.of() : List.copyOf(found);
    }
}
