package dev.holdfast.app.view;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/**
 * Draws box-drawing (U+2500–U+257F) and block (U+2580–U+259F) characters with rectangles on the pixel grid
 * instead of taking them from the font: font glyphs rarely fill the cell exactly, so lines in htop, tmux or
 * a TUI's frame show gaps between rows and columns.
 */
final class BoxDrawing {
    private static final int NONE = 0;
    private static final int LIGHT = 1;
    private static final int HEAVY = 2;
    private static final int DOUBLE = 3;

    /**
     * Arms of U+2500..U+257F, four digits each: up, right, down, left; 0 none, 1 light, 2 heavy, 3 double.
     * "xxxx" marks the diagonals, drawn separately. Dashed forms are drawn solid, rounded corners square.
     */
    private static final String ARMS =
            "0101" + "0202" + "1010" + "2020" + "0101" + "0202" + "1010" + "2020"      // 2500 ─━│┃┄┅┆┇
            + "0101" + "0202" + "1010" + "2020" + "0110" + "0210" + "0120" + "0220"    // 2508 ┈┉┊┋┌┍┎┏
            + "0011" + "0012" + "0021" + "0022" + "1100" + "1200" + "2100" + "2200"    // 2510 ┐┑┒┓└┕┖┗
            + "1001" + "1002" + "2001" + "2002" + "1110" + "1210" + "2110" + "1120"    // 2518 ┘┙┚┛├┝┞┟
            + "2120" + "2210" + "1220" + "2220" + "1011" + "1012" + "2011" + "1021"    // 2520 ┠┡┢┣┤┥┦┧
            + "2021" + "2012" + "1022" + "2022" + "0111" + "0112" + "0211" + "0212"    // 2528 ┨┩┪┫┬┭┮┯
            + "0121" + "0122" + "0221" + "0222" + "1101" + "1102" + "1201" + "1202"    // 2530 ┰┱┲┳┴┵┶┷
            + "2101" + "2102" + "2201" + "2202" + "1111" + "1112" + "1211" + "1212"    // 2538 ┸┹┺┻┼┽┾┿
            + "2111" + "1121" + "2121" + "2112" + "2211" + "1122" + "1221" + "2212"    // 2540 ╀╁╂╃╄╅╆╇
            + "1222" + "2122" + "2221" + "2222" + "0101" + "0202" + "1010" + "2020"    // 2548 ╈╉╊╋╌╍╎╏
            + "0303" + "3030" + "0310" + "0130" + "0330" + "0013" + "0031" + "0033"    // 2550 ═║╒╓╔╕╖╗
            + "1300" + "3100" + "3300" + "1003" + "3001" + "3003" + "1310" + "3130"    // 2558 ╘╙╚╛╜╝╞╟
            + "3330" + "1013" + "3031" + "3033" + "0313" + "0131" + "0333" + "1303"    // 2560 ╠╡╢╣╤╥╦╧
            + "3101" + "3303" + "1313" + "3131" + "3333" + "0110" + "0011" + "1001"    // 2568 ╨╩╪╫╬╭╮╯
            + "1100" + "xxxx" + "xxxx" + "xxxx" + "0001" + "1000" + "0100" + "0010"    // 2570 ╰╱╲╳╴╵╶╷
            + "0002" + "2000" + "0200" + "0020" + "0201" + "1020" + "0102" + "2010";   // 2578 ╸╹╺╻╼╽╾╿

    private BoxDrawing() {
    }

    static boolean handles(char c) {
        return c >= 0x2500 && c <= 0x259F;
    }

    /** Draws {@code c} filling the cell at (x, y) of size w × h in {@code color}. */
    static void draw(GraphicsContext g, char c, double x, double y, double w, double h, Color color) {
        g.setFill(color);
        if (c >= 0x2580) {
            drawBlock(g, c, x, y, w, h, color);
            return;
        }
        int i = (c - 0x2500) * 4;
        if (ARMS.charAt(i) == 'x') {
            drawDiagonals(g, c, x, y, w, h, color);
            return;
        }
        double light = Math.max(1, Math.round(h / 16));
        double cx = Math.floor(x + w / 2 - light / 2);
        double cy = Math.floor(y + h / 2 - light / 2);
        int up = ARMS.charAt(i) - '0';
        int right = ARMS.charAt(i + 1) - '0';
        int down = ARMS.charAt(i + 2) - '0';
        int left = ARMS.charAt(i + 3) - '0';
        double x0 = Math.floor(x);
        double x1 = Math.ceil(x + w);
        double y0 = Math.floor(y);
        double y1 = Math.ceil(y + h);
        // Each arm runs from the cell edge past the centre by the widest crossing line, so joints are solid.
        double reach = light * 2;
        vertical(g, up, cx, y0, cy + reach, light);
        vertical(g, down, cx, cy - reach + light, y1, light);
        horizontal(g, left, cy, x0, cx + reach, light);
        horizontal(g, right, cy, cx - reach + light, x1, light);
    }

