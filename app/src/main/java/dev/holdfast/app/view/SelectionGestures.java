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
        selection = Selection.all();
        changed.run();
    }

    void clear() {
        selection = null;
        changed.run();
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
