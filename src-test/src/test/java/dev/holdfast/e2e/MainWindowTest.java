package dev.holdfast.e2e;

import static dev.holdfast.e2e.TestWindow.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.app.tabs.TerminalTab;
import dev.holdfast.app.window.CloseConfirmation;
import dev.holdfast.app.window.MainWindow;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCode;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/** The real window on headless Monocle, with real bash shells behind its tabs. */
class MainWindowTest {
    @TempDir
    Path home;

    private final FxRobot robot = new FxRobot();
    private final AtomicBoolean windowClosed = new AtomicBoolean();
    private final AtomicReference<String> lastQuestion = new AtomicReference<>();
    private TestWindow test;
    private MainWindow window;

    @BeforeEach
    void openWindow() throws Exception {
        CloseConfirmation confirm = (owner, title, detail, onConfirmed) -> {
            lastQuestion.set(title + " " + detail);
            onConfirmed.run();
        };
        test = TestWindow.open(home, confirm, () -> windowClosed.set(true), (w, stage) -> w.openTab(home));
        window = test.window();
    }

    @AfterEach
    void closeWindow() throws Exception {
        test.close();
    }

    private TerminalTab selected() throws Exception {
        return fx(() -> window.selectedTab().orElseThrow());
    }

    private void waitForPrompt(TerminalTab tab) throws InterruptedException {
        TabText.await("prompt", () -> TabText.of(tab).contains("$ "));
    }

    @Test
    void typedCommandRunsInTheFocusedTab() throws Exception {
        TerminalTab tab = selected();
        waitForPrompt(tab);
        robot.write("echo holdfast-$((6*7))");
        robot.type(KeyCode.ENTER);
        TabText.await("holdfast-42 in the buffer", () -> TabText.of(tab).contains("\nholdfast-42\n"));
    }

