package dev.holdfast.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.holdfast.app.settings.Settings;
import dev.holdfast.app.view.Palette;
import java.util.List;
import org.junit.jupiter.api.Test;

class WindowSettingsTest {
    private static final List<String> INSTALLED = List.of("DejaVu Sans Mono", "Terminus");

    private static WindowSettings window(Settings settings) {
        return new WindowSettings(settings, Palette.dark(), () -> INSTALLED);
    }

    @Test
    void aSettingsChangeThatKeepsTheFontKeepsTheZoom() {
        WindowSettings w = window(Settings.defaults().withFont("Terminus", 14));
        w.zoomBy(3);
        Palette light = Palette.light();
        w.apply(Settings.defaults().withFont("Terminus", 14), light);
        assertEquals(17, w.fontSize());
        assertEquals(light, w.look().palette(), "the rest applies");
    }

    @Test
    void aNewFontSizeInTheSettingsReplacesTheZoom() {
        WindowSettings w = window(Settings.defaults().withFont("Terminus", 14));
        w.zoomBy(3);
        w.apply(Settings.defaults().withFont("Terminus", 12), Palette.dark());
        assertEquals(12, w.fontSize());
        w.zoomBy(2);
        w.resetZoom();
        assertEquals(12, w.fontSize(), "reset goes back to the configured size");
    }

    @Test
    void zoomStaysWithinTheAllowedSizes() {
        WindowSettings w = window(Settings.defaults());
        w.zoomTo(500);
        assertEquals(Settings.MAX_FONT_SIZE_POINTS, w.fontSize());
        w.zoomTo(1);
        assertEquals(Settings.MIN_FONT_SIZE_POINTS, w.look().fontSize());
    }

    @Test
    void aFontThatIsNotInstalledIsShownInTheBestInstalledOne() {
        WindowSettings w = window(Settings.defaults().withFont("Nowhere Mono", 14));
        assertEquals("DejaVu Sans Mono", w.look().fontFamily());
        w.apply(Settings.defaults().withFont("terminus", 14), Palette.dark());
        assertEquals("Terminus", w.fontFamily());
    }
}
