package dev.holdfast.e2e;

import static dev.holdfast.e2e.TestWindow.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.app.tabs.TerminalTab;
import dev.holdfast.app.window.CloseConfirmation;
import dev.holdfast.app.window.MainWindow;
import java.nio.file.Path;
import javafx.scene.control.Label;
import javafx.scene.image.PixelReader;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The places the sidebar, a tab's side panel and a tab's badge go: each takes its room from the terminal,
 * whose PTY follows, and gives it back when it goes; and the strip the terminal leaves beside its scroll bar.
 */
class WindowSeamsTest {
    @TempDir
    Path home;

    private TestWindow test;
    private MainWindow window;

    @BeforeEach
    void openWindow() throws Exception {
        test = TestWindow.open(home, CloseConfirmation.DIALOG, () -> { }, (w, stage) -> {
            w.openTab(home);
            stage.setWidth(1000);
            stage.setHeight(600);
        });
        window = test.window();
    }

    @AfterEach
    void closeWindow() throws Exception {
        test.close();
    }

    /** Waits until the view and the PTY agree on {@code expected} columns (or fewer/more, as {@code test} says). */
    private static int awaitColumns(TerminalTab tab, java.util.function.IntPredicate test) throws Exception {
        int[] seen = new int[1];
        TabText.await("the terminal and its PTY resized", () -> {
            try {
                int columns = fx(() -> tab.view().columns());
                seen[0] = columns;
                return test.test(columns) && tab.session().terminal().getTerminalWidth() == columns;
            } catch (Exception e) {
                return false;
            }
        });
        return seen[0];
    }

    private static Region panel(double width) {
        Label label = new Label("panel");
        label.setMinWidth(width);
        label.setPrefWidth(width);
        return label;
    }

    @Test
    void aSidePanelTakesItsWidthFromTheTerminalAndGivesItBack() throws Exception {
        TerminalTab tab = fx(() -> window.tabs().get(0));
        int full = awaitColumns(tab, c -> c > 10);
        Region side = panel(300);
        fx(() -> {
            tab.body().showSidePanel(side);
            return null;
        });
        int narrowed = awaitColumns(tab, c -> c < full);
        assertSame(side, fx(() -> tab.body().sidePanel()));
        assertTrue(fx(() -> side.getScene() != null && side.getWidth() > 0), "the panel is shown");
        fx(() -> {
            tab.body().hideSidePanel();
            return null;
        });
        assertEquals(full, awaitColumns(tab, c -> c == full), "narrowed to " + narrowed + ", then back");
    }

    @Test
    void theSidebarSitsLeftOfTheTabsAndTheBadgeBeforeTheTitle() throws Exception {
        TerminalTab tab = fx(() -> window.tabs().get(0));
        int full = awaitColumns(tab, c -> c > 10);
        Region sidebar = panel(250);
        fx(() -> {
            window.showSidebar(sidebar);
            return null;
        });
        awaitColumns(tab, c -> c < full);
        assertTrue(fx(() -> sidebar.localToScene(0, 0).getX() < tab.view().localToScene(0, 0).getX()),
                "the sidebar is on the left");
        fx(() -> {
            window.hideSidebar();
            return null;
        });
        awaitColumns(tab, c -> c == full);

        Label badge = new Label("●");
        fx(() -> {
            tab.header().setBadge(badge);
            return null;
        });
        assertSame(badge, fx(() -> tab.header().getChildren().get(0)), "the badge comes before the title");
        fx(() -> {
            tab.header().setBadge(null);
            return null;
        });
        assertEquals(1, fx(() -> tab.header().getChildren().size()), "only the title is left");
    }

    @Test
    void theBadgeAndTheAgentButtonHaveSlotsOfTheirOwnAroundTheTitle() throws Exception {
        TerminalTab tab = fx(() -> window.tabs().get(0));
        Label badge = new Label("●");
        Label button = new Label("Codex");
        fx(() -> {
            tab.header().setAgentButton(button);
            tab.header().setBadge(badge);
            return null;
        });
        assertSame(badge, fx(() -> tab.header().getChildren().get(0)), "the badge before the title");
        assertSame(button, fx(() -> tab.header().getChildren().get(2)), "the agent button after it");
        fx(() -> {
            tab.header().setBadge(null);
            return null;
        });
        assertSame(button, fx(() -> tab.header().getChildren().get(1)), "the button stays when the badge goes");
        Label other = new Label("●●");
        fx(() -> {
            tab.header().setBadge(other);
            tab.header().setAgentButton(null);
            return null;
        });
        assertEquals(2, fx(() -> tab.header().getChildren().size()));
        assertSame(other, fx(() -> tab.header().getChildren().get(0)), "the badge stays when the button goes");
    }

    /** The view's pixels now, as painted. */
    private static PixelReader pixels(TerminalTab tab) throws Exception {
        return fx(() -> tab.view().snapshot(null, null).getPixelReader());
    }

    /**
     * The strip between the last column and the scroll bar (a window is rarely a whole number of cells wide)
     * shows nothing of what a row held before: a coloured last cell blends into the pixel past it, and a row
     * repainted only up to its last column kept a thin line of old colours there (seen after vim and htop).
     */
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
