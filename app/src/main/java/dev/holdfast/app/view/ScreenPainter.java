package dev.holdfast.app.view;

import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.util.CharUtils;
import dev.holdfast.terminal.vt.CrossedOutTextStyle;
import java.util.function.Supplier;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/**
 * Paints a {@link ScreenCopy} onto the terminal's canvas: text in runs of cells that look alike, box drawing,
 * underlines, and over them the selection, find matches and the hovered link. Only rows whose cells, line or
 * selection changed since the previous copy are repainted. Reads nothing but the copies. FX thread.
 */
final class ScreenPainter {
    /** Where a line through text runs, as a share of the baseline's depth in the cell: about half the x-height. */
    private static final double STRIKE_HEIGHT = 0.65;
    private final CellGrid grid;
    private final Supplier<Selection> selection;
    private final FindHighlights matches;
    private final LinkHover links;
    private CellColors colors;
    private Selection paintedSelection;

    ScreenPainter(CellGrid grid, CellColors colors, Supplier<Selection> selection, FindHighlights matches,
                  LinkHover links) {
        this.grid = grid;
        this.colors = colors;
        this.selection = selection;
        this.matches = matches;
        this.links = links;
    }

    void setColors(CellColors newColors) {
        colors = newColors;
    }

    /**
     * Paints the rows of {@code current} that differ from {@code previous} (all of them when {@code everything}).
     *
     * @return {@link RepaintScheduler.Painted#EVERY_ROW} when every row had to be repainted
     */
    RepaintScheduler.Painted paint(GraphicsContext g, ScreenCopy current, ScreenCopy previous, boolean everything,
                                   double canvasWidth, double canvasHeight) {
        int rows = grid.rows();
        Selection now = selection.get();
        boolean all = everything || previous.columns != current.columns || previous.rows != current.rows;
        int repainted = 0;
        for (int r = 0; r < rows; r++) {
            boolean rowChanged = all
                    || !current.sameRow(previous, r)
                    || previous.lineIndex[r] != current.lineIndex[r]
                    || touches(current, now, r) != touches(current, paintedSelection, r)
                    || (now != paintedSelection && (touches(current, now, r) || touches(current, paintedSelection, r)));
            if (rowChanged) {
                paintRow(g, current, r, now);
                repainted++;
            }
        }
        if (all) {
            // Every row was cleared to the canvas's edge; what is left is the strip below the last row.
            double usedHeight = rows * grid.metrics().height();
            g.setFill(colors.palette().background());
            g.fillRect(0, usedHeight, canvasWidth, canvasHeight - usedHeight);
        }
        paintedSelection = now;
        return repainted >= rows && rows > 1 ? RepaintScheduler.Painted.EVERY_ROW : RepaintScheduler.Painted.SOME_ROWS;
    }

    private static boolean touches(ScreenCopy current, Selection s, int row) {
        return s != null && row < current.rows && s.touchesLine(current.lineIndex[row]);
    }

