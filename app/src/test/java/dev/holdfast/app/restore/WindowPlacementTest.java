package dev.holdfast.app.restore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.holdfast.checkpoint.session.WindowFrame;
import java.util.List;
import javafx.geometry.Rectangle2D;
import org.junit.jupiter.api.Test;

class WindowPlacementTest {
    private static final Rectangle2D PRIMARY = new Rectangle2D(0, 0, 1920, 1080);
    private static final Rectangle2D RIGHT = new Rectangle2D(1920, 0, 1280, 1024);

    @Test
    void aVisibleFrameStaysWhereItWas() {
        assertEquals(new Rectangle2D(100, 50, 800, 600),
                WindowPlacement.clamp(new WindowFrame(100, 50, 800, 600, false), List.of(PRIMARY)));
    }

    @Test
    void aFrameOnAMonitorThatIsGoneMovesToThePrimary() {
        Rectangle2D placed = WindowPlacement.clamp(new WindowFrame(2500, 200, 800, 600, false), List.of(PRIMARY));
        assertEquals(1920 - 800, placed.getMinX());
        assertEquals(200, placed.getMinY());
    }

    @Test
    void aFrameOnASecondMonitorStaysThere() {
        Rectangle2D placed = WindowPlacement.clamp(new WindowFrame(2500, 200, 800, 600, false), List.of(PRIMARY, RIGHT));
        assertEquals(new Rectangle2D(2500, 200, 800, 600), placed);
    }

    @Test
    void aFrameLargerThanTheScreenShrinksOntoIt() {
        Rectangle2D placed = WindowPlacement.clamp(new WindowFrame(-50, -40, 4000, 3000, false), List.of(PRIMARY));
        assertEquals(new Rectangle2D(0, 0, 1920, 1080), placed);
    }

    @Test
    void aTitleBarAboveTheScreenIsBroughtBack() {
        Rectangle2D placed = WindowPlacement.clamp(new WindowFrame(100, -300, 800, 600, false), List.of(PRIMARY));
        assertEquals(0, placed.getMinY());
    }
}
