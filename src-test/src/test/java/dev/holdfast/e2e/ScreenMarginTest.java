package dev.holdfast.e2e;

import static dev.holdfast.e2e.TestWindow.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.holdfast.app.tabs.TerminalTab;
import dev.holdfast.app.window.CloseConfirmation;
import dev.holdfast.app.window.MainWindow;
import java.nio.file.Path;
import javafx.scene.image.PixelReader;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The strip between the last column and the scroll bar (a window is rarely a whole number of cells wide) shows
 * nothing of what a row held before: a coloured last cell blended into its partly covered pixels, and once the
 * row was repainted the strip kept a thin line of the old colours (seen on screen after vim and htop).
 */
class ScreenMarginTest {
    @TempDir
    Path home;

    private TestWindow test;
    private MainWindow window;

    @BeforeEach
    void openWindow() throws Exception {
        test = TestWindow.open(home, CloseConfirmation.DIALOG, () -> { }, (w, stage) -> w.openTab(home));
        window = test.window();
    }

    @AfterEach
    void closeWindow() throws Exception {
        test.close();
    }

    /** The view's pixels now, as painted. */
    private static PixelReader pixels(TerminalTab tab) throws Exception {
        return fx(() -> tab.view().snapshot(null, null).getPixelReader());
    }

    @Test
    void aRepaintedRowLeavesNothingOfItsOldColoursBeyondTheLastColumn() throws Exception {
        TerminalTab tab = fx(() -> window.selectedTab().orElseThrow());
        TabText.await("a prompt", () -> TabText.of(tab).contains("$"));
        // The cell size as the view measures it: an M of the terminal font.
        double[] cell = fx(() -> {
            Text m = new Text("M");
            m.setFont(Font.font(tab.view().fontFamily(), tab.view().fontSize()));
            return new double[] {m.getLayoutBounds().getWidth(), Math.ceil(m.getLayoutBounds().getHeight())};
        });
        int columns = fx(() -> tab.view().columns());
        int lastCellX = (int) ((columns - 0.5) * cell[0]);
        int y = (int) (cell[1] / 2);
        tab.session().sendText("clear; printf '\\e[41m%*s\\e[0m\\n' $COLUMNS ''\r");
        Color[] red = new Color[1];
        TabText.await("the red row painted", () -> {
            try {
                Color c = pixels(tab).getColor(lastCellX, y);
                red[0] = c;
                return c.getRed() > 0.5 && c.getGreen() < 0.5;
            } catch (Exception e) {
                return false;
            }
        });
        // An empty row's cell: the terminal's background.
        Color background = pixels(tab).getColor(lastCellX, (int) (y + 10 * cell[1]));
        tab.session().sendText("clear\r");
        TabText.await("the row painted again", () -> {
            try {
                return close(pixels(tab).getColor(lastCellX, y), background);
            } catch (Exception e) {
                return false;
            }
        });
        PixelReader after = pixels(tab);
        int textWidth = fx(() -> (int) Math.floor(tab.view().getWidth() - 12));
        for (int x = (int) Math.floor(columns * cell[0]); x < textWidth; x++) {
            Color c = after.getColor(x, y);
            assertEquals(true, close(c, background), "x " + x + " of the strip after column " + columns
                    + " still shows " + c + " (background " + background + ", the row was " + red[0] + ")");
        }
    }

    private static boolean close(Color a, Color b) {
        return Math.abs(a.getRed() - b.getRed()) < 0.02 && Math.abs(a.getGreen() - b.getGreen()) < 0.02
                && Math.abs(a.getBlue() - b.getBlue()) < 0.02;
    }
}
