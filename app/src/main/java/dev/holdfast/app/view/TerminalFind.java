package dev.holdfast.app.view;

import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Find in one terminal's history and screen. A search copies the lines on the search executor in bounded
 * chunks ({@link HistoryLineCopy}: the buffer lock is held for one chunk at a time, never for the whole history),
 * matches them there ({@link TextSearch}), and hands the result to the FX executor; a newer search supersedes
 * an older one at any point. Matches are kept by {@link LineNumbers line number}, so output that scrolls on
 * afterwards does not move them. "Next" goes up towards older output, as a terminal user reads.
 *
 * <p>Everything but the search job runs on the FX thread.
 */
public final class TerminalFind {
    /** Lines copied per hold of the buffer lock. */
    public static final int COPY_CHUNK_LINES = 2_000;

    /** What find needs from the view that shows the terminal. FX thread. */
    interface Display {
        /** Line number of the bottom row on screen. */
        long bottomLine();

        /** Scrolls line number {@code line} into view. */
        void reveal(long line);

        /** The highlighted matches (or the current one) changed. */
        void highlightsChanged();
    }

    /** The matches of the last search, numbered from {@code firstLine} (match line 0 is line {@code firstLine}). */
    record Found(TextSearch.Matches matches, long firstLine) {
        static final Found NONE = new Found(TextSearch.Matches.NONE, 0);

        /** The matches' own index of line number {@code line}, clamped to the int range. */
        int matchLine(long line) {
            return (int) Math.max(Integer.MIN_VALUE / 2, Math.min(Integer.MAX_VALUE / 2, line - firstLine));
        }

        long lineOf(int match) {
            return firstLine + matches.lines()[match];
        }
    }

    private final TerminalTextBuffer buffer;
    private final Executor searchExecutor;
    private final Executor fx;
    private final int chunkLines;
    private final Display display;
    private final AtomicLong generation = new AtomicLong();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private Found found = Found.NONE;
    private int current = -1;
    /** The query of the search shown (or running), null once find is cleared. */
    private TextSearch.Query query;

    /**
     * @param searchExecutor copies and matches, off the FX thread
     * @param fx applies results (the FX thread)
     * @param chunkLines lines copied per hold of the buffer lock
     */
    TerminalFind(TerminalTextBuffer buffer, Executor searchExecutor, Executor fx, int chunkLines, Display display) {
        this.buffer = buffer;
        this.searchExecutor = searchExecutor;
        this.fx = fx;
        this.chunkLines = chunkLines;
        this.display = display;
    }

    /** Starts a search; a newer one supersedes it. */
    void search(TextSearch.Query query) {
        search(query, true);
    }

    /**
     * Searches again for what is shown, where the text is now, without scrolling: a change of width re-wrapped the
     * text, and the matches' line numbers now name other lines. The current match is again the one nearest the
     * bottom of the screen. Nothing when no search is shown.
     */
    void refresh() {
        if (query != null && !query.isEmpty()) {
            search(query, false);
        }
    }

    private void search(TextSearch.Query query, boolean reveal) {
        this.query = query;
        long search = generation.incrementAndGet();
        if (query.isEmpty()) {
            apply(search, Found.NONE, reveal);
            return;
        }
        BooleanSupplier superseded = () -> generation.get() != search;
        searchExecutor.execute(() -> {
            HistoryLineCopy copy = new HistoryLineCopy(buffer, chunkLines);
            while (!copy.step()) {
                if (superseded.getAsBoolean()) {
                    return;
                }
            }
            if (superseded.getAsBoolean()) {
                return;
            }
            HistoryLineCopy.Copied lines = copy.result();
            TextSearch.Matches matches = TextSearch.search(lines.lines(), lines.wrapped(), 0, query, superseded);
            if (matches != null) {
                fx.execute(() -> apply(search, new Found(matches, lines.firstLine()), reveal));
            }
        });
    }

    private void apply(long search, Found result, boolean reveal) {
        if (generation.get() != search) {
            return;
        }
        found = result;
        current = -1;
        TextSearch.Matches matches = result.matches();
        if (matches.count() > 0) {
            // Start from the match nearest the bottom of what is on screen, as a user reads upwards.
            int after = matches.firstOnOrAfter(result.matchLine(display.bottomLine()) + 1);
            current = Math.max(0, after - 1);
            if (reveal) {
                display.reveal(result.lineOf(current));
            }
        }
        status.set(TextSearch.describe(matches, current));
        display.highlightsChanged();
    }

    void next() {
        step(-1);
    }

    void previous() {
        step(1);
    }

    private void step(int olderFirst) {
        TextSearch.Matches matches = found.matches();
        if (matches.count() == 0) {
            return;
        }
        current = Math.floorMod(current + (olderFirst > 0 ? 1 : -1), matches.count());
        display.reveal(found.lineOf(current));
        status.set(TextSearch.describe(matches, current));
        display.highlightsChanged();
    }

    /** Ends the search: a running one is abandoned and the highlights go. */
    void clear() {
        generation.incrementAndGet();
        query = null;
        found = Found.NONE;
        current = -1;
        display.highlightsChanged();
    }

    /** Number of matches of the current search. */
    public int matchCount() {
        return found.matches().count();
    }

    /** What the find bar says: "3 of 1,204", "no matches", "invalid pattern". */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    Found found() {
        return found;
    }

    /** Index of the current match, or -1. */
    int currentMatch() {
        return current;
    }
}
