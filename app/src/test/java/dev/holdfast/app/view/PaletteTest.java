package dev.holdfast.app.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.techsenger.jeditermfx.core.TerminalColor;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;

class PaletteTest {
    private final Palette palette = Palette.dark();

    @Test
    void defaultColourFallsBack() {
        assertEquals(Color.RED, palette.resolve(null, Color.RED, false));
    }

    @Test
    void cubeAndGreyRampFollowXterm() {
        assertEquals(Color.rgb(255, 135, 0), palette.resolve(TerminalColor.index(208), Color.BLACK, false));
        assertEquals(Color.rgb(8, 8, 8), palette.resolve(TerminalColor.index(232), Color.BLACK, false));
        assertEquals(Color.rgb(238, 238, 238), palette.resolve(TerminalColor.index(255), Color.BLACK, false));
    }

    @Test
    void truecolorIsExact() {
        assertEquals(Color.rgb(1, 200, 100), palette.resolve(TerminalColor.rgb(1, 200, 100), Color.BLACK, false));
    }

    @Test
    void boldBrightensTheEightBaseColours() {
        assertEquals(palette.indexed(9), palette.resolve(TerminalColor.index(1), Color.BLACK, true));
        assertEquals(palette.indexed(100), palette.resolve(TerminalColor.index(100), Color.BLACK, true));
    }
}
