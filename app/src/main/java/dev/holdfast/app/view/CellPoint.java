package dev.holdfast.app.view;

/** A cell in buffer coordinates: {@code line} is negative in the history, 0 is the top of the screen. */
record CellPoint(int line, int column) implements Comparable<CellPoint> {
    @Override
    public int compareTo(CellPoint other) {
        return line != other.line ? Integer.compare(line, other.line) : Integer.compare(column, other.column);
    }

    CellPoint shifted(int lines) {
        return new CellPoint(line + lines, column);
    }
}
