package dev.holdfast.app.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class SettingsTest {
    @Test
    void bestInstalledMonospaceWins() {
        assertEquals("DejaVu Sans Mono", Settings.bestMonospace(List.of("Arial", "DejaVu Sans Mono", "Liberation Mono")));
        assertEquals("JetBrains Mono", Settings.bestMonospace(List.of("DejaVu Sans Mono", "JetBrains Mono")));
        assertEquals("Monospaced", Settings.bestMonospace(List.of("Arial")));
    }

    @Test
    void fontSizeIsClampedAndValidated() {
        assertEquals(Settings.MIN_FONT_SIZE_POINTS, Settings.clampFontSize(1));
        assertEquals(Settings.MAX_FONT_SIZE_POINTS, Settings.clampFontSize(500));
        assertThrows(IllegalArgumentException.class, () -> new Settings("Monospaced", 2, 100));
    }
}
