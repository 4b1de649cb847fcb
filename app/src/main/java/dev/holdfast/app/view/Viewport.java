package dev.holdfast.app.view;

import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.emulation.TerminalSession;

/**
 * Which lines are on screen: how far the view is scrolled back into the history, and the copies of the rows
 * shown now and at the previous paint (the painter compares them to repaint only what changed). FX thread.
 *
 * <p>{@link #tryRefresh} copies the visible rows under the buffer lock, a copy bounded by rows × columns
 * ({@link ScreenCopy}), and nothing else happens under the lock. A view scrolled back stays on the line at its top
 * when a change of width re-wraps the text ({@link #pinTopForRewrap}, {@link #followRewrap}).
 */
final class Viewport {
    private final TerminalSession session;
    private final CellGrid grid;
    private final Runnable moved;
    private ScreenCopy current = new ScreenCopy();
    private ScreenCopy previous = new ScreenCopy();
    private int scrollOffset;
    private int lastHistoryCount = -1;
    private long lastEvicted;
    /** The session's key for the line at the top of a scrolled-back view while a re-wrap moves it; else null. */
    private Object topPin;

    /**
     * @param moved told when the scroll position changes (everything must be repainted)
     */
    Viewport(TerminalSession session, CellGrid grid, Runnable moved) {
        this.session = session;
        this.grid = grid;
        this.moved = moved;
    }

    /**
     * Copies the visible rows out of the model; the copy taken before becomes {@link #previous}. Unless a reader
     * keeps the buffer lock ({@link TerminalSession#tryLockBuffer}): then nothing is copied and nothing changes,
     * and a later pulse finds the lock free.
     *
     * @return how many lines entered the history since the last copy (what a selection must follow), or
     *     {@link #BUSY} when nothing was copied
     */
    int tryRefresh() {
        if (!session.tryLockBuffer()) {
            return BUSY;
        }
        return copyAndUnlock(session.buffer());
    }

    /** {@link #tryRefresh} found the lock held: nothing was copied. */
    static final int BUSY = Integer.MIN_VALUE;

    private int copyAndUnlock(TerminalTextBuffer buffer) {
        ScreenCopy next = previous;
        int grown;
        try {
            next.ensureSize(grid.columns(), grid.rows());
            grown = followHistoryGrowth(buffer.getHistoryLinesCount(), LineNumbers.evicted(buffer));
            scrollOffset = next.copyFrom(buffer, session.hyperlinks(), scrollOffset);
        } finally {
            buffer.unlock();
        }
        previous = current;
        current = next;
        return grown;
    }

    /**
     * Lines that scroll into the history shift every buffer index down; a scrolled-back view stays on the
     * same text.
     */
    private int followHistoryGrowth(int history, long evicted) {
        // A full history keeps its count while lines leave its top: count those too.
        int grown = (int) (history - lastHistoryCount + (evicted - lastEvicted));
        lastEvicted = evicted;
        boolean first = lastHistoryCount < 0;
        lastHistoryCount = history;
        if (first || grown == 0) {
            return 0;
        }
        if (scrollOffset > 0) {
            scrollOffset = Math.max(0, scrollOffset + grown);
        }
        return grown;
    }

    /**
     * The model is about to be re-wrapped to a new width: a view scrolled back pins the line at its top, to show it
     * at the top again once the model has the width asked for ({@link #followRewrap}). A live view stays live.
     */
    void pinTopForRewrap() {
        if (scrollOffset == 0 || topPin != null || !session.tryLockBuffer()) {
            return;
        }
        TerminalTextBuffer buffer = session.buffer();
        try {
            if (scrollOffset <= buffer.getHistoryLinesCount()) {
                topPin = new Object();
                session.pin(topPin, buffer.getLine(-scrollOffset), 0);
            }
        } finally {
            buffer.unlock();
        }
    }

    /** Whether the line at the top waits, pinned, for a re-wrap to end ({@link #followRewrap}). */
    boolean pinned() {
        return topPin != null;
    }

    /**
     * The re-wrap the top line was pinned for is done (the model has the width the view asked for last, and its
     * history is as this frame's copy has it): the pinned line goes back to the top. Caller holds the buffer lock.
     */
    void followRewrap() {
        int row = session.pinnedRow(topPin);
        session.unpin(topPin);
        topPin = null;
        if (row != Integer.MIN_VALUE) {
            scrollTo(Math.max(0, -row));
        }
    }

    /**
     * Whether the model's history is as the last copy saw it: nothing entered or left it since, so rows read now
     * are the rows of that copy. Caller holds the buffer lock.
     */
    boolean historyAsCopied(TerminalTextBuffer buffer) {
        return buffer.getHistoryLinesCount() == lastHistoryCount && LineNumbers.evicted(buffer) == lastEvicted;
    }

    ScreenCopy current() {
        return current;
    }

    ScreenCopy previous() {
        return previous;
    }

    /** Lines of history shown above the live screen (0 = live). */
    int scrollOffset() {
        return scrollOffset;
    }

    /** Scrolls so that {@code offset} lines of history show above the live screen (0 = live). */
    void scrollTo(int offset) {
        int clamped = Math.max(0, Math.min(offset, current.historyCount));
        if (clamped != scrollOffset) {
            scrollOffset = clamped;
            moved.run();
        }
    }

    void scrollBy(int lines) {
        scrollTo(scrollOffset + lines);
    }

    /** Brings buffer line {@code index} on screen, centred, unless it is already visible. */
    void reveal(int index) {
        int top = -scrollOffset;
        if (index < top || index >= top + grid.rows()) {
            scrollTo(Math.max(0, -(index - grid.rows() / 2)));
        }
    }

    /** The cell under a point, in buffer coordinates. */
    CellPoint cellAt(double x, double y) {
        return new CellPoint(grid.rowAt(y) - scrollOffset, grid.columnAt(x));
    }

    /** The visible row that shows buffer line {@code line} (may be off screen). */
    int rowOf(int line) {
        return line + scrollOffset;
    }
}
