package dev.holdfast.app.view;

import com.techsenger.jeditermfx.core.TextStyle;
import javafx.scene.paint.Color;

/** The colours a cell is drawn in: its style resolved against the palette (inverse, dim and bold included). */
record CellColors(Palette palette) {

    Color foreground(TextStyle style) {
        if (style == null) {
            return palette.foreground();
        }
        boolean bold = style.hasOption(TextStyle.Option.BOLD);
        Color fg = palette.resolve(style.getForeground(), palette.foreground(), bold);
        if (style.hasOption(TextStyle.Option.INVERSE)) {
            fg = palette.resolve(style.getBackground(), palette.background(), false);
        }
        if (style.hasOption(TextStyle.Option.DIM)) {
            fg = fg.interpolate(palette.background(), 0.45);
        }
        return fg;
    }

    Color background(TextStyle style) {
        if (style == null) {
            return palette.background();
        }
        if (style.hasOption(TextStyle.Option.INVERSE)) {
            return palette.resolve(style.getForeground(), palette.foreground(), style.hasOption(TextStyle.Option.BOLD));
        }
        return palette.resolve(style.getBackground(), palette.background(), false);
    }
}
