package dev.holdfast.app.view;

import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.emulation.TerminalSession;
import java.util.function.Consumer;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;

/**
 * The selection and the mouse gestures that make it: drag to select (Alt+drag: a rectangle), double-click a
 * word, triple-click a line, dragging past an edge scrolls; a finished selection becomes the primary
 * selection, and the middle button pastes it. The selection is kept in buffer coordinates and follows the
 * text as lines scroll into the history. FX thread.
 */
final class SelectionGestures {
    private final TerminalSession session;
    private final Viewport viewport;
    private final CellGrid grid;
    private final PrimarySelection primary;
    private final Consumer<String> paste;
    private final Runnable changed;
    private Selection selection;
    private CellPoint dragAnchor;
    private boolean dragRectangular;
    /** The session's keys for the selection's ends while a change of width re-wraps their text; else null. */
    private Object anchorPin;
    private Object focusPin;

    /**
     * @param paste pastes text as typed (the middle button)
     * @param changed told when the selection changes (it must be repainted)
     */
    SelectionGestures(TerminalSession session, Viewport viewport, CellGrid grid, PrimarySelection primary,
                      Consumer<String> paste, Runnable changed) {
        this.session = session;
        this.viewport = viewport;
        this.grid = grid;
        this.primary = primary;
        this.paste = paste;
        this.changed = changed;
    }

    /** The selection, or null. */
    Selection selection() {
        return selection;
    }

    /** The selected text as a paste would give it, or "". */
    String text() {
        return selection == null ? "" : SelectionText.extract(session.buffer(), selection);
    }

    void selectAll() {
        dropPins();
        selection = Selection.all();
        changed.run();
    }

    void clear() {
        dropPins();
        selection = null;
        changed.run();
    }

    /**
     * The model is about to be re-wrapped to a new width, which moves text to other rows and columns: the
     * selection's ends are pinned to their text in the session, and the selection is away until the model has the
     * width asked for ({@link #followRewrap}); then it comes back on the same text, or not at all where that text
     * cannot be found. A rectangle (its columns mean nothing in re-wrapped text), or a selection whose lines cannot
     * be read at this moment, is let go of; a selection of everything stays.
     */
    void pinForRewrap() {
        if (selection == null || anchorPin != null || selection.anchor().line() <= Selection.TOP_OF_HISTORY) {
            return;
        }
        Selection pinned = selection;
        selection = null;
        changed.run();
        if (pinned.rectangular() || !session.tryLockBuffer()) {
            return;
        }
        try {
            TerminalTextBuffer buffer = session.buffer();
            int top = -buffer.getHistoryLinesCount();
            if (!within(pinned.anchor(), top, buffer.getHeight()) || !within(pinned.focus(), top, buffer.getHeight())) {
                return;
            }
            anchorPin = new Object();
            focusPin = new Object();
            session.pin(anchorPin, buffer.getLine(pinned.anchor().line()), pinned.anchor().column());
            session.pin(focusPin, buffer.getLine(pinned.focus().line()), pinned.focus().column());
        } finally {
            session.buffer().unlock();
        }
    }

    /** Whether the selection waits, pinned, for a re-wrap to end ({@link #followRewrap}). */
    boolean pinned() {
        return anchorPin != null;
    }

    /**
     * The re-wrap the selection was pinned for is done (the model has the width the view asked for last, and its
     * history is as the frame's copy has it): the selection comes back where its text is now, or goes where its
     * text was lost. Caller holds the buffer lock.
     */
    void followRewrap() {
        CellPoint anchor = pinnedCell(anchorPin);
        CellPoint focus = pinnedCell(focusPin);
        selection = anchor == null || focus == null ? null : new Selection(anchor, focus, false);
        dropPins();
        changed.run();
    }

    private static boolean within(CellPoint cell, int top, int height) {
        return cell.line() >= top && cell.line() < height;
    }

    /** Where a pin's text is now, or null where a re-wrap lost it. Under the buffer lock. */
    private CellPoint pinnedCell(Object key) {
        int row = session.pinnedRow(key);
        return row == Integer.MIN_VALUE ? null : new CellPoint(row, session.pinned(key).column());
    }

    private void dropPins() {
        if (anchorPin != null) {
            session.unpin(anchorPin);
            session.unpin(focusPin);
            anchorPin = null;
            focusPin = null;
        }
    }

    /** {@code lines} lines entered the history: the selection stays on its text. */
    void followHistory(int lines) {
        if (selection != null && lines > 0) {
            selection = selection.shifted(-lines);
        }
    }

    /** @return true when the press was a selection gesture (or a middle-button paste) */
    boolean pressed(MouseEvent e, CellPoint cell) {
        if (e.getButton() == MouseButton.MIDDLE) {
            primary.get(text -> {
                if (!text.isEmpty()) {
                    paste.accept(text);
                }
            });
            return true;
        }
        if (e.getButton() != MouseButton.PRIMARY) {
            return false;
        }
        dropPins();
        if (e.getClickCount() == 2) {
            selection = wordAt(cell);
        } else if (e.getClickCount() >= 3) {
            selection = lineAt(cell);
        } else {
            selection = null;
            dragAnchor = cell;
            dragRectangular = e.isAltDown();
        }
        changed.run();
        return true;
    }

    /** @return true when the drag extended a selection */
    boolean dragged(MouseEvent e, CellPoint cell, double viewHeight) {
        if (dragAnchor == null || e.getButton() != MouseButton.PRIMARY) {
            return false;
        }
        // Dragging past the top or bottom edge scrolls, as in every terminal.
        if (e.getY() < 0) {
            viewport.scrollBy(1);
        } else if (e.getY() > viewHeight) {
            viewport.scrollBy(-1);
        }
        selection = new Selection(dragAnchor, cell, dragRectangular);
        changed.run();
        return true;
    }

    void released(MouseEvent e) {
        if (selection != null && e.getButton() == MouseButton.PRIMARY) {
            String text = SelectionText.extract(session.buffer(), selection);
            if (!text.isEmpty()) {
                primary.set(text);
            }
        }
        dragAnchor = null;
    }

    private Selection wordAt(CellPoint cell) {
        ScreenCopy current = viewport.current();
        int row = viewport.rowOf(cell.line());
        if (row < 0 || row >= current.rows) {
            return null;
        }
        char[] chars = current.chars[row];
        int from = cell.column();
        int to = cell.column();
        if (!SelectionText.isWordChar(chars[from])) {
            return new Selection(cell, cell, false);
        }
        while (from > 0 && SelectionText.isWordChar(chars[from - 1])) {
            from--;
        }
        while (to < grid.columns() - 1 && SelectionText.isWordChar(chars[to + 1])) {
            to++;
        }
        return new Selection(new CellPoint(cell.line(), from), new CellPoint(cell.line(), to), false);
    }

    /** A line as the program wrote it: the rows the terminal wrapped it over, together. */
    private Selection lineAt(CellPoint cell) {
        TerminalTextBuffer buffer = session.buffer();
        int first = cell.line();
        int last = cell.line();
        buffer.lock();
        try {
            int history = buffer.getHistoryLinesCount();
            while (first - 1 >= -history && buffer.getLine(first - 1).isWrapped()) {
                first--;
            }
            while (last < buffer.getHeight() - 1 && buffer.getLine(last).isWrapped()) {
                last++;
            }
        } finally {
            buffer.unlock();
        }
        return new Selection(new CellPoint(first, 0), new CellPoint(last, grid.columns() - 1), false);
    }
}
