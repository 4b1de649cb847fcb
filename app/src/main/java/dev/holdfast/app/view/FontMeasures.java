package dev.holdfast.app.view;

import java.util.HashMap;
import java.util.Map;

/**
 * The cell size of each font a window's terminals use, measured once per family and size and shared by all of
 * them: measuring lays out text, and twenty restored tabs (or a zoom of twenty) measured the same font twenty
 * times on the FX thread. FX thread.
 */
public final class FontMeasures {
    private record Font(String family, double size) {
    }

    private final Map<Font, CellMetrics> measured = new HashMap<>();

    CellMetrics of(String family, double size) {
        return measured.computeIfAbsent(new Font(family, size), font -> CellMetrics.measure(font.family(), font.size()));
    }
}
