package dev.holdfast.app.view;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/** Paints find matches over a row of text: every match tinted, the current one stronger. FX thread. */
final class FindHighlights {
    private static final Color MATCH = Color.rgb(255, 214, 102, 0.38);
    private static final Color CURRENT_MATCH = Color.rgb(255, 150, 50, 0.65);

    private final TerminalFind find;
    private final CellGrid grid;

    FindHighlights(TerminalFind find, CellGrid grid) {
        this.find = find;
        this.grid = grid;
    }

    /** Highlights the matches on visible row {@code row}, which shows line number {@code line}. */
    void paint(GraphicsContext g, int row, long line) {
        TerminalFind.Found found = find.found();
        TextSearch.Matches m = found.matches();
        if (m.count() == 0) {
            return;
        }
        // A binary search, then only the matches that can reach this row (those that start on it, or at most the
        // longest match's span above it and wrap onto it): a million matches cost nothing per frame.
        int stored = found.matchLine(line);
        int current = find.currentMatch();
        CellMetrics metrics = grid.metrics();
        for (int i = m.firstOnOrAfter(stored - m.maxSpan()); i < m.count() && m.lines()[i] <= stored; i++) {
            if (m.endLines()[i] < stored) {
                continue;
            }
            int from = m.lines()[i] == stored ? m.from()[i] : 0;
            int to = m.endLines()[i] == stored ? m.to()[i] : grid.columns();
            g.setFill(i == current ? CURRENT_MATCH : MATCH);
            g.fillRect(grid.x(from), grid.y(row), (to - from) * metrics.width(), metrics.height());
        }
    }
}