    private void paintRow(GraphicsContext g, ScreenCopy current, int r, Selection selection) {
        CellMetrics metrics = grid.metrics();
        int columns = grid.columns();
        double cw = metrics.width();
        double ch = metrics.height();
        double y = grid.y(r);
        char[] chars = current.chars[r];
        TextStyle[] styles = current.styles[r];
        int line = current.lineIndex[r];
        Color defaultBg = colors.palette().background();
        g.setFill(defaultBg);
        // To the canvas's edge, not the last column's: a cell width is fractional, so the last cell's colour
        // blends into a pixel past it, and a glyph may overhang; the strip would keep both after a repaint.
        g.fillRect(0, y, g.getCanvas().getWidth(), ch);

        int c = 0;
        while (c < columns) {
            TextStyle style = styles[c];
            boolean selected = selection != null && selection.contains(line, c);
            Color fg = colors.foreground(style);
            Color bg = selected ? colors.palette().selection() : colors.background(style);
            // A run: cells that share colours and font, all narrow, none special.
            int end = c + 1;
            char first = chars[c];
            boolean wide = c + 1 < columns && chars[c + 1] == CharUtils.DWC;
            boolean surrogate = Character.isHighSurrogate(first) && c + 1 < columns;
            boolean box = DrawnGlyphs.handles(first);
            if (box) {
                end = c + 1;
            } else if (wide || surrogate) {
                end = c + 2;
                if (surrogate && end < columns && chars[end] == CharUtils.DWC) {
                    end++;
                }
            } else {
                while (end < columns
                        && sameLook(styles[end], style)
                        && (selection == null || selection.contains(line, end) == selected)
                        && !(end + 1 < columns && chars[end + 1] == CharUtils.DWC)
                        && !Character.isHighSurrogate(chars[end])
                        && !DrawnGlyphs.handles(chars[end])) {
                    end++;
                }
            }
            double x = grid.x(c);
            double runWidth = (end - c) * cw;
            if (!bg.equals(defaultBg)) {
                g.setFill(bg);
                g.fillRect(x, y, runWidth, ch);
            }
            boolean hidden = style != null && style.hasOption(TextStyle.Option.HIDDEN);
            if (box && !hidden) {
                DrawnGlyphs.draw(g, first, x, y, cw, ch, fg);
                c = end;
                continue;
            }
            String text = runText(chars, c, end, wide || surrogate);
            if (!hidden && !text.isBlank()) {
                boolean bold = style != null && style.hasOption(TextStyle.Option.BOLD);
                boolean italic = style != null && style.hasOption(TextStyle.Option.ITALIC);
                g.setFont(metrics.font(bold, italic));
                g.setFill(fg);
                g.fillText(text, x, y + metrics.baseline());
            }
            if (style != null && style.hasOption(TextStyle.Option.UNDERLINED) && !hidden) {
                underline(g, fg, x, y, runWidth);
            }
            if (CrossedOutTextStyle.isCrossedOut(style) && !hidden) {
                crossOut(g, fg, x, y, runWidth);
            }
            c = end;
        }
        matches.paint(g, r, current.number(line));
        LinkHover.Link link = links.hovered();
        if (link != null && link.line() == line) {
            underline(g, colors.palette().foreground(), grid.x(link.from()), y, (link.to() - link.from()) * cw);
        }
    }

    private void underline(GraphicsContext g, Color color, double x, double y, double width) {
        double thickness = lineThickness();
        g.setFill(color);
        g.fillRect(x, y + grid.metrics().height() - thickness - 1, width, thickness);
    }

    /** How thick an underline or a line through text is: a fourteenth of the cell's height, at least a pixel. */
    private double lineThickness() {
        return Math.max(1, grid.metrics().height() / 14);
    }

    /** A line through the middle of the lower-case letters, as thick as an underline. */
    private void crossOut(GraphicsContext g, Color color, double x, double y, double width) {
        double thickness = lineThickness();
        g.setFill(color);
        g.fillRect(x, y + Math.round(grid.metrics().baseline() * STRIKE_HEIGHT) - Math.floor(thickness / 2), width,
                thickness);
    }

    private static String runText(char[] chars, int from, int to, boolean single) {
        if (single) {
            StringBuilder sb = new StringBuilder(2);
            for (int i = from; i < to; i++) {
                if (chars[i] != CharUtils.DWC) {
                    sb.append(chars[i]);
                }
            }
            return sb.toString();
        }
        StringBuilder sb = new StringBuilder(to - from);
        for (int i = from; i < to; i++) {
            char ch = chars[i];
            sb.append(ch == CharUtils.EMPTY_CHAR || ch == CharUtils.DWC || ch < ' ' ? ' ' : ch);
        }
        return sb.toString();
    }

    private static boolean sameLook(TextStyle a, TextStyle b) {
        return a == b || (a != null && a.equals(b));
    }
}
