package dev.holdfast.terminal.scrollback;

import com.techsenger.jeditermfx.core.model.TerminalLine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Places in the primary screen's text (its history and screen) taken before a change of width and found again
 * after it, in the new line objects.
 *
 * <p>Why: the library re-wraps every line when the width changes and builds new line objects for all of them, so
 * tables keyed by line identity (prompt marks, hyperlinks) lost every line above the screen at the first resize:
 * "jump to the previous prompt" found nothing older. The re-wrap keeps what a place is in terms of text: the
 * library joins the rows of a logical line (rows ending in a wrap), drops their NUL cells (cells never written),
 * and cuts the rest at the new width; a row of NULs only is a logical line of its own. So a place is kept as its
 * logical line, counted from the last row with text (the rows dropped from the top when the history overflows,
 * and the empty rows the library re-adds at the bottom, then change nothing), and the written cells before it in
 * that line. A few characters of text at the place are kept too: where they are not found at the place after the
 * re-wrap (a library that re-wraps differently), the place is given up, as before, rather than moved to the wrong
 * line.
 *
 * <p>Under the buffer's lock, before and after the re-wrap in the same hold.
 */
public final class RewrapAnchors<K> {
    /** Characters of text at a place that must be there again after the re-wrap. */
    static final int CHECKED_CHARS = 8;

    /** The rows of a screen's text, top to bottom: its history, then its screen. */
    interface Rows {
        int count();

        boolean wrapped(int row);

        /** Cells of the row that are not NUL: what the re-wrap keeps of it. */
        int writtenCells(int row);

        /** The row's line as it is kept, or null where the history holds it packed (no table can key it). */
        TerminalLine objectAt(int row);

        /** The row's line as an object, kept as one from now on. */
        TerminalLine keep(int row);

        /** The row's text from its {@code offset}-th written cell, at most {@code max} written characters. */
        String writtenText(int row, int offset, int max);

        /** The column of the row's {@code offset}-th written cell. */
        int column(int row, int offset);

        /** Written cells of the row before {@code column}. */
        int writtenBefore(int row, int column);
    }

    /** A place after the re-wrap: its line (kept as an object) and its column there. */
    public record Place(TerminalLine line, int column) {
    }

    private record Anchor<K>(K key, int fromEnd, int offset, String text) {
    }

    private final Rows rows;
    private final List<Anchor<K>> anchors = new ArrayList<>();

    private RewrapAnchors(Rows rows) {
        this.rows = rows;
    }

    /**
     * Takes the place of each key's line and column in {@code places} (key → line and column) as it is now; lines
     * not in the primary screen's text, or on a row with no text, are left out.
     */
    static <K> RewrapAnchors<K> take(Rows rows, Map<K, Place> places) {
        RewrapAnchors<K> taken = new RewrapAnchors<>(rows);
        int last = lastWrittenRow(rows);
        if (last < 0 || places.isEmpty()) {
            return taken;
        }
        Map<TerminalLine, List<Map.Entry<K, Place>>> byLine = new IdentityHashMap<>();
        for (Map.Entry<K, Place> place : places.entrySet()) {
            byLine.computeIfAbsent(place.getValue().line(), l -> new ArrayList<>(1)).add(place);
        }
        // Rows from the last with text up: the logical lines counted so far, and each wanted line's place.
        int linesAfter = 0;
        for (int row = last; row >= 0 && !byLine.isEmpty(); row--) {
            TerminalLine line = rows.objectAt(row);
            List<Map.Entry<K, Place>> here = line == null ? null : byLine.remove(line);
            if (here != null && rows.writtenCells(row) > 0) {
                int first = row;
                int before = 0;
                while (continues(rows, first)) {
                    first--;
                    before += rows.writtenCells(first);
                }
                // The rows from first to row are one logical line: linesAfter counts the lines below it.
                for (Map.Entry<K, Place> place : here) {
                    int cells = rows.writtenBefore(row, place.getValue().column());
                    taken.anchors.add(new Anchor<>(place.getKey(), linesAfter, before + cells,
                            rows.writtenText(row, cells, CHECKED_CHARS)));
                }
            }
            if (!continues(rows, row)) {
                linesAfter++;
            }
        }
        return taken;
    }

    /**
     * After the re-wrap: each key's new place, for the keys whose place was found again with its text. The lines
     * found are kept as objects.
     */
    public Map<K, Place> find() {
        Map<K, Place> found = new IdentityHashMap<>();
        if (anchors.isEmpty()) {
            return found;
        }
        int last = lastWrittenRow(rows);
        Map<Integer, List<Anchor<K>>> byLogicalLine = new HashMap<>();
        int deepest = 0;
        for (Anchor<K> anchor : anchors) {
            byLogicalLine.computeIfAbsent(anchor.fromEnd(), k -> new ArrayList<>(1)).add(anchor);
            deepest = Math.max(deepest, anchor.fromEnd());
        }
        int linesAfter = 0;
        for (int row = last; row >= 0 && linesAfter <= deepest; row--) {
            if (continues(rows, row)) {
                continue;
            }
            List<Anchor<K>> starting = byLogicalLine.get(linesAfter);
            if (starting != null) {
                for (Anchor<K> anchor : starting) {
                    Place place = placeIn(row, anchor);
                    if (place != null) {
                        found.put(anchor.key(), place);
                    }
                }
            }
            linesAfter++;
        }
        return found;
    }

    private Place placeIn(int first, Anchor<K> anchor) {
        int offset = anchor.offset();
        int row = first;
        while (offset >= rows.writtenCells(row) && row + 1 < rows.count() && continues(rows, row + 1)) {
            offset -= rows.writtenCells(row);
            row++;
        }
        if (offset > rows.writtenCells(row)) {
            return null;
        }
        String text = rows.writtenText(row, offset, anchor.text().length());
        // The text may go on in the next row now: what this row holds of it must match.
        if (!anchor.text().startsWith(text) || text.isEmpty() != anchor.text().isEmpty()) {
            return null;
        }
        return new Place(rows.keep(row), rows.column(row, offset));
    }

    /** Whether {@code row} goes on the logical line of the row above it. */
    private static boolean continues(Rows rows, int row) {
        return row > 0 && rows.wrapped(row - 1) && rows.writtenCells(row - 1) > 0 && rows.writtenCells(row) > 0;
    }

    private static int lastWrittenRow(Rows rows) {
        for (int row = rows.count() - 1; row >= 0; row--) {
            if (rows.writtenCells(row) > 0) {
                return row;
            }
        }
        return -1;
    }
}
