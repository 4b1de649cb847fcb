package dev.holdfast.app.view;

/**
 * A mouse selection: from {@code anchor} (where the drag began) to {@code focus} (where it is now), both
 * inclusive. Linear selections run through whole lines like text; rectangular ones (Alt+drag) take the same
 * columns from every line.
 */
record Selection(CellPoint anchor, CellPoint focus, boolean rectangular) {

    CellPoint start() {
        return anchor.compareTo(focus) <= 0 ? anchor : focus;
    }

    CellPoint end() {
        return anchor.compareTo(focus) <= 0 ? focus : anchor;
    }

    boolean contains(int line, int column) {
        CellPoint s = start();
        CellPoint e = end();
        if (line < s.line() || line > e.line()) {
            return false;
        }
        if (rectangular) {
            int left = Math.min(anchor.column(), focus.column());
            int right = Math.max(anchor.column(), focus.column());
            return column >= left && column <= right;
        }
        if (line == s.line() && column < s.column()) {
            return false;
        }
        return line != e.line() || column <= e.column();
    }

    boolean touchesLine(int line) {
        return line >= start().line() && line <= end().line();
    }

    Selection shifted(int lines) {
        return new Selection(anchor.shifted(lines), focus.shifted(lines), rectangular);
    }

    /** The column range of this selection on {@code line}: {from, toExclusive}, given the line width. */
    int[] columnsOn(int line, int width) {
        CellPoint s = start();
        CellPoint e = end();
        if (rectangular) {
            return new int[] {Math.min(anchor.column(), focus.column()),
                Math.min(width, Math.max(anchor.column(), focus.column()) + 1)};
        }
        int from = line == s.line() ? s.column() : 0;
        int to = line == e.line() ? Math.min(width, e.column() + 1) : width;
        return new int[] {from, to};
    }
}
