package dev.holdfast.app.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsTest {
    @Test
    void bestInstalledMonospaceWins() {
        assertEquals("DejaVu Sans Mono", Settings.bestMonospace(List.of("Arial", "DejaVu Sans Mono", "Liberation Mono")));
        assertEquals("JetBrains Mono", Settings.bestMonospace(List.of("DejaVu Sans Mono", "JetBrains Mono")));
        assertEquals("Monospaced", Settings.bestMonospace(List.of("Arial")));
    }

    @Test
    void aConfiguredFontThatIsNotInstalledFallsBackToAMonospaceOne() {
        Settings s = Settings.defaults().withFont("Comic Mono Nowhere", 14);
        assertEquals("DejaVu Sans Mono", s.effectiveFontFamily(List.of("Arial", "DejaVu Sans Mono")));
        assertEquals("Liberation Mono", Settings.defaults().withFont("liberation mono", 14)
                .effectiveFontFamily(List.of("Liberation Mono", "DejaVu Sans Mono")));
    }

    @Test
    void fontSizeIsClampedAndValidated() {
        assertEquals(Settings.MIN_FONT_SIZE_POINTS, Settings.clampFontSize(1));
        assertEquals(Settings.MAX_FONT_SIZE_POINTS, Settings.clampFontSize(500));
        assertThrows(IllegalArgumentException.class,
                () -> new Settings("Monospaced", 2, 100, Theme.DARK, true, true, Map.of()));
    }

    @Test
    void systemThemeFollowsTheOsAndDefaultsToDark() {
        assertEquals(Theme.LIGHT, Theme.SYSTEM.resolve(false));
        assertEquals(Theme.DARK, Theme.SYSTEM.resolve(true));
        assertEquals(Theme.DARK, Theme.SYSTEM.resolve(null));
        assertEquals(Theme.LIGHT, Theme.LIGHT.resolve(true));
    }
}
