package dev.holdfast.app.view;

/**
 * A mouse selection: from {@code anchor} (where the drag began) to {@code focus} (where it is now), both
 * inclusive. Linear selections run through whole lines like text; rectangular ones (Alt+drag) take the same
 * columns from every line.
 */
record Selection(CellPoint anchor, CellPoint focus, boolean rectangular) {

    /**
     * Ends of a selection of everything (Select All): above any history and below any screen (lines are counted from
     * the screen's top, history negative). They stay where they are when output scrolls ({@link #shifted}), and a
     * copy clamps them to the history's first line and the screen's last, as the model has them then: what a frame
     * painted before the latest output showed does not cut the selection short.
     */
    static final int TOP_OF_HISTORY = Integer.MIN_VALUE / 2;
    static final int BOTTOM_OF_SCREEN = Integer.MAX_VALUE / 2;

    /** Everything: every line of the history and of the screen. */
    static Selection all() {
        return new Selection(new CellPoint(TOP_OF_HISTORY, 0), new CellPoint(BOTTOM_OF_SCREEN, 0), false);
    }

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
        return new Selection(shifted(anchor, lines), shifted(focus, lines), rectangular);
    }

    private static CellPoint shifted(CellPoint point, int lines) {
        boolean unbounded = point.line() <= TOP_OF_HISTORY || point.line() >= BOTTOM_OF_SCREEN;
        return unbounded ? point : point.shifted(lines);
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
