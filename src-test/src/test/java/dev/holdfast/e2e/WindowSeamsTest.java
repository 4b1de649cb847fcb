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
import javafx.scene.layout.Region;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The places the sidebar, a tab's side panel and a tab's badge go: each takes its room from the terminal,
 * whose PTY follows, and gives it back when it goes.
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
}
