package dev.holdfast.app.view;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/**
 * The characters the view draws itself instead of taking them from the font, one cell each: box drawing and blocks
 * ({@link BoxDrawing}) and the agents' technical symbols ({@link SymbolGlyphs}).
 */
final class DrawnGlyphs {
    private DrawnGlyphs() {
    }

    static boolean handles(char c) {
        return BoxDrawing.handles(c) || SymbolGlyphs.handles(c);
    }

    /** Draws {@code c} in the cell at (x, y) of size w × h in {@code color}. */
    static void draw(GraphicsContext g, char c, double x, double y, double w, double h, Color color) {
        if (BoxDrawing.handles(c)) {
            BoxDrawing.draw(g, c, x, y, w, h, color);
        } else {
            SymbolGlyphs.draw(g, c, x, y, w, h, color);
        }
    }
}
