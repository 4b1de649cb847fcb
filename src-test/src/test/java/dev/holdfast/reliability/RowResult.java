package dev.holdfast.reliability;

import java.util.List;

/**
 * One row of the harness's table: how many cases it tried, in how many nothing was lost, the figures it measured
 * ("stall p99 16 ms", say) and, for each case that lost something, what.
 */
record RowResult(String row, int cases, int intact, String figures, List<String> losses) {
    RowResult {
        losses = List.copyOf(losses);
    }

    /** A row that could not run here (the disk row without root, say): nothing tried, nothing lost. */
    static RowResult skipped(String row, String why) {
        return new RowResult(row, 0, 0, "skipped: " + why, List.of());
    }

    boolean skipped() {
        return cases == 0 && losses.isEmpty();
    }

    double percent() {
        return cases == 0 ? 0 : 100.0 * intact / cases;
    }

    boolean allIntact() {
        return skipped() || intact == cases;
    }
}
