package dev.holdfast.terminal.emulation;

import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.scrollback.FastHistoryTextBuffer;
import dev.holdfast.terminal.scrollback.RewrapAnchors;
import dev.holdfast.terminal.stream.HyperlinkListener;
import java.util.ArrayList;
import java.util.IdentityHashMap;
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

    /**
     * Before a change of width (which re-wraps every line into new objects): takes each link's first and last cell
     * in {@code rewrapping}, and returns what puts the links on the new lines once the model has its new width:
     * a link is kept where both its ends are found again, over every row its text now covers. Caller holds the
     * buffer lock from this call until the returned action has run.
     */
    public Runnable rewrap(FastHistoryTextBuffer rewrapping) {
        record End(Span span, boolean first) {
        }
        Map<End, RewrapAnchors.Place> places = new IdentityHashMap<>();
        List<End[]> links = new ArrayList<>();
        for (Map.Entry<TerminalLine, List<Span>> line : spans.entrySet()) {
            for (Span span : line.getValue()) {
                End[] ends = {new End(span, true), new End(span, false)};
                places.put(ends[0], new RewrapAnchors.Place(line.getKey(), span.from()));
                places.put(ends[1], new RewrapAnchors.Place(line.getKey(), span.to() - 1));
                links.add(ends);
            }
        }
        // A link still being printed: where it started, to be closed on the new line.
        End open = openUri == null ? null : new End(new Span(openColumn, openColumn, openUri), true);
        if (open != null) {
            places.put(open, new RewrapAnchors.Place(openLine, openColumn));
        }
        RewrapAnchors<End> anchors = rewrapping.anchors(places);
        return () -> {
            Map<End, RewrapAnchors.Place> found = anchors.find();
            if (open != null) {
                RewrapAnchors.Place start = found.get(open);
                openLine = start == null ? null : start.line();
                openColumn = start == null ? 0 : start.column();
                openUri = start == null ? null : openUri;
            }
            spans.clear();
            for (End[] ends : links) {
                RewrapAnchors.Place first = found.get(ends[0]);
                RewrapAnchors.Place last = found.get(ends[1]);
                if (first != null && last != null) {
                    relink(rewrapping, first, last, ends[0].span().uri());
                }
            }
        };
    }

    /** A link's spans from {@code first} to {@code last}, both cells included, on the lines found for them. */
    private void relink(FastHistoryTextBuffer rewrapped, RewrapAnchors.Place first, RewrapAnchors.Place last,
            String uri) {
        if (first.line() == last.line()) {
            addSpan(first.line(), new Span(first.column(), last.column() + 1, uri));
            return;
        }
        addSpan(first.line(), new Span(first.column(), buffer.getWidth(), uri));
        addSpan(last.line(), new Span(0, last.column() + 1, uri));
        // The rows between are wholly the link's; found from its last row up, where the shown screen has them.
        if (buffer.isUsingAlternateBuffer()) {
            return;
        }
        int row = rewrapped.rowOf(last.line());
        int top = -buffer.getHistoryLinesCount();
        List<TerminalLine> between = new ArrayList<>();
        for (int up = row - 1; row != Integer.MIN_VALUE && up >= top && row - up < MAX_LINK_LINES; up--) {
            TerminalLine line = buffer.getLine(up);
            if (line == first.line()) {
                for (TerminalLine middle : between) {
                    FastHistoryTextBuffer.keepAsObject(buffer, middle);
                    addSpan(middle, new Span(0, buffer.getWidth(), uri));
                }
                return;
            }
            between.add(line);
        }
    }

    /** Adds a span; one that goes on where a span of the same link on the line ends joins it (a re-wrap's halves). */
    private void addSpan(TerminalLine line, Span span) {
        List<Span> onLine = spans.computeIfAbsent(line, l -> new ArrayList<>(1));
        for (int i = 0; i < onLine.size(); i++) {
            Span known = onLine.get(i);
            if (known.uri().equals(span.uri()) && (known.to() == span.from() || span.to() == known.from())) {
                onLine.set(i, new Span(Math.min(known.from(), span.from()), Math.max(known.to(), span.to()), span.uri()));
                return;
            }
        }
        onLine.add(span);
    }

    /** The links on {@code line}, possibly empty. Caller holds the buffer lock. */
    public List<Span> spansOf(TerminalLine line) {
        List<Span> found = spans.get(line);
        return found == null ? List.of() : List.copyOf(found);
    }
}