    @Test
    void shortcutsOpenAndCloseTabs() throws Exception {
        TerminalTab first = selected();
        waitForPrompt(first);
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.T).release(KeyCode.T, KeyCode.SHIFT, KeyCode.CONTROL);
        TabText.await("second tab", () -> window.tabs().size() == 2);
        TerminalTab second = selected();
        assertTrue(second != first, "the new tab is selected");
        waitForPrompt(second);
        robot.write("pwd");
        robot.type(KeyCode.ENTER);
        String expectedDir = home.toRealPath().toString();
        TabText.await("new tab opened in the current tab's directory", () -> TabText.of(second).contains("\n" + expectedDir + "\n"));

        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.W).release(KeyCode.W, KeyCode.SHIFT, KeyCode.CONTROL);
        TabText.await("back to one tab", () -> window.tabs().size() == 1);
        assertEquals(first, selected());
        assertEquals(null, lastQuestion.get(), "an idle tab closes without asking");
    }

    @Test
    void closingATabThatRunsACommandAsksFirst() throws Exception {
        TerminalTab tab = selected();
        waitForPrompt(tab);
        robot.write("sleep 60");
        robot.type(KeyCode.ENTER);
        TabText.await("sleep runs", () -> tab.session().inspectProcess().runsCommand());
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.W).release(KeyCode.W, KeyCode.SHIFT, KeyCode.CONTROL);
        TabText.await("question asked", () -> lastQuestion.get() != null);
        assertTrue(lastQuestion.get().contains("sleep"), lastQuestion.get());
        TabText.await("window closed with its last tab", windowClosed::get);
    }

    @Test
    void exitingTheShellClosesTheTabAndTheLastTabClosesTheWindow() throws Exception {
        TerminalTab tab = selected();
        waitForPrompt(tab);
        robot.write("exit");
        robot.type(KeyCode.ENTER);
        TabText.await("window closed", windowClosed::get);
        assertEquals(List.of(), fx(window::tabs));
    }

    @Test
    void theNativeWindowsBackgroundIsTheChromesColourSoNoWhiteShowsBeforeTheFirstFrameInEitherTheme()
            throws Exception {
        assertEquals(rootBackground(), fx(() -> window.stage().getScene().getFill()), "dark chrome");
        fx(() -> {
            window.applySettings(window.settings(), dev.holdfast.app.view.Palette.light());
            return null;
        });
        assertEquals(rootBackground(), fx(() -> window.stage().getScene().getFill()), "light chrome");
        assertEquals(javafx.scene.paint.Color.web("#fbfbfa"), fx(() -> window.stage().getScene().getFill()));
    }

    /** The background the stylesheet gives the window's root. */
    private javafx.scene.paint.Paint rootBackground() throws Exception {
        return fx(() -> {
            javafx.scene.layout.Region root = (javafx.scene.layout.Region) window.stage().getScene().getRoot();
            root.applyCss();
            return root.getBackground().getFills().get(0).getFill();
        });
    }

    @Test
    void windowTitleFollowsTheProgramTitleAndRenames() throws Exception {
        TerminalTab tab = selected();
        waitForPrompt(tab);
        robot.write("printf '\\033]0;build-status\\007'");
        robot.type(KeyCode.ENTER);
        TabText.await("OSC title", () -> "build-status — Holdfast".equals(window.stage().getTitle()));
        fx(() -> {
            tab.rename("mine");
            return null;
        });
        assertEquals("mine — Holdfast", fx(() -> window.stage().getTitle()));
        // The title is read after the output that follows it: by then the program's new title has been seen.
        robot.write("printf '\\033]0;other\\007'; echo after-$((2+2))");
        robot.type(KeyCode.ENTER);
        TabText.await("output after the title", () -> TabText.of(tab).contains("\nafter-4\n"));
        assertEquals("other", fx(tab::programTitle), "the program's title was seen");
        assertEquals("mine — Holdfast", fx(() -> window.stage().getTitle()), "a renamed tab keeps the user's title");
    }

    @Test
    void tabsThatDoNotFitAreListedByTitleInTheOverflowMenuAndEachTitleIsShownOnce() throws Exception {
        fx(() -> {
            for (int i = 0; i < 24; i++) {
                window.openTab(home);
            }
            window.tabs().get(3).rename("deploy-logs");
            return null;
        });
        TabText.await("the overflow menu", () -> overflowMenuTitles().contains("deploy-logs"));
        List<String> titles = fx(() -> window.tabs().stream().map(t -> t.titleProperty().get()).toList());
        assertEquals(titles, overflowMenuTitles(), "one entry per tab, by its title, in order");
        List<javafx.scene.control.ContentDisplay> shown = fx(() -> window.tabPane().lookupAll(".tab-label").stream()
                .map(n -> ((javafx.scene.control.Label) n).getContentDisplay()).distinct().toList());
        assertEquals(List.of(javafx.scene.control.ContentDisplay.GRAPHIC_ONLY), shown,
                "a header shows its graphic (badge, title, agent button), not the title a second time");
    }

    /** The items of the tab pane's overflow menu (the skin keeps it in its control buttons' properties). */
    private List<String> overflowMenuTitles() {
        try {
            return fx(() -> {
                javafx.scene.Node buttons = window.tabPane().lookup(".control-buttons-tab");
                Object menu = buttons == null ? null
                        : buttons.getProperties().get(javafx.scene.control.ContextMenu.class);
                if (!(menu instanceof javafx.scene.control.ContextMenu contextMenu)) {
                    return List.<String>of();
                }
                return contextMenu.getItems().stream().map(javafx.scene.control.MenuItem::getText).toList();
            });
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void ctrlLReachesTheShell() throws Exception {
        TerminalTab tab = selected();
        waitForPrompt(tab);
        robot.write("echo marker-before-clear");
        robot.type(KeyCode.ENTER);
        TabText.await("marker", () -> TabText.of(tab).contains("\nmarker-before-clear\n"));
        robot.press(KeyCode.CONTROL, KeyCode.L).release(KeyCode.L, KeyCode.CONTROL);
        TabText.await("screen cleared by bash", () -> {
            var buffer = tab.session().buffer();
            buffer.lock();
            try {
                return !buffer.getScreenLines().contains("marker-before-clear");
            } finally {
                buffer.unlock();
            }
        });
    }

    @Test
    void resizingTheWindowResizesThePty() throws Exception {
        TerminalTab tab = selected();
        waitForPrompt(tab);
        int before = fx(() -> tab.view().columns());
        fx(() -> {
            window.stage().setWidth(700);
            window.stage().setHeight(420);
            return null;
        });
        TabText.await("view laid out at the new size", () -> {
            try {
                int cols = fx(() -> tab.view().columns());
                return cols != before && tab.session().terminal().getTerminalWidth() == cols;
            } catch (Exception e) {
                return false;
            }
        });
        int columns = fx(() -> tab.view().columns());
        int rows = fx(() -> tab.view().rows());
        robot.write("stty size");
        robot.type(KeyCode.ENTER);
        TabText.await("stty reports " + rows + " " + columns, () -> TabText.of(tab).contains("\n" + rows + " " + columns + "\n"),
                () -> TabText.of(tab));
    }

    /** The row of the screen whose text starts with {@code start}, read under the buffer lock. */
    private static int rowStarting(TerminalTab tab, String start) {
        var buffer = tab.session().buffer();
        buffer.lock();
        try {
            for (int row = 0; row < buffer.getHeight(); row++) {
                if (buffer.getLine(row).getText().startsWith(start)) {
                    return row;
                }
            }
            return -1;
        } finally {
            buffer.unlock();
        }
    }

    @Test
    void aSelectionStaysOnItsTextWhenTheWindowNarrowsAndTheLinesAboveItWrap() throws Exception {
        TerminalTab tab = selected();
        waitForPrompt(tab);
        robot.write("clear; echo $(printf 'wide%.0s' {1..14}); echo 'xx target yy'; echo 'xx other yy'");
        robot.type(KeyCode.ENTER);
        TabText.await("the output", () -> rowStarting(tab, "xx other yy") > 0);
        int row = rowStarting(tab, "xx target yy");
        // Double-click the word's fourth cell; a cell is at most the view's width over its columns, and the
        // column is small enough for that to stay inside the word.
        javafx.geometry.Point2D at = fx(() -> {
            var view = tab.view();
            double cell = (view.getWidth() - 20) / view.columns();
            double line = view.getHeight() / view.rows();
            return view.localToScreen((3 + 0.5) * cell, (row + 0.5) * line);
        });
        robot.moveTo(at).doubleClickOn(javafx.scene.input.MouseButton.PRIMARY);
        TabText.await("the word selected", () -> "target".equals(fxText(tab)), () -> fxText(tab));

        // Narrower than the 56 characters above it: they wrap, and every row below moves down.
        int before = fx(() -> tab.view().columns());
        fx(() -> {
            window.stage().setWidth(window.stage().getWidth() * 40 / before);
            return null;
        });
        TabText.await("the model at the view's new width", () -> {
            try {
                int columns = fx(() -> tab.view().columns());
                return columns < 50 && tab.session().terminal().getTerminalWidth() == columns;
            } catch (Exception e) {
                return false;
            }
        });
        TabText.await("the selection still on its word", () -> "target".equals(fxText(tab)), () -> fxText(tab));
        assertTrue(rowStarting(tab, "xx target yy") > row, "the word's row moved down");
    }

    /** The text of the view's top row as the model has it, read under the buffer lock. */
    private static String topRowText(TerminalTab tab) throws Exception {
        int offset = fx(() -> tab.view().scrollOffset());
        var buffer = tab.session().buffer();
        buffer.lock();
        try {
            return buffer.getLine(-offset).getText();
        } finally {
            buffer.unlock();
        }
    }

    @Test
    void aViewScrolledBackKeepsTheLineAtItsTopWhenTheWindowNarrows() throws Exception {
        TerminalTab tab = selected();
        waitForPrompt(tab);
        robot.write("for i in $(seq 1 80); do echo \"row-$i.$(printf 'w%.0s' {1..50})\"; done");
        robot.type(KeyCode.ENTER);
        TabText.await("the rows", () -> TabText.of(tab).contains("\nrow-80."));
        fx(() -> {
            tab.view().scrollTo(40);
            return null;
        });
        String top = topRowText(tab);
        assertTrue(top.startsWith("row-"), top);
        String label = top.substring(0, top.indexOf('.') + 1);

        int before = fx(() -> tab.view().columns());
        fx(() -> {
            window.stage().setWidth(window.stage().getWidth() * 40 / before);
            return null;
        });
        TabText.await("the same line at the top of the narrower view", () -> {
            try {
                int columns = fx(() -> tab.view().columns());
                return columns < 50 && tab.session().terminal().getTerminalWidth() == columns
                        && topRowText(tab).startsWith(label);
            } catch (Exception e) {
                return false;
            }
        }, () -> {
            try {
                return "top row: " + topRowText(tab) + ", wanted " + label;
            } catch (Exception e) {
                return e.toString();
            }
        });
    }

    private static String fxText(TerminalTab tab) {
        try {
            return fx(() -> tab.view().selectedText());
        } catch (Exception e) {
            return "(" + e + ")";
        }
    }

    @Test
    void theTerminalMenuOpensOnARightClickAndItsClearScrollbackEmptiesTheHistoryButNotTheScreen() throws Exception {
        TerminalTab tab = selected();
        waitForPrompt(tab);
        robot.write("seq 1 300; echo after-$((6*7))");
        robot.type(KeyCode.ENTER);
        TabText.await("the numbers and the line after them", () -> TabText.of(tab).contains("\nafter-42\n"));
        assertTrue(TabText.of(tab).contains("\n150\n"), "150 is in the history");

        robot.rightClickOn(tab.view());
        TabText.await("the terminal's menu", () -> menuItem("Clear Scrollback") != null);
        assertTrue(menuItem("Copy").isDisable(), "nothing is selected to copy");
        assertTrue(!menuItem("Select All").isDisable());
        assertEquals(null, menuItem("Open Link"), "no link under the mouse");
        robot.clickOn("Clear Scrollback");

        TabText.await("the history emptied", () -> !TabText.of(tab).contains("\n150\n"));
        assertTrue(TabText.of(tab).contains("\nafter-42\n"), "the screen stays");
        assertEquals(0, historyLines(tab));
    }

    @Test
    void shiftF10AndTheMenuKeyOpenTheTerminalMenuAtTheCursorAndTheKeyboardRunsItsItems() throws Exception {
        TerminalTab tab = selected();
        waitForPrompt(tab);

        // The prompt is at the top, so the menu fits below the cursor (lower down it is moved up to fit the screen).
        robot.press(KeyCode.SHIFT, KeyCode.F10).release(KeyCode.F10, KeyCode.SHIFT);
        TabText.await("the terminal's menu", () -> menuItem("Clear Scrollback") != null);
        ContextMenu menu = fx(MainWindowTest::showingMenu);
        javafx.geometry.Bounds view = fx(() -> tab.view().localToScreen(tab.view().getLayoutBounds()));
        // The view is its rows plus less than a row of margin: a row's height here is at least the real one.
        double row = view.getHeight() / fx(() -> tab.view().rows());
        double cursorRowBottom = view.getMinY() + row * fx(() -> tab.session().cursorY());
        assertTrue(Math.abs(menu.getAnchorY() - cursorRowBottom) <= row + 1,
                "below the cursor's row: " + menu.getAnchorY() + " vs " + cursorRowBottom);
        robot.type(KeyCode.ESCAPE);
        TabText.await("the menu closed", () -> menuItem("Clear Scrollback") == null);

        robot.write("seq 1 300; echo still-$((6*7))");
        robot.type(KeyCode.ENTER);
        TabText.await("the shell got no key of the menu's", () -> TabText.of(tab).contains("\nstill-42\n"));
        assertTrue(historyLines(tab) > 0);

        robot.type(KeyCode.CONTEXT_MENU);
        TabText.await("the menu again", () -> menuItem("Clear Scrollback") != null);
        robot.type(KeyCode.UP);
        robot.type(KeyCode.ENTER);
        TabText.await("Reset and Clear, the last item, run from the keyboard",
                () -> historyLines(tab) == 0 && !TabText.of(tab).contains("still-42"));
    }

    @Test
    void resetFromTheMenuUndoesWhatAProgramLeftOnAndKeepsTheScreensText() throws Exception {
        TerminalTab tab = selected();
        waitForPrompt(tab);
        // As a binary file can: line drawing for the shell's own text, and mouse reports left on.
        robot.write("seq 1 50; echo shown-$((6*7)); printf '\\033(0\\033[?1000h'");
        robot.type(KeyCode.ENTER);
        TabText.await("mouse reports on", () -> tab.session().mouseReporting());

        robot.press(KeyCode.SHIFT);
        robot.rightClickOn(tab.view());
        robot.release(KeyCode.SHIFT);
        TabText.await("the terminal's menu, by Shift+right-click", () -> menuItem("Reset") != null);
        robot.clickOn("Reset");

        TabText.await("mouse reports off", () -> !tab.session().mouseReporting());
        assertTrue(TabText.of(tab).contains("\n50\nshown-42\n"), "the screen's text is kept: " + TabText.of(tab));
        robot.write("echo qqq-$((6*7))");
        robot.type(KeyCode.ENTER);
        TabText.await("plain characters again", () -> TabText.of(tab).contains("\nqqq-42\n"));
    }

    @Test
    void ctrlShiftKClearsTheScrollback() throws Exception {
        TerminalTab tab = selected();
        waitForPrompt(tab);
        robot.write("seq 1 300; echo after-$((6*7))");
        robot.type(KeyCode.ENTER);
        TabText.await("the numbers and the line after them", () -> TabText.of(tab).contains("\nafter-42\n"));

        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.K).release(KeyCode.K, KeyCode.SHIFT, KeyCode.CONTROL);

        TabText.await("the history emptied", () -> historyLines(tab) == 0);
        assertTrue(TabText.of(tab).contains("\nafter-42\n"), "the screen stays");
    }

    @Test
    void aRightClickGoesToAProgramThatAskedForTheMouseInsteadOfOpeningTheMenu() throws Exception {
        TerminalTab tab = selected();
        waitForPrompt(tab);
        // X10 mouse reports on; cat -v shows the report the right button sends: ESC [ M, then 0x22 ('"').
        robot.write("printf '\\033[?1000h'; cat -v");
        robot.type(KeyCode.ENTER);
        TabText.await("reports on", () -> tab.session().mouseReporting());

        robot.rightClickOn(tab.view());

        TabText.await("the right button's report", () -> TabText.of(tab).contains("^[[M\""));
        assertEquals(null, menuItem("Clear Scrollback"), "no menu while the program has the mouse");
        robot.press(KeyCode.CONTROL, KeyCode.C).release(KeyCode.C, KeyCode.CONTROL);
    }

    /** The context menu that is showing, or null. FX thread. */
    private static ContextMenu showingMenu() {
        for (Window w : Window.getWindows()) {
            if (w instanceof ContextMenu menu && menu.isShowing()) {
                return menu;
            }
        }
        return null;
    }

    /** The visible item labelled {@code text} of a context menu that is showing, or null. FX thread. */
    private static MenuItem showingMenuItem(String text) {
        for (Window w : Window.getWindows()) {
            if (w instanceof ContextMenu menu && menu.isShowing()) {
                for (MenuItem item : menu.getItems()) {
                    if (text.equals(item.getText()) && item.isVisible()) {
                        return item;
                    }
                }
            }
        }
        return null;
    }

    private static MenuItem menuItem(String text) {
        try {
            return fx(() -> showingMenuItem(text));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static int historyLines(TerminalTab tab) {
        var buffer = tab.session().buffer();
        buffer.lock();
        try {
            return buffer.getHistoryLinesCount();
        } finally {
            buffer.unlock();
        }
    }

    @Test
    void copyingASelectionPutsItsTextOnTheClipboard() throws Exception {
        TerminalTab tab = selected();
        waitForPrompt(tab);
        robot.write("echo copy-me-please");
        robot.type(KeyCode.ENTER);
        TabText.await("output", () -> TabText.of(tab).contains("\ncopy-me-please\n"));
        fx(() -> {
            tab.view().selectAll();
            return null;
        });
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.C).release(KeyCode.C, KeyCode.SHIFT, KeyCode.CONTROL);
        String clip = fx(() -> javafx.scene.input.Clipboard.getSystemClipboard().getString());
        assertTrue(clip != null && clip.contains("\ncopy-me-please\n"), String.valueOf(clip));
    }

    @Test
    void copyingAllOfALongHistoryPutsEveryLineOnTheClipboard() throws Exception {
        TerminalTab tab = selected();
        waitForPrompt(tab);
        fx(() -> {
            javafx.scene.input.ClipboardContent empty = new javafx.scene.input.ClipboardContent();
            empty.putString("");
            javafx.scene.input.Clipboard.getSystemClipboard().setContent(empty);
            return null;
        });
        robot.write("seq 1 6000; echo seq-$((3*2))-done");
        robot.type(KeyCode.ENTER);
        TabText.await("output", () -> TabText.of(tab).contains("\nseq-6-done\n"));
        fx(() -> {
            tab.view().selectAll();
            return null;
        });
        // More lines than are copied on the FX thread: this copy is made in the background, then put on the clipboard.
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.C).release(KeyCode.C, KeyCode.SHIFT, KeyCode.CONTROL);
        TabText.await("the clipboard", () -> {
            try {
                String clip = fx(() -> javafx.scene.input.Clipboard.getSystemClipboard().getString());
                return clip != null && clip.contains("\nseq-6-done\n");
            } catch (Exception e) {
                return false;
            }
        });
        String clip = fx(() -> javafx.scene.input.Clipboard.getSystemClipboard().getString());
        int at = clip.indexOf("\n1\n2\n3\n");
        assertTrue(at >= 0, clip.substring(0, Math.min(200, clip.length())));
        StringBuilder expected = new StringBuilder();
        for (int i = 1; i <= 6000; i++) {
            expected.append(i).append('\n');
        }
        assertTrue(clip.startsWith(expected.toString(), at + 1), "every line, in order, once");
    }

    @Test
    void findingAHundredThousandMatchesNeverBlocksTheFxThread() throws Exception {
        TerminalTab tab = selected();
        waitForPrompt(tab);
        robot.write("yes 'm m m m m m m m m m' | head -12000; echo filled-$((1+1))");
        robot.type(KeyCode.ENTER);
        TabText.await("output", () -> TabText.of(tab).contains("\nfilled-2\n"));
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.F).release(KeyCode.F, KeyCode.SHIFT, KeyCode.CONTROL);
        TabText.await("find bar open", () -> {
            try {
                return fx(() -> tab.findBar().isShowing());
            } catch (Exception e) {
                return false;
            }
        });
        // Typing into the bar starts the search. Searching on the FX thread would have counted every match before
        // the typing returned; off it, the count can only arrive in a later turn of the FX thread.
        int countedWhileTyping = fx(() -> {
            ((javafx.scene.control.TextField) tab.findBar().lookup(".text-field")).setText("m");
            return tab.view().find().matchCount();
        });
        assertEquals(0, countedWhileTyping, "the matches were counted on the FX thread");
        TabText.await("matches counted", () -> {
            try {
                return fx(() -> tab.view().find().matchCount()) >= 100_000;
            } catch (Exception e) {
                return false;
            }
        });
        assertTrue(fx(() -> tab.findBar().countText()).contains("of"), "the count shows where we are");
    }

}
