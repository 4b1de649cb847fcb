package dev.holdfast.app.view;

import java.util.Objects;
import java.util.function.Consumer;
import javafx.scene.Cursor;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;

/**
 * The link under the mouse: an OSC 8 hyperlink or a URL in the text. It is underlined, the mouse shows a hand,
 * and a Ctrl-click (Cmd-click on macOS) opens it. FX thread.
 */
final class LinkHover {
    /** A link on buffer line {@code line}, cells {@code from} (inclusive) to {@code to} (exclusive). */
    record Link(int line, int from, int to, String url) {
    }

    private final CellGrid grid;
    private final Viewport viewport;
    private final LinkOpener opener;
    private final Consumer<Cursor> cursor;
    private final Runnable changed;
    private Link hovered;

    /**
     * @param cursor sets the mouse cursor over the view
     * @param changed told when the hovered link changes (its underline must be repainted)
     */
    LinkHover(CellGrid grid, Viewport viewport, LinkOpener opener, Consumer<Cursor> cursor, Runnable changed) {
        this.grid = grid;
        this.viewport = viewport;
        this.opener = opener;
        this.cursor = cursor;
        this.changed = changed;
    }

    /** The link under the mouse, or null. */
    Link hovered() {
        return hovered;
    }

    /** The mouse moved to {@code (x, y)}. */
    void mouseAt(double x, double y) {
        Link found = null;
        ScreenCopy current = viewport.current();
        if (grid.onRows(y)) {
            CellPoint cell = viewport.cellAt(x, y);
            int row = viewport.rowOf(cell.line());
            if (row >= 0 && row < current.rows) {
                for (var span : current.links[row]) {
                    if (cell.column() >= span.from() && cell.column() < span.to()) {
                        found = new Link(cell.line(), span.from(), span.to(), span.uri());
                    }
                }
                UrlDetector.Found url = found == null ? UrlDetector.at(current.chars[row], cell.column()) : null;
                if (url != null) {
                    found = new Link(cell.line(), url.from(), url.to(), url.url());
                }
            }
        }
        if (!Objects.equals(found, hovered)) {
            hovered = found;
            cursor.accept(found == null ? Cursor.TEXT : Cursor.HAND);
            changed.run();
        }
    }

    /** The mouse left the view. */
    void mouseExited() {
        mouseAt(-1, -1);
    }

    /**
     * Opens the link under a Ctrl/Cmd click.
     *
     * @return true when the click opened a link (and must go nowhere else)
     */
    boolean openOnShortcutClick(MouseEvent e) {
        if (!e.isShortcutDown() || e.getButton() != MouseButton.PRIMARY) {
            return false;
        }
        mouseAt(e.getX(), e.getY());
        if (hovered == null) {
            return false;
        }
        opener.open(hovered.url());
        return true;
    }
}
