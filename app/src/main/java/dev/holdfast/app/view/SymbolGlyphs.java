package dev.holdfast.app.view;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/**
 * Draws the technical symbols coding agents print on nearly every line: Claude Code's ⏺ (U+23FA) before each tool
 * call and answer, ⎿ (U+23BF) before each result, and the media controls of its mode line (⏵⏵ accept edits, ⏸ plan
 * mode), U+23F4–U+23F9, its ⧉ (U+29C9) before the file or selection open in the user's editor, and the heavy
 * circle ⭘ (U+2B58) of some status lines. No font a stock Debian or DejaVu install has holds them, so they showed as
 * boxes; drawn here, they look the same whatever font the user chose. Shapes are centred in the cell, sized by its
 * narrower side.
 */
final class SymbolGlyphs {
    private static final char RESULT_CORNER = '\u23BF';
    private static final char FIRST_MEDIA = '\u23F4';
    private static final char RECORD = '\u23FA';
    private static final char JOINED_SQUARES = '\u29C9';
    private static final char HEAVY_CIRCLE = '\u2B58';

    private SymbolGlyphs() {
    }

    static boolean handles(char c) {
        return c == RESULT_CORNER || (c >= FIRST_MEDIA && c <= RECORD) || c == JOINED_SQUARES || c == HEAVY_CIRCLE;
    }

    /** Draws {@code c} in the cell at (x, y) of size w × h in {@code color}. */
    static void draw(GraphicsContext g, char c, double x, double y, double w, double h, Color color) {
        if (c == RESULT_CORNER) {
            // Drawn as the light up-and-right corner it stands for in the agent's tree of results.
            BoxDrawing.draw(g, '\u2514', x, y, w, h, color);
            return;
        }
        g.setFill(color);
        double side = Math.min(w, h) * 0.8;
        double cx = x + w / 2;
        double cy = y + h / 2;
        double left = cx - side / 2;
        double top = cy - side / 2;
        switch (c) {
            case '\u23F4' -> triangle(g, left + side, top, left + side, top + side, left, cy);       // ⏴
            case '\u23F5' -> triangle(g, left, top, left, top + side, left + side, cy);              // ⏵
            case '\u23F6' -> triangle(g, left, top + side, left + side, top + side, cx, top);        // ⏶
            case '\u23F7' -> triangle(g, left, top, left + side, top, cx, top + side);               // ⏷
            case '\u23F8' -> {                                                                        // ⏸
                double bar = side / 3;
                g.fillRect(left, top, bar, side);
                g.fillRect(left + side - bar, top, bar, side);
            }
            case '\u23F9' -> g.fillRect(left + side * 0.1, top + side * 0.1, side * 0.8, side * 0.8);  // ⏹
            case JOINED_SQUARES -> joinedSquares(g, left, top, side, color);                          // ⧉
            case HEAVY_CIRCLE -> heavyCircle(g, left, top, side, color);                              // ⭘
            default -> g.fillOval(left, top, side, side);                                             // ⏺
        }
    }

    /** The outlines' line: as heavy as a box-drawing stroke would be at this size. */
    private static double stroke(double side) {
        return Math.max(1, Math.round(side / 8));
    }

    /** Two squares of two thirds of the side, the second down and to the right of the first, overlapping. */
    private static void joinedSquares(GraphicsContext g, double left, double top, double side, Color color) {
        double stroke = stroke(side);
        double inset = stroke / 2;
        double square = side * 2 / 3;
        g.setStroke(color);
        g.setLineWidth(stroke);
        g.strokeRect(left + inset, top + inset, square - stroke, square - stroke);
        g.strokeRect(left + side - square + inset, top + side - square + inset, square - stroke, square - stroke);
    }

    private static void heavyCircle(GraphicsContext g, double left, double top, double side, Color color) {
        double stroke = stroke(side);
        g.setStroke(color);
        g.setLineWidth(stroke * 1.5);
        g.strokeOval(left + stroke * 0.75, top + stroke * 0.75, side - stroke * 1.5, side - stroke * 1.5);
    }

    private static void triangle(GraphicsContext g, double x1, double y1, double x2, double y2, double x3,
                                 double y3) {
        g.fillPolygon(new double[] {x1, x2, x3}, new double[] {y1, y2, y3}, 3);
    }
}
