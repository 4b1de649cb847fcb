package dev.holdfast.app.view;

/**
 * The terminal's cells on the canvas: the font's cell size, how many columns and rows fit, and which cell a
 * point falls in. FX thread.
 */
final class CellGrid {
    /** Blank pixels left of the first column. */
    static final double LEFT_MARGIN = 2;

    private CellMetrics metrics;
    private int columns;
    private int rows;

    CellGrid(CellMetrics metrics) {
        this.metrics = metrics;
    }

    CellMetrics metrics() {
        return metrics;
    }

    /** A new font: the grid is refitted at the next layout. */
    void setMetrics(CellMetrics newMetrics) {
        metrics = newMetrics;
        columns = 0;
        rows = 0;
    }

    int columns() {
        return columns;
    }

    int rows() {
        return rows;
    }

    boolean isEmpty() {
        return columns == 0 || rows == 0;
    }

    /**
     * Fits the grid to a text area of {@code width} × {@code height} pixels.
     *
     * @return true when the size in cells changed (the terminal must be resized)
     */
    boolean fit(double width, double height, boolean shown) {
        int newColumns = Math.max(2, (int) Math.floor((width - 4) / metrics.width()));
        int newRows = Math.max(1, (int) Math.floor(height / metrics.height()));
        if (shown && (newColumns != columns || newRows != rows)) {
            columns = newColumns;
            rows = newRows;
            return true;
        }
        return false;
    }

    /** The column under {@code x}, clamped to the grid. */
    int columnAt(double x) {
        int col = (int) Math.floor((x - LEFT_MARGIN) / metrics.width());
        return Math.max(0, Math.min(columns - 1, col));
    }

    /** The visible row under {@code y}, clamped to the grid. */
    int rowAt(double y) {
        int row = (int) Math.floor(y / metrics.height());
        return Math.max(0, Math.min(rows - 1, row));
    }

    double x(int column) {
        return LEFT_MARGIN + column * metrics.width();
    }

    double y(int row) {
        return row * metrics.height();
    }

    /** Whether {@code y} is on one of the grid's rows (not in the strip below the last one). */
    boolean onRows(double y) {
        return !isEmpty() && y >= 0 && y < rows * metrics.height();
    }
}
