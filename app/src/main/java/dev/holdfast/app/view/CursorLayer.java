package dev.holdfast.app.view;

import com.techsenger.jeditermfx.core.CursorShape;
import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.util.CharUtils;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/**
 * The cursor, on a one-cell canvas of its own above the text: blinking toggles its visibility, so the
 * renderer repaints a cell-sized region instead of the whole terminal twice a second. It is redrawn only when
 * its cell, shape, focus, colours or the character under it changed. FX thread.
 */
final class CursorLayer {
    /** The cursor's visible row (-1: not on screen or hidden), its column and its shape. */
    record Cursor(int row, int column, CursorShape shape) {
        static final Cursor HIDDEN = new Cursor(-1, 0, CursorShape.BLINK_BLOCK);
    }

    private final Canvas canvas = new Canvas();
    private Object paintedKey;

    CursorLayer() {
        canvas.setMouseTransparent(true);
        canvas.setManaged(false);
    }

    Node node() {
        return canvas;
    }

    /** Draws the cursor over {@code current} when anything about it changed. */
    void update(Cursor cursor, ScreenCopy current, CellGrid grid, CellColors colors, boolean focused) {
        int columns = grid.columns();
        if (cursor.row() < 0 || columns == 0) {
            paintedKey = null;
            canvas.setVisible(false);
            return;
        }
        int row = cursor.row();
        int col = Math.max(0, Math.min(columns - 1, cursor.column()));
        char under = current.chars[row][col];
        TextStyle style = current.styles[row][col];
        boolean wide = col + 1 < columns && current.chars[row][col + 1] == CharUtils.DWC;
        CursorShape shape = cursor.shape();
        Object key = List.of(row, col, under, String.valueOf(style), wide, shape, focused, colors.palette(),
                grid.metrics());
        if (!key.equals(paintedKey)) {
            paintedKey = key;
            paint(grid, colors, row, col, under, style, wide, shape, focused);
        }
    }

    /** Shows or hides the drawn cursor (the blink); a cursor that is not drawn stays hidden. */
    void show(boolean visible) {
        canvas.setVisible(paintedKey != null && visible);
    }

    private void paint(CellGrid grid, CellColors colors, int row, int col, char under, TextStyle style, boolean wide,
                       CursorShape shape, boolean focused) {
        CellMetrics metrics = grid.metrics();
        Palette palette = colors.palette();
        double cw = metrics.width() * (wide ? 2 : 1);
        double ch = metrics.height();
        canvas.setWidth(Math.ceil(cw));
        canvas.setHeight(Math.ceil(ch));
        canvas.relocate(grid.x(col), grid.y(row));
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.clearRect(0, 0, canvas.getWidth(), canvas.getHeight());
        g.setFill(palette.cursor());
        g.setStroke(palette.cursor());
        if (!focused) {
            g.setLineWidth(1);
            g.strokeRect(0.5, 0.5, cw - 1, ch - 1);
            return;
        }
        if (shape == CursorShape.BLINK_UNDERLINE || shape == CursorShape.STEADY_UNDERLINE) {
            g.fillRect(0, ch - 2, cw, 2);
        } else if (shape == CursorShape.BLINK_VERTICAL_BAR || shape == CursorShape.STEADY_VERTICAL_BAR) {
            g.fillRect(0, 0, 2, ch);
        } else {
            g.fillRect(0, 0, cw, ch);
            // The character under a block cursor shows through in the background colour.
            Color fg = colors.background(style);
            if (fg.equals(palette.cursor())) {
                fg = palette.background();
            }
            if (DrawnGlyphs.handles(under)) {
                DrawnGlyphs.draw(g, under, 0, 0, metrics.width(), ch, fg);
            } else if (under > ' ' && under != CharUtils.DWC) {
                boolean bold = style != null && style.hasOption(TextStyle.Option.BOLD);
                boolean italic = style != null && style.hasOption(TextStyle.Option.ITALIC);
                g.setFont(metrics.font(bold, italic));
                g.setFill(fg);
                g.fillText(String.valueOf(under), 0, metrics.baseline());
            }
        }
    }
}
