package dev.holdfast.terminal.scrollback;

import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.CharBuffer;
import com.techsenger.jeditermfx.core.model.LinesBuffer;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

/**
 * The screen's {@link LinesBuffer}, where writing text into the blank rest of a line costs the text, not the
 * line.
 *
 * <p>Why: the library opens every fresh line (scrolled in, inserted, erased) as one run of NUL cells as wide as
 * the screen, and writing into a line that is not empty takes its general path, which copies the whole line
 * into cell arrays, writes the text and regroups every cell into runs. Output that changes colour (a build log,
 * {@code ls --color}) writes a run per colour change, so each line cost runs × width: two thirds of the time
 * of {@code cat} on a coloured file went there.
 *
 * <p>The common case is recognised and done directly: text written exactly where the line's trailing run of NUL
 * cells begins, after runs that all hold text. The library's result is then those runs, the text, and the NUL
 * cells that remain; {@link LineRuns} edits the line's run list to that. Everything else (overwriting text,
 * writing past the end, a NUL-led run anywhere before) goes to the library, as does everything when the line's
 * internals cannot be reached. {@code FastHistoryTextBufferTest} drives both buffers with random output and
 * compares every cell.
 *
 * <p>Styles are written as one shared instance per distinct style ({@link StyleCanon}): the emulator makes a
 * new style object, with its own option set and colours, at every colour change, and a line in the history
 * would otherwise keep one per run.
 *
 * <p>Not thread-safe; used under {@code TerminalTextBuffer.lock()} like the library's buffer.
 */
public final class ScreenLinesBuffer extends LinesBuffer {
    private static final VarHandle LINES;

    static {
        VarHandle lines = null;
        try {
            lines = MethodHandles.privateLookupIn(LinesBuffer.class, MethodHandles.lookup())
                    .findVarHandle(LinesBuffer.class, "myLines", ArrayList.class);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // Without it, scrolling takes the library's path: correct, a few list copies slower per line.
            lines = null;
        }
        LINES = lines;
    }

    private final StyleCanon styles = new StyleCanon();
    private final LineRuns.CheckedRuns checkedRuns = new LineRuns.CheckedRuns();
    /** {@link #writeRuns}' styles, as their shared instances. */
    private TextStyle[] shared = new TextStyle[64];

    public ScreenLinesBuffer() {
        super(null);
    }

    /**
     * Deletes {@code count} lines at {@code y} in the region ending at {@code lastLine} and opens blank lines at
     * the region's bottom, as the library does, and returns the deleted lines. The library's version builds three
     * buffers and copies the screen's line list four times per call; here the list is edited in place
     * ({@link #scrollUp}). Arguments outside the screen go to the library.
     */
    @Override
    public LinesBuffer deleteLines(int y, int count, int lastLine, TerminalLine.TextEntry filler) {
        List<TerminalLine> gone = new ArrayList<>(Math.max(0, Math.min(count, lastLine + 1 - y)));
        if (!scrollUp(y, count, lastLine, filler, gone, null)) {
            return super.deleteLines(y, count, lastLine, filler);
        }
        LinesBuffer removed = new LinesBuffer(null);
        removed.addLines(gone);
        return removed;
    }

    /** Whether {@code line}, that very object, is one of this screen's lines. */
    boolean holds(TerminalLine line) {
        List<TerminalLine> lines = lines();
        // Unknown without the list's field: taken as held, so that a kept line is never let go of.
        return lines == null || KeptLines.indexOfSame(lines, line) >= 0;
    }

    /** The library's list of this screen's lines, or null without its field. */
    @SuppressWarnings("unchecked")
    private List<TerminalLine> lines() {
        return LINES == null ? null : (List<TerminalLine>) LINES.get(this);
    }

    /**
     * {@link #deleteLines} without a buffer for the deleted lines: they are added to {@code gone}, in order. This
     * is how every line scrolls up, so it edits the screen's list in place, with nothing allocated but the blank
     * lines. Returns false, having changed nothing, for
     * arguments outside the screen (or without the list's field), which take the library's path.
     */
    boolean scrollUp(int y, int count, int lastLine, TerminalLine.TextEntry filler, List<TerminalLine> gone,
                     Deque<TerminalLine> spare) {
        List<TerminalLine> lines = lines();
        int total = lines == null ? 0 : lines.size();
        if (lines == null || y < 0 || count < 1 || y > lastLine || lastLine >= total) {
            return false;
        }
        int regionEnd = lastLine + 1;
        int deleted = Math.min(count, regionEnd - y);
        // The list's own shifts (one array copy each), not a loop of sets: each set of a young line into the
        // screen's long-lived list pays the collector's write barrier, a copy pays it once. At the bottom of the
        // screen, the usual case, the blank line is appended and nothing shifts twice.
        if (deleted == 1) {
            gone.add(lines.remove(y));
        } else {
            List<TerminalLine> region = lines.subList(y, y + deleted);
            gone.addAll(region);
            region.clear();
        }
        // Every filler is NUL cells (the library's createFillerEntry, or FastHistoryTextBuffer's like it).
        checkedRuns.openedWith(filler);
        // The library's blank lines share the one filler run, as here.
        if (deleted > 1) {
            BlankRun.sharedBySeveralLines(filler);
        }
        for (int i = 0; i < deleted; i++) {
            TerminalLine opened = spare == null ? null : spare.poll();
            if (opened == null) {
                opened = new TerminalLine(filler);
            } else {
                opened.clear(filler);
            }
            lines.add(regionEnd - deleted, opened);
        }
        return true;
    }

    /**
     * {@link #writeString} of runs {@code k = 0 .. count - 1}, {@code text[froms[k], froms[k] + lengths[k])} in
     * {@code styles[k]}, one after another from column {@code x} of line {@code y}, when they go into the line's
     * blank rest together ({@link LineRuns#writeRunsIntoBlankRest}): the row of runs a coloured line is, its
     * blank rest made once. Returns false, having changed nothing, otherwise; the caller then writes them one
     * by one.
     */
    boolean writeRuns(int x, int y, char[] text, int[] froms, int[] lengths, TextStyle[] styles, int count) {
        if (shared.length < count) {
            shared = new TextStyle[Math.max(count, 2 * shared.length)];
        }
        for (int k = 0; k < count; k++) {
            shared[k] = this.styles.of(styles[k]);
        }
        try {
            return LineRuns.writeRunsIntoBlankRest(getLine(y), x, text, froms, lengths, shared, count, checkedRuns);
        } finally {
            Arrays.fill(shared, 0, count, null);
        }
    }

    @Override
    public void writeString(int x, int y, CharBuffer text, TextStyle style) {
        TextStyle canonical = styles.of(style);
        if (!LineRuns.writeIntoBlankRest(getLine(y), x, text, canonical, checkedRuns)) {
            super.writeString(x, y, text, canonical);
        }
    }
}
