package dev.holdfast.terminal.scrollback;

import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.CharBuffer;
import com.techsenger.jeditermfx.core.model.LinesBuffer;
import com.techsenger.jeditermfx.core.model.StyleState;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The library's {@link TerminalTextBuffer} with its history kept in a {@link RingLinesBuffer}, so a full
 * scrollback costs the same per scrolled line whether it holds 1,000 lines or 1,000,000, and its screen in an
 * {@link ScreenLinesBuffer}, so writing coloured output into a fresh line does not rebuild the line for
 * every colour change.
 *
 * <p>The seam: {@code TerminalTextBuffer} creates both with private factories and keeps them in the private
 * fields {@code myHistoryBuffer} and {@code myScreenBuffer}, which all its methods read directly; there is no
 * constructor parameter or overridable hook for them. So the fields are written reflectively: once after
 * construction, and again each time the library swaps in a fresh pair when the alternate screen is entered (the
 * primary pair goes to backup fields and comes back unchanged on leaving). The fields are resolved once per
 * class load; if the library renames one, changes its type or does not let us write it, {@link #create} fails
 * with a message saying what changed, rather than Holdfast silently running at the library's speed.
 *
 * <p>The buffer's lock ({@code myLock}, final in the library) is replaced the same way, once, before the buffer is
 * shared, by a <em>fair</em> {@link ReentrantLock}. The library locks once per emulator operation, so a flooding
 * reader thread releases and retakes the lock thousands of times a second; with the library's barging lock it
 * retook it before a woken waiter could run, and the FX thread's bounded copy of the screen (or a checkpoint's
 * capture) waited for the flood instead: 34 s of 121 s in the load harness, up to 421 ms at a time. A fair lock
 * hands it to the longest waiter at the next release, as Alacritty's renderer gets its terminal through a fair
 * mutex. Uncontended, it costs what the library's did.
 *
 * <p>A scroll up ({@link #scrollArea} with a negative count: every line feed at the bottom of a flood) is done
 * here rather than by the library, with the library's result and its two model events: the screen's lines move
 * up in place ({@link ScreenLinesBuffer#scrollUp}) and the lines that leave the top go straight into the history,
 * where the library staged them in three temporary buffers and list copies. Without the library's package-private
 * event call (another library version), scrolls take the library's path.
 */
public final class FastHistoryTextBuffer extends TerminalTextBuffer {
    private static final String HISTORY_FIELD = "myHistoryBuffer";
    private static final String SCREEN_FIELD = "myScreenBuffer";
    private static final String LOCK_FIELD = "myLock";
    private static final Field HISTORY;
    private static final Field SCREEN;
    private static final Field LOCK;
    private static final IllegalStateException UNAVAILABLE;
    /** The library's package-private {@code fireModelChangeEvent()}; null when not reachable. */
    private static final MethodHandle FIRE_MODEL_CHANGE;

    static {
        Field history = null;
        Field screen = null;
        Field lock = null;
        IllegalStateException problem = null;
        try {
            history = resolveBufferField(HISTORY_FIELD);
            screen = resolveBufferField(SCREEN_FIELD);
            lock = resolveLockField();
        } catch (IllegalStateException e) {
            problem = e;
        }
        HISTORY = history;
        SCREEN = screen;
        LOCK = lock;
        UNAVAILABLE = problem;
        MethodHandle fire = null;
        try {
            fire = MethodHandles.privateLookupIn(TerminalTextBuffer.class, MethodHandles.lookup())
                    .findVirtual(TerminalTextBuffer.class, "fireModelChangeEvent", MethodType.methodType(void.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            fire = null;
        }
        FIRE_MODEL_CHANGE = fire;
    }

    private final ScrollbackLimit limit;
    /** Lines that stay objects in either history (weak: they leave with their last reference). */
    private final KeptLines keptAsObjects = new KeptLines(this::onAScreen);
    private RingLinesBuffer primaryHistory;
    /** The lock installed in the library's {@code myLock}; set once, before the buffer is shared. */
    private ReentrantLock fairLock;
    private final StyleState styleState;
    /** The history and screen in the library's fields now (the alternate screen has a pair of its own). */
    private RingLinesBuffer history;
    private ScreenLinesBuffer screen;
    /** The primary screen's lines, also while the alternate screen is shown. */
    private ScreenLinesBuffer primaryScreen;
    /** The lines one scroll takes off the screen, on their way to the history. */
    private final List<TerminalLine> scrolled = new ArrayList<>();
    /**
     * Line objects the history let go of, packed, for the screen to open as blank lines again. Why: a new line is
     * seven objects of the library's (the line, its run list and its highlight list with their arrays and lock),
     * one per line of a flood; a packed line's object is referenced by nothing else (tables keyed by line
     * identity keep their lines unpacked, see {@link KeptLines}), and every read of the model copies what it
     * reads under the lock.
     */
    private final ArrayDeque<TerminalLine> spareLines = new ArrayDeque<>();
    private final List<TerminalLine> letGo = new ArrayList<>();
    private static final int SPARE_LINES = 8;
    /**
     * Blank lines' styles, {@code fillerStyle[i]} made from the current style {@code fillerStyleOf[i]}: a few,
     * as a coloured flood scrolls under a few current styles by turns (a wrap mid-colour, a line feed after a reset).
     */
    private static final int FILLER_STYLES = 16;
    private final TextStyle[] fillerStyle = new TextStyle[FILLER_STYLES];
    private final TextStyle[] fillerStyleOf = new TextStyle[FILLER_STYLES];

    private FastHistoryTextBuffer(int columns, int rows, StyleState styleState, ScrollbackLimit limit) {
        // The library's own history (replaced at once) takes zero as "keep everything".
        super(columns, rows, styleState, limit.unlimitedLines() ? 0 : Math.max(1, limit.lines()), null);
        this.limit = limit;
        this.styleState = styleState;
        installFairLock();
        installRingHistory();
        installScreenLines();
    }

    /**
     * A text buffer like {@code new TerminalTextBuffer(columns, rows, styleState, historyLines, null)}, with
     * O(1) eviction from a full history.
     *
     * @param historyLines the most scrollback lines kept; zero or less keeps every line, as in the library
     * @throws IllegalStateException if this jeditermfx-core no longer has the history field this relies on,
     *     or does not let us replace it
     */
    public static FastHistoryTextBuffer create(int columns, int rows, StyleState styleState, int historyLines) {
        return create(columns, rows, styleState,
                historyLines > 0 ? ScrollbackLimit.lines(historyLines, 0) : ScrollbackLimit.unlimited(0));
    }

    /**
     * A text buffer whose primary history is bounded by {@code limit}, by lines and by memory. The alternate
     * screen's history (which a full-screen program fills when it scrolls) gets the same limit.
     *
     * @throws IllegalStateException as {@link #create(int, int, StyleState, int)}
     */
    public static FastHistoryTextBuffer create(int columns, int rows, StyleState styleState, ScrollbackLimit limit) {
        if (UNAVAILABLE != null) {
            throw new IllegalStateException(UNAVAILABLE.getMessage(), UNAVAILABLE);
        }
        return new FastHistoryTextBuffer(columns, rows, styleState, limit);
    }

    /**
     * Lines evicted from the primary history so far. With a full history the line count stays the same
     * while every line moves up, so this is what tells a view how far its text has moved. Caller holds the lock.
     */
    public long linesEvicted() {
        return primaryHistory == null ? 0 : primaryHistory.removedFromTop();
    }

    /**
     * Puts {@code lines} above the oldest line of the primary history (whichever screen is shown), as far as the
     * scrollback limit leaves room, and tells the model's listeners. See {@link RingLinesBuffer#prependLines}.
     * Caller holds the lock.
     *
     * @return how many of {@code lines} were kept
     */
    public int prependHistory(List<TerminalLine> lines) {
        int kept = primaryHistory.prependLines(lines);
        if (kept > 0 && FIRE_MODEL_CHANGE != null) {
            fireModelChange();
        }
        return kept;
    }

    /**
     * Keeps {@code line}'s object unchanged while it is on the screen or in the history: the history otherwise
     * packs the lines it holds and hands out new objects for them, which would lose a table keyed by line
     * identity (prompt marks, hyperlinks). Caller holds the lock.
     */
    public void keepAsObject(TerminalLine line) {
        keptAsObjects.keep(line);
    }

    /**
     * {@link #keepAsObject} when {@code buffer} is one of ours; the library's own buffer never packs its lines.
     * Caller holds the lock.
     */
    public static void keepAsObject(TerminalTextBuffer buffer, TerminalLine line) {
        if (buffer instanceof FastHistoryTextBuffer fast) {
            fast.keepAsObject(line);
        }
    }

    /**
     * Takes the places in {@code places} (key → line and column) in the primary screen's text, history and screen,
     * to be found again after a change of width re-wraps every line ({@link RewrapAnchors#find}). Caller holds the
     * lock, and keeps holding it until the places are found.
     */
    public <K> RewrapAnchors<K> anchors(Map<K, RewrapAnchors.Place> places) {
        return RewrapAnchors.take(new PrimaryRows(), places);
    }

    /**
     * The row of {@code line}, that object, on the shown screen or in its history (negative), or
     * {@code Integer.MIN_VALUE} where it is in neither. Packed history lines are not unpacked to compare (a line
     * someone keeps, see {@link #keepAsObject}, is never packed). Caller holds the lock.
     */
    public int rowOf(TerminalLine line) {
        int height = getHeight();
        for (int row = 0; row < height; row++) {
            if (getLine(row) == line) {
                return row;
            }
        }
        LinesBuffer shownHistory = getHistoryBuffer();
        int lines = shownHistory.getLineCount();
        for (int i = lines - 1; i >= 0; i--) {
            TerminalLine at = shownHistory instanceof RingLinesBuffer ring ? ring.objectAt(i) : shownHistory.getLine(i);
            if (at == line) {
                return i - lines;
            }
        }
        return Integer.MIN_VALUE;
    }

    /** The primary screen's history and screen as one list of rows, read where the lines are kept. */
    private final class PrimaryRows implements RewrapAnchors.Rows {
        private int historyLines() {
            return primaryHistory == null ? 0 : primaryHistory.getLineCount();
        }

        private void runs(int row, RunReader reader) {
            int history = historyLines();
            if (row < history) {
                primaryHistory.readRuns(row, reader);
                return;
            }
            TerminalLine line = primaryScreen.getLine(row - history);
            for (TerminalLine.TextEntry entry : LineRuns.available() ? LineRuns.entries(line) : line.getEntries()) {
                CharBuffer text = entry.getText();
                reader.run(entry.getStyle(), text.getBuf(), text.getStart(), text.length());
            }
        }

        @Override
        public int count() {
            return historyLines() + primaryScreen.getLineCount();
        }

        @Override
        public boolean wrapped(int row) {
            int history = historyLines();
            return row < history ? primaryHistory.wrappedAt(row) : primaryScreen.getLine(row - history).isWrapped();
        }

        @Override
        public int writtenCells(int row) {
            int[] cells = new int[1];
            runs(row, (style, chars, offset, length) -> cells[0] += written(chars, offset, length) ? length : 0);
            return cells[0];
        }

        @Override
        public TerminalLine objectAt(int row) {
            int history = historyLines();
            return row < history ? primaryHistory.objectAt(row) : primaryScreen.getLine(row - history);
        }

        @Override
        public TerminalLine keep(int row) {
            int history = historyLines();
            TerminalLine line = row < history ? primaryHistory.getLine(row) : primaryScreen.getLine(row - history);
            keepAsObject(line);
            return line;
        }

        @Override
        public String writtenText(int row, int offset, int max) {
            StringBuilder text = new StringBuilder(max);
            int[] skip = {offset};
            runs(row, (style, chars, at, length) -> {
                if (!written(chars, at, length)) {
                    return;
                }
                int from = Math.min(skip[0], length);
                skip[0] -= from;
                int take = Math.min(length - from, max - text.length());
                text.append(chars, at + from, Math.max(0, take));
            });
            return text.toString();
        }

        @Override
        public int column(int row, int offset) {
            // {cells still to pass, the column reached, done}
            int[] walk = {offset, 0, 0};
            runs(row, (style, chars, at, length) -> {
                if (walk[2] != 0) {
                    return;
                }
                if (written(chars, at, length) && walk[0] < length) {
                    walk[1] += walk[0];
                    walk[2] = 1;
                    return;
                }
                walk[0] -= written(chars, at, length) ? length : 0;
                walk[1] += length;
            });
            return walk[1];
        }

        @Override
        public int writtenBefore(int row, int column) {
            // {the column reached, written cells before the column}
            int[] walk = {0, 0};
            runs(row, (style, chars, at, length) -> {
                int inside = Math.max(0, Math.min(length, column - walk[0]));
                walk[1] += written(chars, at, length) ? inside : 0;
                walk[0] += length;
            });
            return walk[1];
        }

        /** Whether a run holds written cells: the library's NUL runs ({@code CharBuffer.isNul}) start with a NUL. */
        private static boolean written(char[] chars, int at, int length) {
            return length > 0 && chars[at] != 0;
        }
    }

    /**
     * Empties the history of the main screen and leaves the screen as it is, also while the alternate screen is
     * shown: then the main screen's history waits behind it, where the library's {@code clearHistory} (what
     * {@code ESC [ 3 J} does) would not reach it, and the alternate screen's own history goes too.
     */
    public void clearScrollback() {
        lock();
        try {
            if (isUsingAlternateBuffer() && primaryHistory != null && primaryHistory != history) {
                primaryHistory.clearAll();
            }
            clearHistory();
        } finally {
            unlock();
        }
    }

    @Override
    public void useAlternateBuffer(boolean enabled) {
        super.useAlternateBuffer(enabled);
        // Entering the alternate screen gives it a new library history (a TUI that scrolls fills it too);
        // leaving restores our primary ring, which this then leaves alone. The same goes for the screen.
        installRingHistory();
        installScreenLines();
    }

    /*
     * Holds of the lock by the thread that already has it, counted here rather than in the lock. Why: the reader
     * thread holds the lock for a whole slice of output, and inside it the model takes it again for each of its
     * calls, three times for every line of a flood; each nested lock() and unlock() of a ReentrantLock writes the
     * lock's volatile state, a full fence on x86, a tenth of the reader's time on `seq`. Only the owner touches
     * this count, and only while it holds the lock, so the lock's own hand-over publishes it; the lock is let go
     * when the owner's outermost hold ends, as before (holds taken through the lock object itself, by the
     * library's own methods or tryLock, still count in the lock, and every hold is released in reverse order).
     */
    private int reentries;

    @Override
    public void lock() {
        if (fairLock != null && fairLock.isHeldByCurrentThread()) {
            reentries++;
            return;
        }
        super.lock();
    }

    @Override
    public void unlock() {
        if (reentries > 0 && fairLock.isHeldByCurrentThread()) {
            reentries--;
            return;
        }
        super.unlock();
    }

    /** Before anyone else can see this buffer: no thread holds or waits for the library's lock yet. */
    private void installFairLock() {
        try {
            fairLock = new ReentrantLock(true);
            LOCK.set(this, fairLock);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("TerminalTextBuffer." + LOCK_FIELD + " became inaccessible", e);
        }
    }

    /**
     * Takes the lock if it comes free within {@code nanos}, waiting in the fair lock's queue: at the holder's next
     * release the lock is this caller's, even when the holder (a flooding reader) takes it again at once. The
     * library's {@link #tryLock()} never queues, so a caller that spins on it gets the lock only if it happens to
     * try in the instant between a release and the next take.
     *
     * @return whether the lock is now held (false also when interrupted, with the interrupt kept)
     */
    public boolean tryLock(long nanos) {
        try {
            return fairLock.tryLock(nanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void installScreenLines() {
        screen = installed(SCREEN, ScreenLinesBuffer.class, ScreenLinesBuffer::new);
        if (primaryScreen == null) {
            primaryScreen = screen;
        }
    }

    private boolean onAScreen(TerminalLine line) {
        return primaryScreen.holds(line) || screen != primaryScreen && screen.holds(line);
    }

    /**
     * The library's scroll of the region {@code [top, bottom]} (1-based) by {@code dy} lines, with the same
     * result and model events; a scroll up is done here (see the class comment). Caller holds the lock, as for
     * the library's.
     */
    @Override
    public void scrollArea(int scrollRegionTop, int dy, int scrollRegionBottom) {
        if (dy >= 0 || FIRE_MODEL_CHANGE == null) {
            super.scrollArea(scrollRegionTop, dy, scrollRegionBottom);
            return;
        }
        try {
            if (!screen.scrollUp(scrollRegionTop - 1, -dy, scrollRegionBottom - 1, filler(), scrolled, spareLines)) {
                super.scrollArea(scrollRegionTop, dy, scrollRegionBottom);
                return;
            }
            fireModelChange(); // the library's deleteLines
            if (scrollRegionTop == 1) {
                history.addLines(scrolled, letGo);
                for (int i = 0; i < letGo.size() && spareLines.size() < SPARE_LINES; i++) {
                    spareLines.add(letGo.get(i));
                }
                letGo.clear();
            }
            fireModelChange();
        } finally {
            scrolled.clear();
        }
    }

    /**
     * What {@code count} calls of {@code writeString(x, y, run)} with the style state set to each run's style
     * would do, for runs {@code k = 0 .. count - 1}, {@code text[froms[k], froms[k] + lengths[k])} in
     * {@code styles[k]}, one after another from column {@code x} of row {@code y} (1-based, as the library's):
     * when the runs can go into the row's blank rest together ({@link ScreenLinesBuffer#writeRuns}); the model's
     * listeners then hear of the change once, and the style state is not touched. Returns false, having done
     * nothing, otherwise (text over text, or a library version that does not let this tell the listeners); then
     * write run by run. Caller holds the lock.
     */
    public boolean writeRuns(int x, int y, char[] text, int[] froms, int[] lengths, TextStyle[] styles, int count) {
        if (FIRE_MODEL_CHANGE == null || getScreenBuffer() != screen
                || !screen.writeRuns(x, y - 1, text, froms, lengths, styles, count)) {
            return false;
        }
        fireModelChange();
        return true;
    }

    /**
     * The library's filler for opened lines: NUL cells as wide as the screen, in the current colours. Its style is
     * made once per current style (a few are remembered), not once per scroll as the library makes it: a blank line's style is only ever
     * that of its own NUL cells (the library already shares one filler, style and cells, among all the lines one
     * scroll opens, and a rewrap drops NUL runs), and a fresh one per line cost the packed history a new style id
     * for every coloured line that wrapped, put in and taken out of its table.
     */
    private TerminalLine.TextEntry filler() {
        int width = getWidth();
        TextStyle current = styleState.getCurrent();
        int slot = System.identityHashCode(current) & (FILLER_STYLES - 1);
        if (fillerStyleOf[slot] != current) {
            fillerStyleOf[slot] = current;
            fillerStyle[slot] = current.createEmptyWithColors();
        }
        return BlankRun.of(fillerStyle[slot], width);
    }

    private void fireModelChange() {
        try {
            FIRE_MODEL_CHANGE.invokeExact((TerminalTextBuffer) this);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    private void installRingHistory() {
        RingLinesBuffer ring = installed(HISTORY, RingLinesBuffer.class,
                () -> new RingLinesBuffer(limit, null, keptAsObjects));
        if (primaryHistory == null) {
            primaryHistory = ring;
        }
        history = ring;
    }

    /**
     * The buffer in {@code field}: ours already, or a fresh one of ours put in place of the library's, with the
     * library's lines moved over (fresh library buffers are empty in 1.0.0; should that change, lines are kept).
     */
    private <T extends LinesBuffer> T installed(Field field, Class<T> type, Supplier<T> fresh) {
        try {
            LinesBuffer current = (LinesBuffer) field.get(this);
            if (type.isInstance(current)) {
                return type.cast(current);
            }
            T ours = fresh.get();
            if (current != null) {
                List<TerminalLine> lines = new ArrayList<>(current.getLineCount());
                for (int i = 0; i < current.getLineCount(); i++) {
                    lines.add(current.getLine(i));
                }
                ours.addLines(lines);
            }
            field.set(this, ours);
            return ours;
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("TerminalTextBuffer." + field.getName() + " became inaccessible", e);
        }
    }

    private static Field resolveBufferField(String name) {
        Field field;
        try {
            field = TerminalTextBuffer.class.getDeclaredField(name);
        } catch (NoSuchFieldException e) {
            throw libraryChanged(name, "the field no longer exists", e);
        }
        if (!LinesBuffer.class.equals(field.getType())) {
            throw libraryChanged(name, "it is now a " + field.getType().getName(), null);
        }
        if (Modifier.isStatic(field.getModifiers()) || Modifier.isFinal(field.getModifiers())) {
            throw libraryChanged(name, "it is now " + Modifier.toString(field.getModifiers()), null);
        }
        try {
            field.setAccessible(true);
        } catch (RuntimeException e) {
            // InaccessibleObjectException when the library is a named module that does not open its model
            // package to us; SecurityException under a security manager.
            throw new IllegalStateException("Cannot replace TerminalTextBuffer." + name
                    + " of jeditermfx-core: open the package with --add-opens com.techsenger.jeditermfx.core/"
                    + "com.techsenger.jeditermfx.core.model=ALL-UNNAMED (or Holdfast's module). Without it a "
                    + "large scrollback makes output slow in proportion to its size.", e);
        }
        return field;
    }

    private static Field resolveLockField() {
        Field field;
        try {
            field = TerminalTextBuffer.class.getDeclaredField(LOCK_FIELD);
        } catch (NoSuchFieldException e) {
            throw libraryChanged(LOCK_FIELD, "the field no longer exists", e);
        }
        if (!Lock.class.equals(field.getType()) || Modifier.isStatic(field.getModifiers())) {
            throw libraryChanged(LOCK_FIELD, "it is now a " + Modifier.toString(field.getModifiers()) + " "
                    + field.getType().getName(), null);
        }
        try {
            // Final in the library: an instance field of an ordinary class may still be set once accessible.
            field.setAccessible(true);
        } catch (RuntimeException e) {
            throw new IllegalStateException("Cannot replace TerminalTextBuffer." + LOCK_FIELD
                    + " of jeditermfx-core: open the package with --add-opens com.techsenger.jeditermfx.core/"
                    + "com.techsenger.jeditermfx.core.model=ALL-UNNAMED (or Holdfast's module). Without it a "
                    + "flooding terminal starves the window's painting of its lock.", e);
        }
        return field;
    }

    private static IllegalStateException libraryChanged(String field, String what, Exception cause) {
        return new IllegalStateException("jeditermfx-core changed: TerminalTextBuffer." + field
                + " is replaced by Holdfast's own buffer so that output stays fast with any scrollback "
                + "size, but " + what + ". Update dev.holdfast.terminal.scrollback.FastHistoryTextBuffer for "
                + "this library version.", cause);
    }
}
