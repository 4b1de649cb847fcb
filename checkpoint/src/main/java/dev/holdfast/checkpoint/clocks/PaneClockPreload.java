package dev.holdfast.checkpoint.clocks;

import java.util.List;
import java.util.Map;

/**
 * Everything {@code panes.sqlite} held at startup, read once in bulk.
 *
 * @param skippedRows rows that could not be read (a bad id, a missing value) and were left alone
 */
public record PaneClockPreload(Map<PaneKey, PaneClockRow> rows, List<LaunchRow> launches, int skippedRows) {
    public static final PaneClockPreload EMPTY = new PaneClockPreload(Map.of(), List.of(), 0);

    public PaneClockPreload {
        rows = Map.copyOf(rows);
        launches = List.copyOf(launches);
    }
}
