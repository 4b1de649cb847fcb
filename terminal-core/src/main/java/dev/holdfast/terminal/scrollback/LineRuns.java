package dev.holdfast.terminal.scrollback;

import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.CharBuffer;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Direct edits to a {@link TerminalLine}'s list of runs, for the two cases where the library's own paths cost
 * the whole line: text written into the blank rest of a line ({@link ScreenLinesBuffer}) and the blank rest a
 * line carries into the history ({@link RingLinesBuffer}).
 *
 * <p>{@code TerminalLine} is final and keeps its runs in a private {@code TextEntries} (a list and a length);
 * there is no public way to replace one run. The fields are reached once per class load through private
 * lookups; when a library version lacks them, {@link #available()} is false and every edit here declines, so
 * Holdfast falls back to the library's slower paths rather than failing. Callers hold the buffer's lock.
 */
final class LineRuns {
    private static final Logger LOG = LoggerFactory.getLogger(LineRuns.class);
    private static final String ENTRIES_CLASS = "com.techsenger.jeditermfx.core.model.TerminalLine$TextEntries";
    private static final char[] NULS = new char[1024];
    private static final VarHandle LINE_ENTRIES;
    private static final VarHandle ENTRY_LIST;
    private static final VarHandle ENTRIES_LENGTH;

    static {
        VarHandle lineEntries = null;
        VarHandle entryList = null;
        VarHandle entriesLength = null;
        try {
            Class<?> entries = Class.forName(ENTRIES_CLASS, false, TerminalLine.class.getClassLoader());
            MethodHandles.Lookup line = MethodHandles.privateLookupIn(TerminalLine.class, MethodHandles.lookup());
            MethodHandles.Lookup inner = MethodHandles.privateLookupIn(entries, MethodHandles.lookup());
            lineEntries = line.findVarHandle(TerminalLine.class, "myTextEntries", entries);
            entryList = inner.findVarHandle(entries, "myTextEntries", List.class);
            entriesLength = inner.findVarHandle(entries, "myLength", int.class);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // A library version without these internals: every write takes the library's own path.
            LOG.warn("jeditermfx-core's TerminalLine internals are not reachable ({}); coloured output and long "
                    + "histories will be slower. Update dev.holdfast.terminal.scrollback.LineRuns for this library "
                    + "version.", e.toString());
            lineEntries = null;
        }
        LINE_ENTRIES = lineEntries;
        ENTRY_LIST = entryList;
        ENTRIES_LENGTH = entriesLength;
    }

    private LineRuns() {
    }

    /** Whether the direct path is available with this library version; without it writes are only slower. */
    static boolean available() {
        return LINE_ENTRIES != null;
    }

    /**
     * Writes {@code text} at column {@code x} when that is where the line's trailing run of NUL cells starts and
     * no run before it is NUL-led; returns false, having changed nothing, otherwise.
     */
    static boolean writeIntoBlankRest(TerminalLine line, int x, CharBuffer text, TextStyle style) {
        return writeIntoBlankRest(line, x, text, style, new CheckedRuns());
    }

    /**
     * What a previous {@link #writeIntoBlankRest} found about one line: its first {@code count} runs hold text,
     * ending with the run it wrote. Why: text is written into a line run by run, and checking every run before
     * the blank rest at each write cost a coloured line its runs squared. A run that holds text never turns
     * into a NUL-led one in place (the library only turns NULs into spaces), so the check can start where the
     * last one ended as long as the line's run list is the one checked, with the same run where it ended; any
     * rebuild of the line makes a new list or new runs, and the check starts over.
     */
    static final class CheckedRuns {
        private Object entries;
        private int count;
        private TerminalLine.TextEntry last;
        /** The run of the blank lines the screen last opened, all NULs when made (the library's, too). */
        private TerminalLine.TextEntry filler;

        /**
         * {@code filler}'s cells were all NUL when it was made: a blank line's run, which the next write into
         * that line then need not scan.
         */
        void openedWith(TerminalLine.TextEntry filler) {
            this.filler = filler;
        }
    }

    /** {@link #writeIntoBlankRest(TerminalLine, int, CharBuffer, TextStyle)}, remembering its check in {@code checked}. */
    static boolean writeIntoBlankRest(TerminalLine line, int x, CharBuffer text, TextStyle style,
            CheckedRuns checked) {
        int n = text.length();
        if (LINE_ENTRIES == null || n == 0 || text.charAt(0) == 0) {
            return false;
        }
        Object entries = LINE_ENTRIES.get(line);
        int length = (int) ENTRIES_LENGTH.get(entries);
        List<TerminalLine.TextEntry> runs = runsOf(entries);
        TerminalLine.TextEntry blank = blankRestAt(entries, runs, length, x, checked);
        if (blank == null || blank.getStyle() == style) {
            return false;
        }
        TerminalLine.TextEntry written = new TerminalLine.TextEntry(style, text);
        runs.set(runs.size() - 1, written);
        leaveBlankRest(entries, runs, blank, written, length, x, n, checked);
        return true;
    }

    /**
     * The line's trailing run of NUL cells, when it starts at column {@code x} and no run before it is NUL-led:
     * where text may go in without the library's rebuild of the line; null otherwise.
     */
    private static TerminalLine.TextEntry blankRestAt(Object entries, List<TerminalLine.TextEntry> runs, int length,
                                                      int x, CheckedRuns checked) {
        if (x >= length) {
            return null; // the library appends without rebuilding the line
        }
        int last = runs.size() - 1;
        if (last < 0) {
            return null;
        }
        TerminalLine.TextEntry blank = runs.get(last);
        if (length - blank.getLength() != x || !blankRest(blank, checked)
                || !noNulRunBefore(runs, last, entries, checked)) {
            return null;
        }
        return blank;
    }

    /**
     * After {@code cells} cells of text from column {@code x} replaced the blank rest {@code blank} of a line
     * {@code length} cells long, {@code written} the last of its runs: what is left of the blank follows them, and
     * {@code checked} remembers the line as it is now.
     */
    private static void leaveBlankRest(Object entries, List<TerminalLine.TextEntry> runs, TerminalLine.TextEntry blank,
                                       TerminalLine.TextEntry written, int length, int x, int cells,
                                       CheckedRuns checked) {
        checked.entries = entries;
        checked.count = runs.size();
        checked.last = written;
        int rest = length - x - cells;
        if (rest > 0) {
            runs.add(BlankRun.restOf(blank, cells));
        } else if (rest < 0) {
            ENTRIES_LENGTH.set(entries, x + cells);
        }
    }

    /**
     * Whether no run before run {@code last} is NUL-led: the library turns such runs before new text into spaces,
     * and such lines keep its path. The runs {@code checked} saw unchanged are not looked at again.
     */
    private static boolean noNulRunBefore(List<TerminalLine.TextEntry> runs, int last, Object entries,
                                          CheckedRuns checked) {
        int from = 0;
        if (checked.entries == entries && checked.count <= last && checked.count > 0
                && runs.get(checked.count - 1) == checked.last) {
            from = checked.count;
        }
        for (int i = from; i < last; i++) {
            if (runs.get(i).isNul()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Writes runs {@code k = 0 .. count - 1}, {@code text[froms[k], froms[k] + lengths[k])} in {@code styles[k]},
     * one after another from column {@code x}, with the cells {@code count} calls of
     * {@link #writeIntoBlankRest(TerminalLine, int, CharBuffer, TextStyle, CheckedRuns)} would leave, when the
     * first of them would take the direct path; returns false, having changed nothing, otherwise.
     *
     * <p>Why: written run by run, each run left a fresh blank rest behind it, a copy of the NUL cells still to
     * come (the library's runs copy their text), which the next run replaced at once: a coloured row of a dozen
     * runs copied six screen widths of NULs, most of a coloured flood's garbage. Here the row's runs go in
     * together and the blank rest is made once.
     */
    static boolean writeRunsIntoBlankRest(TerminalLine line, int x, char[] text, int[] froms, int[] lengths,
            TextStyle[] styles, int count, CheckedRuns checked) {
        if (LINE_ENTRIES == null || count == 0) {
            return false;
        }
        int total = 0;
        for (int k = 0; k < count; k++) {
            if (lengths[k] == 0 || text[froms[k]] == 0) {
                return false;
            }
            total += lengths[k];
        }
        Object entries = LINE_ENTRIES.get(line);
        int length = (int) ENTRIES_LENGTH.get(entries);
        List<TerminalLine.TextEntry> runs = runsOf(entries);
        TerminalLine.TextEntry blank = blankRestAt(entries, runs, length, x, checked);
        if (blank == null) {
            return false;
        }
        for (int k = 0; k < count; k++) {
            // Run by run, a run in the blank's very style would have taken the library's path.
            if (styles[k] == blank.getStyle()) {
                return false;
            }
        }
        if (runs instanceof ArrayList<TerminalLine.TextEntry> list) {
            list.ensureCapacity(runs.size() + count);
        }
        // None of the runs starts with NUL (checked above), so they may share one array (see TextCells).
        char[] cells = TextCells.copy(text, froms, lengths, count, total);
        TerminalLine.TextEntry written = TextCells.run(styles[0], cells, 0, lengths[0]);
        runs.set(runs.size() - 1, written);
        int at = lengths[0];
        for (int k = 1; k < count; k++) {
            written = TextCells.run(styles[k], cells, at, lengths[k]);
            runs.add(written);
            at += lengths[k];
        }
        leaveBlankRest(entries, runs, blank, written, length, x, total, checked);
        return true;
    }

    /**
     * Whether {@code blank} is all NUL cells. The rests this class leaves and the blank lines' runs Holdfast makes
     * ({@link BlankRun}), and the run of the blank lines the screen last opened, are known without a scan: each
     * was made of NULs in an array of its own, and the library changes such an array only whole, NULs to spaces
     * ({@code CharBuffer.unNullify}).
     */
    private static boolean blankRest(TerminalLine.TextEntry blank, CheckedRuns checked) {
        if (BlankRun.knownNul(blank)) {
            return true;
        }
        if (blank == checked.filler) {
            return blank.getText().charAt(0) == 0;
        }
        return allNul(blank.getText());
    }

    /**
     * Whether {@code line.deleteCharacters(x)} would leave the line's runs as they are: the line ends at or
     * before {@code x}, and no NUL-led run comes before its last (the library rebuilds the run list on that call,
     * and its rebuild turns every NUL-led run that has a run of text after it into spaces). False, having looked
     * at nothing, when the internals are not reachable.
     */
    static boolean endsBy(TerminalLine line, int x) {
        if (LINE_ENTRIES == null) {
            return false;
        }
        Object entries = LINE_ENTRIES.get(line);
        if ((int) ENTRIES_LENGTH.get(entries) > x) {
            return false;
        }
        List<TerminalLine.TextEntry> runs = runsOf(entries);
        for (int i = runs.size() - 2; i >= 0; i--) {
            if (runs.get(i).isNul()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Drops a line's trailing run of NUL cells when it has no colour or attribute and text comes before it, so a
     * line kept in the history holds its text and not a screen's width of blank cells. Such cells draw, copy
     * and export like no cells at all.
     */
    static void dropPlainBlankTail(TerminalLine line, PlainStyles plain) {
        if (LINE_ENTRIES == null || line == null || line.isWrapped()) {
            return;
        }
        Object entries = LINE_ENTRIES.get(line);
        List<TerminalLine.TextEntry> runs = runsOf(entries);
        int last = runs.size() - 1;
        if (last < 1) {
            return;
        }
        TerminalLine.TextEntry blank = runs.get(last);
        if (!plain.plain(blank.getStyle()) || !(BlankRun.knownNul(blank) || allNul(blank.getText()))
                || runs.get(last - 1).isNul()) {
            return;
        }
        runs.remove(last);
        ENTRIES_LENGTH.set(entries, (int) ENTRIES_LENGTH.get(entries) - blank.getLength());
    }

    /**
     * Which styles are plain ({@code TextStyle.EMPTY} by value), remembering the last one found so by identity. Why:
     * a flood's blank rests share a few style objects (one per current style, see
     * {@code FastHistoryTextBuffer.filler}), and comparing colours and option sets by value for every line that
     * went into the history was a tenth of putting it there. Styles are immutable, so identity keeps the answer.
     */
    static final class PlainStyles {
        private TextStyle last;

        boolean plain(TextStyle style) {
            if (style == last && style != null) {
                return true;
            }
            if (!TextStyle.EMPTY.equals(style)) {
                return false;
            }
            last = style;
            return true;
        }
    }

    /**
     * Gives a fresh, empty line exactly these runs and this length, as they were read from another line:
     * the library's public way in ({@code writeString}) merges runs by style and turns NUL-led runs into
     * spaces, which would not give back the line that was kept.
     *
     * @throws IllegalStateException when the internals are not reachable; callers check {@link #available()}
     */
    static void fill(TerminalLine line, List<TerminalLine.TextEntry> runs, int length) {
        if (LINE_ENTRIES == null) {
            throw new IllegalStateException("TerminalLine internals are not reachable");
        }
        Object entries = LINE_ENTRIES.get(line);
        List<TerminalLine.TextEntry> list = runsOf(entries);
        list.addAll(runs);
        ENTRIES_LENGTH.set(entries, length);
    }

    /**
     * A line's own run list, not a copy or a wrapper ({@code getEntries()} wraps it in an unmodifiable list);
     * callers hold the buffer's lock and check {@link #available()} first.
     */
    static List<TerminalLine.TextEntry> entries(TerminalLine line) {
        return runsOf(LINE_ENTRIES.get(line));
    }

    /**
     * The run list of a {@code TextEntries}. Read as an {@code ArrayList} (what the library makes) with a class
     * check: a cast to the {@code List} interface is an interface check, and JDK 17 remembers one interface per
     * class for those, so casts to {@code List} here and the library's {@code instanceof RandomAccess} on the
     * same lists took turns evicting each other: a tenth of a coloured flood's time went to this one cast.
     */
    @SuppressWarnings("unchecked")
    private static List<TerminalLine.TextEntry> runsOf(Object entries) {
        Object list = ENTRY_LIST.get(entries);
        return list instanceof ArrayList<?> arrayList
                ? (ArrayList<TerminalLine.TextEntry>) arrayList : (List<TerminalLine.TextEntry>) list;
    }

    private static boolean allNul(CharBuffer text) {
        char[] chars = text.getBuf();
        int at = text.getStart();
        int end = at + text.length();
        // Arrays.mismatch compares many chars per instruction; blank runs are as wide as the screen.
        while (at < end) {
            int n = Math.min(end - at, NULS.length);
            if (Arrays.mismatch(chars, at, at + n, NULS, 0, n) >= 0) {
                return false;
            }
            at += n;
        }
        return true;
    }
}