    private static void vertical(GraphicsContext g, int weight, double cx, double from, double to, double light) {
        switch (weight) {
            case LIGHT -> g.fillRect(cx, from, light, to - from);
            case HEAVY -> g.fillRect(cx - light / 2, from, light * 2, to - from);
            case DOUBLE -> {
                g.fillRect(cx - light, from, light, to - from);
                g.fillRect(cx + light, from, light, to - from);
            }
            default -> {
            }
        }
    }

    private static void horizontal(GraphicsContext g, int weight, double cy, double from, double to, double light) {
        switch (weight) {
            case LIGHT -> g.fillRect(from, cy, to - from, light);
            case HEAVY -> g.fillRect(from, cy - light / 2, to - from, light * 2);
            case DOUBLE -> {
                g.fillRect(from, cy - light, to - from, light);
                g.fillRect(from, cy + light, to - from, light);
            }
            default -> {
            }
        }
    }

    private static void drawDiagonals(GraphicsContext g, char c, double x, double y, double w, double h, Color color) {
        g.setStroke(color);
        g.setLineWidth(Math.max(1, Math.round(h / 16)));
        if (c == 0x2571 || c == 0x2573) {
            g.strokeLine(x, y + h, x + w, y);
        }
        if (c == 0x2572 || c == 0x2573) {
            g.strokeLine(x, y, x + w, y + h);
        }
    }

    private static void drawBlock(GraphicsContext g, char c, double x, double y, double w, double h, Color color) {
        double x0 = Math.floor(x);
        double y0 = Math.floor(y);
        double fw = Math.ceil(x + w) - x0;
        double fh = Math.ceil(y + h) - y0;
        if (c == 0x2580) {
            g.fillRect(x0, y0, fw, Math.round(fh / 2));
        } else if (c >= 0x2581 && c <= 0x2588) {
            double part = Math.round(fh * (c - 0x2580) / 8.0);
            g.fillRect(x0, y0 + fh - part, fw, part);
        } else if (c >= 0x2589 && c <= 0x258F) {
            g.fillRect(x0, y0, Math.round(fw * (0x2590 - c) / 8.0), fh);
        } else if (c == 0x2590) {
            double half = Math.round(fw / 2);
            g.fillRect(x0 + half, y0, fw - half, fh);
        } else if (c >= 0x2591 && c <= 0x2593) {
            double[] alpha = {0.25, 0.5, 0.75};
            g.setFill(color.deriveColor(0, 1, 1, alpha[c - 0x2591]));
            g.fillRect(x0, y0, fw, fh);
        } else if (c == 0x2594) {
            g.fillRect(x0, y0, fw, Math.max(1, Math.round(fh / 8)));
        } else if (c == 0x2595) {
            double part = Math.max(1, Math.round(fw / 8));
            g.fillRect(x0 + fw - part, y0, part, fh);
        } else {
            quadrants(g, c, x0, y0, fw, fh);
        }
    }

    /** U+2596..U+259F: bits upper-left 1, upper-right 2, lower-left 4, lower-right 8. */
    private static final int[] QUADRANTS = {4, 8, 1, 1 | 4 | 8, 1 | 8, 1 | 2 | 4, 1 | 2 | 8, 2, 2 | 4, 2 | 4 | 8};

    private static void quadrants(GraphicsContext g, char c, double x0, double y0, double fw, double fh) {
        int bits = QUADRANTS[c - 0x2596];
        double hw = Math.round(fw / 2);
        double hh = Math.round(fh / 2);
        if ((bits & 1) != 0) {
            g.fillRect(x0, y0, hw, hh);
        }
        if ((bits & 2) != 0) {
            g.fillRect(x0 + hw, y0, fw - hw, hh);
        }
        if ((bits & 4) != 0) {
            g.fillRect(x0, y0 + hh, hw, fh - hh);
        }
        if ((bits & 8) != 0) {
            g.fillRect(x0 + hw, y0 + hh, fw - hw, fh - hh);
        }
    }
}
