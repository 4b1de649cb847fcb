package dev.holdfast.app.settings;

import java.util.List;
import java.util.Objects;

/**
 * What a user can tune. Every number carries its unit in its name; the defaults are the named constants.
 *
 * @param fontFamily the terminal font family
 * @param fontSizePoints the terminal font size
 * @param historyLines scrollback kept per terminal
 */
public record Settings(String fontFamily, double fontSizePoints, int historyLines) {
    public static final double DEFAULT_FONT_SIZE_POINTS = 14;
    public static final double MIN_FONT_SIZE_POINTS = 6;
    public static final double MAX_FONT_SIZE_POINTS = 72;
    public static final int DEFAULT_HISTORY_LINES = 10_000;

    /** Preferred monospace families, best first; the first one installed wins. */
    public static final List<String> PREFERRED_FONTS = List.of(
            "JetBrains Mono", "Cascadia Mono", "Fira Code", "Source Code Pro", "Hack", "SF Mono", "Menlo",
            "DejaVu Sans Mono", "Liberation Mono", "Ubuntu Mono", "Noto Sans Mono", "Monospaced");

    public Settings {
        Objects.requireNonNull(fontFamily, "fontFamily");
        if (fontSizePoints < MIN_FONT_SIZE_POINTS || fontSizePoints > MAX_FONT_SIZE_POINTS) {
            throw new IllegalArgumentException("font size out of range: " + fontSizePoints);
        }
        if (historyLines < 0) {
            throw new IllegalArgumentException("history lines must not be negative: " + historyLines);
        }
    }

    /** Defaults for a machine with these font families installed. */
    public static Settings defaults(List<String> installedFamilies) {
        return new Settings(bestMonospace(installedFamilies), DEFAULT_FONT_SIZE_POINTS, DEFAULT_HISTORY_LINES);
    }

    static String bestMonospace(List<String> installedFamilies) {
        for (String preferred : PREFERRED_FONTS) {
            for (String installed : installedFamilies) {
                if (installed.equalsIgnoreCase(preferred)) {
                    return installed;
                }
            }
        }
        return "Monospaced";
    }

    public static double clampFontSize(double points) {
        return Math.max(MIN_FONT_SIZE_POINTS, Math.min(MAX_FONT_SIZE_POINTS, points));
    }
}
