package dev.holdfast.app.window;

import dev.holdfast.app.settings.Settings;
import dev.holdfast.app.view.Palette;
import dev.holdfast.app.view.TerminalView;
import java.util.List;
import java.util.function.Supplier;

/**
 * The settings as the window applies them: the palette, the font actually used (the configured one when it is
 * installed) and the font size, which zooming changes for this session only. A settings change keeps the zoom
 * unless the font settings themselves changed. Pure.
 */
final class WindowSettings {
    private final Supplier<List<String>> installedFonts;
    private Settings settings;
    private Palette palette;
    private String fontFamily;
    private double fontSize;

    /**
     * @param installedFonts the font families installed (JavaFX's {@code Font::getFamilies})
     */
    WindowSettings(Settings settings, Palette palette, Supplier<List<String>> installedFonts) {
        this.installedFonts = installedFonts;
        this.settings = settings;
        this.palette = palette;
        this.fontFamily = settings.effectiveFontFamily(installedFonts.get());
        this.fontSize = settings.fontSizePoints();
    }

    /** Takes changed settings: everything applies at once; the zoom goes only when the font changed. */
    void apply(Settings newSettings, Palette newPalette) {
        boolean fontChanged = !newSettings.fontFamily().equals(settings.fontFamily())
                || newSettings.fontSizePoints() != settings.fontSizePoints();
        settings = newSettings;
        palette = newPalette;
        fontFamily = newSettings.effectiveFontFamily(installedFonts.get());
        if (fontChanged) {
            fontSize = newSettings.fontSizePoints();
        }
    }

    /** Zooms to {@code points}, within the sizes the settings allow. */
    void zoomTo(double points) {
        fontSize = Settings.clampFontSize(points);
    }

    void zoomBy(double points) {
        zoomTo(fontSize + points);
    }

    /** Back to the configured size. */
    void resetZoom() {
        zoomTo(settings.fontSizePoints());
    }

    /** How every terminal of the window looks now. */
    TerminalView.Look look() {
        return new TerminalView.Look(palette, fontFamily, fontSize, settings.cursorBlink());
    }

    Settings settings() {
        return settings;
    }

    Palette palette() {
        return palette;
    }

    String fontFamily() {
        return fontFamily;
    }

    double fontSize() {
        return fontSize;
    }
}
