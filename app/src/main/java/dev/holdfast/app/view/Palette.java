package dev.holdfast.app.view;

import com.techsenger.jeditermfx.core.TerminalColor;
import javafx.scene.paint.Color;

/**
 * Resolves the emulator's colours to screen colours: the 16 theme colours, the xterm 256-colour cube and
 * grey ramp, and truecolor as given. Indexed colours are cached; nothing here allocates per cell.
 */
public final class Palette {
    private final Color[] indexed = new Color[256];
    private final Color foreground;
    private final Color background;
    private final Color cursor;
    private final Color selection;

    public Palette(Color[] sixteen, Color foreground, Color background, Color cursor, Color selection) {
        if (sixteen.length != 16) {
            throw new IllegalArgumentException("a palette has 16 base colours, got " + sixteen.length);
        }
        System.arraycopy(sixteen, 0, indexed, 0, 16);
        int[] levels = {0, 95, 135, 175, 215, 255};
        for (int i = 0; i < 216; i++) {
            indexed[16 + i] = Color.rgb(levels[i / 36], levels[(i / 6) % 6], levels[i % 6]);
        }
        for (int i = 0; i < 24; i++) {
            int v = 8 + i * 10;
            indexed[232 + i] = Color.rgb(v, v, v);
        }
        this.foreground = foreground;
        this.background = background;
        this.cursor = cursor;
        this.selection = selection;
    }

    /** The default dark theme. */
    public static Palette dark() {
        return new Palette(new Color[] {
            Color.web("#1d1f21"), Color.web("#cc6666"), Color.web("#8ec07c"), Color.web("#e6c07b"),
            Color.web("#6fa8dc"), Color.web("#c397d8"), Color.web("#70c0ba"), Color.web("#c5c8c6"),
            Color.web("#666666"), Color.web("#ff7b7b"), Color.web("#b5e48c"), Color.web("#ffd866"),
            Color.web("#8ecbff"), Color.web("#e0a6ff"), Color.web("#8ae9e0"), Color.web("#ffffff"),
        }, Color.web("#d7dae0"), Color.web("#16181c"), Color.web("#f0c674"), Color.web("#3a5f8f"));
    }

    /** The default light theme. */
    public static Palette light() {
        return new Palette(new Color[] {
            Color.web("#1d1f21"), Color.web("#c82829"), Color.web("#3e8a2c"), Color.web("#a66a00"),
            Color.web("#2f67b1"), Color.web("#8959a8"), Color.web("#2a8a8a"), Color.web("#9ea3a8"),
            Color.web("#5c6166"), Color.web("#e0393a"), Color.web("#4fa33a"), Color.web("#c48400"),
            Color.web("#3f7fd4"), Color.web("#a56fc6"), Color.web("#36a3a3"), Color.web("#d8dadc"),
        }, Color.web("#24292f"), Color.web("#fbfbfa"), Color.web("#2f67b1"), Color.web("#b6d3f5"));
    }

    /** The palette for a theme, with colour overrides by name ({@code Settings.COLOR_NAMES} order). */
    public static Palette of(boolean dark, java.util.List<String> names, java.util.Map<String, String> overrides) {
        Palette base = dark ? dark() : light();
        if (overrides.isEmpty()) {
            return base;
        }
        Color[] sixteen = new Color[16];
        System.arraycopy(base.indexed, 0, sixteen, 0, 16);
        for (int i = 0; i < 16 && i < names.size(); i++) {
            String v = overrides.get(names.get(i));
            if (v != null) {
                sixteen[i] = Color.web(v);
            }
        }
        return new Palette(sixteen,
                override(overrides, "foreground", base.foreground), override(overrides, "background", base.background),
                override(overrides, "cursor", base.cursor), override(overrides, "selection", base.selection));
    }

    private static Color override(java.util.Map<String, String> overrides, String name, Color fallback) {
        String v = overrides.get(name);
        return v == null ? fallback : Color.web(v);
    }

    public boolean isDark() {
        return background.getBrightness() < 0.5;
    }

    /** Resolves a colour, or {@code fallback} for "default" (null). Bold brightens the 8 base colours. */
    public Color resolve(TerminalColor color, Color fallback, boolean bold) {
        if (color == null) {
            return fallback;
        }
        if (color.isIndexed()) {
            int index = color.getColorIndex();
            if (index < 0 || index > 255) {
                return fallback;
            }
            if (bold && index < 8) {
                index += 8;
            }
            return indexed[index];
        }
        com.techsenger.jeditermfx.core.Color rgb = color.toColor();
        return Color.rgb(rgb.getRed(), rgb.getGreen(), rgb.getBlue());
    }

    public Color indexed(int index) {
        return indexed[index];
    }

    public Color foreground() {
        return foreground;
    }

    public Color background() {
        return background;
    }

    public Color cursor() {
        return cursor;
    }

    public Color selection() {
        return selection;
    }
}
