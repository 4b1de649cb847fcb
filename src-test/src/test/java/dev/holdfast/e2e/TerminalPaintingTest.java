package dev.holdfast.e2e;

import static dev.holdfast.e2e.TestWindow.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.app.tabs.TerminalTab;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import javafx.scene.image.PixelReader;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the terminals paint, and when: the real window on headless Monocle, real bash behind its tabs. */
class TerminalPaintingTest {
    @TempDir
    Path home;

    private TestWindow test;

    @BeforeEach
    void openWindow() throws Exception {
        test = TestWindow.withOneTab(home);
    }

    @AfterEach
    void closeWindow() throws Exception {
        test.close();
    }

    /** The frames {@code tab}'s view painted so far, read on the FX thread. */
    private static long frames(TerminalTab tab) {
        try {
            return fx(() -> tab.view().framesPainted());
        } catch (Exception e) {
            throw new IllegalStateException("the FX thread did not answer", e);
        }
    }

    private static void run(TerminalTab tab, String command) {
        tab.session().send((command + "\r").getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aTabInTheBackgroundPaintsNothingWhateverItsOutputAndEverythingOnceShown() throws Exception {
        TerminalTab front = fx(() -> test.window().selectedTab().orElseThrow());
        TerminalTab back = fx(() -> test.window().openTab(home));
        TabText.await("both prompts", () -> TabText.of(front).contains("$ ") && TabText.of(back).contains("$ "));
        fx(() -> {
            test.window().tabPane().getSelectionModel().select(front.tab());
            return null;
        });
        long backBefore = frames(back);

        run(back, "seq 1 20000; echo back-$((6*7))");
        TabText.await("the background tab's output in its model", () -> TabText.of(back).contains("\nback-42\n"));
        // A pulse after all of that output: the front tab paints its echo then, and a background tab that painted
        // would have painted in that pulse too.
        long frontBefore = frames(front);
        run(front, "echo front-$((6*7))");
        TabText.await("the front tab painted its echo", () -> TabText.of(front).contains("\nfront-42\n")
                && frames(front) > frontBefore);
        assertEquals(backBefore, frames(back), "20,000 lines in a background tab painted no frame");

        fx(() -> {
            test.window().tabPane().getSelectionModel().select(back.tab());
            return null;
        });
        TabText.await("the tab painted once shown", () -> frames(back) > backBefore);
    }

    @Test
    void onlyTheSelectedTabsTerminalIsInTheSceneGraph() throws Exception {
        TerminalTab first = fx(() -> test.window().selectedTab().orElseThrow());
        TerminalTab second = fx(() -> test.window().openTab(home));
        TabText.await("the new tab's terminal in the scene", () -> inScene(second));
        assertEquals(false, inScene(first), "the tab left is out of the scene graph");
        TabText.await("its prompt", () -> TabText.of(first).contains("$ "));

        fx(() -> {
            test.window().tabPane().getSelectionModel().select(first.tab());
            return null;
        });
        TabText.await("the first tab's terminal back in the scene", () -> inScene(first));
        assertEquals(false, inScene(second));
        TabText.await("the first tab focused again", () -> {
            try {
                return fx(() -> first.view().isFocused());
            } catch (Exception e) {
                return false;
            }
        });
    }

    private static boolean inScene(TerminalTab tab) {
        try {
            return fx(() -> tab.view().getScene() != null);
        } catch (Exception e) {
            throw new IllegalStateException("the FX thread did not answer", e);
        }
    }

    /**
     * Crossed-out text (SGR 9: a coding agent's finished to-do items) has a line through it, blanks included, as in
     * xterm; the plain text beside it has none.
     */
    @Test
    void crossedOutTextHasALineThroughItAndThePlainTextBesideItNone() throws Exception {
        TerminalTab tab = fx(() -> test.window().selectedTab().orElseThrow());
        TabText.await("a prompt", () -> TabText.of(tab).contains("$ "));
        double[] cell = cellSize(tab);
        // Columns 2-11 crossed-out blanks, 12-21 plain blanks, on the first row.
        run(tab, "clear; printf 'ab\\e[9m%10s\\e[29m%10s|\\n' '' ''");
        TabText.await("the row in the model", () -> TabText.of(tab).contains("ab" + " ".repeat(20) + "|"));
        // Columns start after the view's left margin of 2 px; 2 px of slack on each side of a run.
        int crossedFrom = (int) Math.ceil(2 + 2 * cell[0]) + 2;
        int crossedTo = (int) Math.floor(2 + 12 * cell[0]) - 2;
        int plainFrom = (int) Math.ceil(2 + 12 * cell[0]) + 2;
        int plainTo = (int) Math.floor(2 + 22 * cell[0]) - 2;
        int[] struck = new int[1];
        TabText.await("a line through the crossed-out cells", () -> {
            PixelReader pixels = snapshot(tab);
            if (pixels == null) {
                return false;
            }
            Color background = pixels.getColor(plainFrom, (int) (cell[1] * 10));
            for (int y = 0; y < (int) cell[1]; y++) {
                if (across(pixels, y, crossedFrom, crossedTo, background) == crossedTo - crossedFrom) {
                    struck[0] = across(pixels, y, plainFrom, plainTo, background);
                    return true;
                }
            }
            return false;
        });
        assertEquals(0, struck[0], "pixels of a line across the plain blanks beside them");
    }

    /**
     * Claude Code's ⏺ and ⎿, which no font of a stock Debian holds, are drawn (a filled disc, a corner) rather than
     * left to the font's missing-glyph box, which is hollow where they are solid.
     */
    @Test
    void theAgentsRecordAndResultSymbolsAreDrawnNotLeftAsMissingGlyphBoxes() throws Exception {
        TerminalTab tab = fx(() -> test.window().selectedTab().orElseThrow());
        TabText.await("a prompt", () -> TabText.of(tab).contains("$ "));
        double[] cell = cellSize(tab);
        // UTF-8 bytes, whatever the shell's locale.
        run(tab, "clear; printf '\\342\\217\\272 Read\\n  \\342\\216\\277  Done\\n'");
        TabText.await("both lines in the model", () -> TabText.of(tab).contains("\u23fa Read\n  \u23bf  Done"));
        // Columns start after the view's left margin of 2 px.
        double w = cell[0];
        double h = cell[1];
        int[] discInside = new int[2];
        boolean[] cornerStroke = new boolean[1];
        TabText.await("the disc and the corner painted", () -> {
            PixelReader pixels = snapshot(tab);
            if (pixels == null) {
                return false;
            }
            Color background = pixels.getColor((int) (2 + 30.5 * w), (int) (h / 2));
            // The middle of the ⏺ cell (row 0, column 0).
            int painted = 0;
            int all = 0;
            for (int y = (int) Math.ceil(0.35 * h); y < (int) (0.65 * h); y++) {
                painted += across(pixels, y, (int) Math.ceil(2 + 0.35 * w), (int) (2 + 0.65 * w), background);
                all += (int) (2 + 0.65 * w) - (int) Math.ceil(2 + 0.35 * w);
            }
            discInside[0] = painted;
            discInside[1] = all;
            // The upright of the ⎿ cell (row 1, column 2): every pixel row above its corner crosses it.
            boolean stroke = true;
            for (int y = (int) Math.ceil(1.1 * h); y < (int) (1.35 * h); y++) {
                stroke &= across(pixels, y, (int) Math.ceil(2 + 2.3 * w), (int) (2 + 2.7 * w), background) > 0;
            }
            cornerStroke[0] = stroke;
            return painted == all && stroke;
        });
        assertEquals(discInside[1], discInside[0], "the middle of ⏺ is solid");
        assertEquals(true, cornerStroke[0], "⎿ has its upright");
    }

    /**
     * Claude Code's ⧉ (before the file open in the user's editor) and the heavy circle ⭘ are in no font here either;
     * drawn, they are shapes of the cell's width, not the font's tall missing-glyph box, which ⧊ (in no font) shows.
     */
    @Test
    void theJoinedSquaresAndTheHeavyCircleAreDrawnNotLeftAsMissingGlyphBoxes() throws Exception {
        TerminalTab tab = fx(() -> test.window().selectedTab().orElseThrow());
        TabText.await("a prompt", () -> TabText.of(tab).contains("$ "));
        double[] cell = cellSize(tab);
        run(tab, "clear; printf '\\342\\247\\211 \\342\\255\\230 \\342\\247\\212\\n'");
        TabText.await("the line in the model", () -> TabText.of(tab).contains("\u29c9 \u2b58 \u29ca"));
        int[] heights = new int[3];
        TabText.await("the three symbols painted", () -> {
            PixelReader pixels = snapshot(tab);
            if (pixels == null) {
                return false;
            }
            Color background = pixels.getColor((int) (2 + 30.5 * cell[0]), (int) (cell[1] / 2));
            for (int i = 0; i < 3; i++) {
                heights[i] = paintedRows(pixels, 2 * i, cell, background);
            }
            return heights[0] > 0 && heights[1] > 0 && heights[2] > 0;
        });
        int missing = heights[2];
        assertTrue(heights[0] <= missing - 2, "⧉ is " + heights[0] + " rows high, the missing-glyph box " + missing);
        assertTrue(heights[1] <= missing - 2, "⭘ is " + heights[1] + " rows high, the missing-glyph box " + missing);
    }

    /** How many pixel rows of the cell at {@code column} of the first row have something painted. */
    private static int paintedRows(PixelReader pixels, int column, double[] cell, Color background) {
        int rows = 0;
        int from = (int) Math.ceil(2 + column * cell[0]);
        int to = (int) (2 + (column + 1) * cell[0]);
        for (int y = 0; y < (int) cell[1]; y++) {
            if (across(pixels, y, from, to, background) > 0) {
                rows++;
            }
        }
        return rows;
    }

    /** A cell's width and height in the tab's font, as the view measures it. */
    private static double[] cellSize(TerminalTab tab) throws Exception {
        return fx(() -> {
            Text m = new Text("M");
            m.setFont(Font.font(tab.view().fontFamily(), tab.view().fontSize()));
            return new double[] {m.getLayoutBounds().getWidth(), Math.ceil(m.getLayoutBounds().getHeight())};
        });
    }

    /** What the tab's view shows now; null when the FX thread did not answer. */
    private static PixelReader snapshot(TerminalTab tab) {
        try {
            return fx(() -> tab.view().snapshot(null, null).getPixelReader());
        } catch (Exception e) {
            return null;
        }
    }

    /** How many pixels of row {@code y} from {@code from} to {@code to} (exclusive) are not the background. */
    private static int across(PixelReader pixels, int y, int from, int to, Color background) {
        int painted = 0;
        for (int x = from; x < to; x++) {
            Color c = pixels.getColor(x, y);
            if (Math.abs(c.getRed() - background.getRed()) + Math.abs(c.getGreen() - background.getGreen())
                    + Math.abs(c.getBlue() - background.getBlue()) > 0.1) {
                painted++;
            }
        }
        return painted;
    }
}
