package dev.holdfast.e2e;

import static dev.holdfast.e2e.TestWindow.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.app.tabs.TerminalTab;
import dev.holdfast.app.window.CloseConfirmation;
import dev.holdfast.app.window.MainWindow;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import javafx.geometry.Bounds;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ContextMenu;
import javafx.scene.input.ContextMenuEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A right-click on a tab's header opens the tab menu for that tab: one menu serves every tab, and each time it
 * opens it acts on the tab it was opened on.
 */
class TabMenuTest {
    @TempDir
    Path home;

    private TestWindow test;
    private MainWindow window;

    @BeforeEach
    void openWindowWithThreeTabs() throws Exception {
        test = TestWindow.open(home, CloseConfirmation.DIALOG, () -> { }, (w, stage) -> {
            w.addTabs(List.of(new MainWindow.TabPlace(UUID.randomUUID(), home),
                    new MainWindow.TabPlace(UUID.randomUUID(), home),
                    new MainWindow.TabPlace(UUID.randomUUID(), home)));
            stage.setWidth(1000);
            stage.setHeight(600);
        });
        window = test.window();
    }

    @AfterEach
    void closeWindow() throws Exception {
        test.close();
    }

    /** Right-clicks the middle of {@code tab}'s header and returns the menu that opened. */
    private ContextMenu rightClick(TerminalTab tab) throws Exception {
        return fx(() -> {
            Bounds header = tab.header().localToScreen(tab.header().getBoundsInLocal());
            double x = header.getCenterX();
            double y = header.getCenterY();
            javafx.geometry.Point2D local = tab.header().screenToLocal(x, y);
            tab.header().fireEvent(new ContextMenuEvent(ContextMenuEvent.CONTEXT_MENU_REQUESTED, local.getX(),
                    local.getY(), x, y, false, null));
            return tab.tab().getContextMenu();
        });
    }

    private static CheckMenuItem keepScrollback(ContextMenu menu) {
        return (CheckMenuItem) menu.getItems().stream().filter(item -> item instanceof CheckMenuItem).findFirst()
                .orElseThrow();
    }

    /** What a click on a check item does (its skin toggles it; fire() alone only sends the action). */
    private static void toggle(CheckMenuItem item) {
        item.setSelected(!item.isSelected());
    }

    @Test
    void theMenuActsOnTheTabItWasOpenedOn() throws Exception {
        List<TerminalTab> tabs = fx(window::tabs);
        ContextMenu second = rightClick(tabs.get(1));
        assertNotNull(second);
        assertTrue(fx(second::isShowing), "the menu opened");
        fx(() -> {
            toggle(keepScrollback(second));
            second.hide();
            return null;
        });
        assertFalse(fx(() -> tabs.get(1).persistScrollbackProperty().get()), "the second tab stopped keeping it");
        assertTrue(fx(() -> tabs.get(0).persistScrollbackProperty().get()), "the first tab was left alone");
        assertTrue(fx(() -> tabs.get(2).persistScrollbackProperty().get()), "the third tab was left alone");

        ContextMenu third = rightClick(tabs.get(2));
        assertSame(second, third, "one menu serves every tab");
        assertTrue(fx(() -> keepScrollback(third).isSelected()), "opened on the third tab, it shows the third's state");
        fx(() -> {
            third.hide();
            return null;
        });
        rightClick(tabs.get(1));
        assertFalse(fx(() -> keepScrollback(second).isSelected()), "and on the second, the second's");
        fx(() -> {
            toggle(keepScrollback(second));
            second.hide();
            return null;
        });
        assertTrue(fx(() -> tabs.get(1).persistScrollbackProperty().get()));
        assertEquals(3, fx(() -> window.tabs().size()));
    }

    @Test
    void renameFromTheMenuRenamesThatTab() throws Exception {
        List<TerminalTab> tabs = fx(window::tabs);
        ContextMenu menu = rightClick(tabs.get(2));
        fx(() -> {
            menu.getItems().get(0).fire();
            menu.hide();
            return null;
        });
        TabText.await("the rename field in the third tab's header", () -> {
            try {
                return fx(() -> tabs.get(2).header().getChildren().stream()
                        .anyMatch(node -> node instanceof javafx.scene.control.TextField));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertFalse(fx(() -> tabs.get(0).header().getChildren().stream()
                .anyMatch(node -> node instanceof javafx.scene.control.TextField)));
    }

    @Test
    void theMenuWearsTheChromesColoursAndFollowsItsTheme() throws Exception {
        TerminalTab tab = fx(window::tabs).get(0);
        ContextMenu menu = rightClick(tab);
        assertEquals(javafx.scene.paint.Color.web("#1f2227"), fx(() -> menuFill(menu)), "dark chrome, dark menu");
        fx(() -> {
            menu.hide();
            window.stage().getScene().getRoot().getStyleClass().add("light");
            return null;
        });
        ContextMenu again = rightClick(tab);
        try {
            assertEquals(javafx.scene.paint.Color.web("#ffffff"), fx(() -> menuFill(again)), "light chrome, light menu");
        } finally {
            fx(() -> {
                again.hide();
                return null;
            });
        }
    }

    /** The fill the menu's own background shows (inside its one-pixel border). */
    private static javafx.scene.paint.Paint menuFill(ContextMenu menu) {
        javafx.scene.layout.Region root = (javafx.scene.layout.Region) menu.getSkin().getNode();
        root.applyCss();
        List<javafx.scene.layout.BackgroundFill> fills = root.getBackground().getFills();
        return fills.get(fills.size() - 1).getFill();
    }
}
