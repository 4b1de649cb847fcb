package dev.holdfast.app.view;

import javafx.scene.text.Font;
import javafx.scene.text.FontPosture;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

/** The four faces of the terminal font and the size of one cell, measured once per font change. */
record CellMetrics(Font regular, Font bold, Font italic, Font boldItalic, double width, double height, double baseline) {

    static CellMetrics measure(String family, double size) {
        Font regular = Font.font(family, FontWeight.NORMAL, FontPosture.REGULAR, size);
        Text probe = new Text("M");
        probe.setFont(regular);
        double width = probe.getLayoutBounds().getWidth();
        double height = Math.ceil(probe.getLayoutBounds().getHeight());
        double baseline = probe.getBaselineOffset();
        return new CellMetrics(
                regular,
                Font.font(family, FontWeight.BOLD, FontPosture.REGULAR, size),
                Font.font(family, FontWeight.NORMAL, FontPosture.ITALIC, size),
                Font.font(family, FontWeight.BOLD, FontPosture.ITALIC, size),
                width, height, baseline);
    }

    Font font(boolean bold, boolean italic) {
        if (bold) {
            return italic ? boldItalic : this.bold;
        }
        return italic ? this.italic : regular;
    }
}
