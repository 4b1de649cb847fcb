package dev.holdfast.terminal.vt;

import static dev.holdfast.terminal.vt.TestTerminal.library;
import static dev.holdfast.terminal.vt.TestTerminal.ours;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.techsenger.jeditermfx.core.RequestOrigin;
import com.techsenger.jeditermfx.core.util.TermSize;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The terminal model as xterm behaves, where JediTerm's does not ({@link CorrectedTerminal}): each correction
 * with what xterm shows, and what the library's emulator shows without it.
 */
class CorrectedTerminalTest {
    private static final String E = "\u001b";
    private static final String FULL_ROW = "abcdefghij";

    @Test
    void aBackspaceAfterTheLastColumnLandsOnTheOneBeforeIt() {
        // vttest's autowrap test: a letter in the last column, then BS, a space and the right letter.
        assertEquals("abcdefgh y", ours(10, 3, FULL_ROW + "\b y").row(1));
        assertEquals(List.of("abcdefghi", "y", ""), library(10, 3, FULL_ROW + "\b y").rows(),
                "the library's backspace landed on the last column and the letter wrapped");
    }

    @Test
    void aLineFeedAfterTheLastColumnEndsThePendingWrap() {
        assertEquals(List.of(FULL_ROW, "         X", ""), ours(10, 3, FULL_ROW + "\nX").rows());
        assertEquals(List.of(FULL_ROW, "", "X"), library(10, 3, FULL_ROW + "\nX").rows(), "the library skipped a row");
    }

    /** What XTerm 379 shows for these (printed from a real xterm: EL, CUB+EL, BS, DCH and CPR after column 80). */
    @Test
    void movementsAndEditsActOnTheLastColumnWhileAWrapIsPending() {
        assertEquals("abcdefghi", ours(10, 3, FULL_ROW + E + "[K").row(1), "EL erases the last column");
        assertEquals(FULL_ROW, library(10, 3, FULL_ROW + E + "[K").row(1));
        assertEquals("abcdefghXj", ours(10, 3, FULL_ROW + E + "[DX").row(1), "CUB 1 is the column before the last");
        assertEquals("abcdefghiX", library(10, 3, FULL_ROW + E + "[DX").row(1));
        assertEquals(List.of(E + "[1;10R"), ours(10, 3, FULL_ROW + E + "[6n").replies, "the report says the last column");
        assertEquals(List.of(E + "[1;11R"), library(10, 3, FULL_ROW + E + "[6n").replies);
    }

    @Test
    void printingAndSavingTheCursorKeepAPendingWrap() {
        assertEquals(List.of(FULL_ROW, "X", ""), ours(10, 3, FULL_ROW + E + "[1mX").rows(), "an SGR is no movement");
        assertEquals(List.of(FULL_ROW, "X", ""), ours(10, 3, FULL_ROW + E + "7" + E + "8X").rows());
    }

    @Test
    void aBackspaceAtTheLeftMarginStaysThereUnlessReverseWrapIsOn() {
        assertEquals(List.of("ab", "X", ""), ours(10, 3, "ab\r\n\bX").rows());
        assertEquals("ab       X", library(10, 3, "ab\r\n\bX").row(1), "the library went up a row");
        assertEquals("ab       X", ours(10, 3, "ab\r\n" + E + "[?45h\bX").row(1), "reverse-wraparound mode");
    }

    @Test
    void eraseAboveKeepsTheCursorsRowRightOfTheCursor() {
        String screen = "aaaa\r\nbbbb\r\ncccc" + E + "[2;2H" + E + "[1J";
        assertEquals(List.of("", "  bb", "cccc"), ours(4, 3, screen).rows());
        assertEquals(List.of("", "", "cccc"), library(4, 3, screen).rows(), "vttest's frame of E's lost its top row");
    }

    @Test
    void insertModeInserts() {
        assertEquals("Xabc", ours(10, 3, "abc\r" + E + "[4hX" + E + "[4l").row(1));
        assertEquals("Xbc", library(10, 3, "abc\r" + E + "[4hX" + E + "[4l").row(1));
        assertEquals("\u4E2Dabc", ours(10, 3, "abc\r" + E + "[4h\u4E2D").row(1), "a wide character makes room for two");
        assertEquals("XYabcdefgh", ours(10, 3, "abcdefghi\r" + E + "[4hXY").row(1), "what is pushed past the edge is lost");
        assertEquals(List.of(FULL_ROW, "Xz", ""), ours(10, 3, FULL_ROW + "\r\nz" + E + "[1;10H" + E + "[4hjX").rows(),
                "at a pending wrap, the insertion is on the next row");
    }

    @Test
    void textAboveTheScrollRegionStaysAboveIt() {
        String text = E + "[3;4r" + E + "[1;1Htop";
        assertEquals("top", ours(10, 5, text).row(1));
        assertEquals(List.of("", "", "top", "", ""), library(10, 5, text).rows(), "pulled into the region");
        assertEquals(List.of("", "x", "", "", ""), ours(10, 5, E + "[3;4r" + E + "[1;1H\nx").rows(),
                "a line feed above the region moves down a row");
    }

    @Test
    void textBelowTheScrollRegionDoesNotScrollIt() {
        String text = "one\r\ntwo\r\nthree" + E + "[1;3r" + E + "[5;1Hx";
        assertEquals(List.of("one", "two", "three", "", "x"), ours(10, 5, text).rows());
        assertEquals(List.of("three", "", "x", "", ""), library(10, 5, text).rows(), "the library scrolled it");
        assertEquals(List.of("one", "two", "three", "", "x"), ours(10, 5, text + "\n\n").rows(),
                "a line feed in the last row below the region does nothing");
    }

    @Test
    void indexAndReverseIndexOutsideTheRegionMoveWithinTheScreenAndScrollNothing() {
        String region = "one\r\ntwo\r\nthree\r\nfour\r\nfive" + E + "[3;4r";
        TestTerminal above = ours(10, 5, region + E + "[1;1H" + E + "M");
        assertEquals("1,1", above.cursor(), "RI at the first row, above the region: stays");
        assertEquals(List.of("one", "two", "three", "four", "five"), above.rows());
        assertEquals("1,0", library(10, 5, region + E + "[1;1H" + E + "M").cursor(), "the library left the screen");
        TestTerminal below = ours(10, 5, region + E + "[5;1H" + E + "D");
        assertEquals("1,5", below.cursor(), "IND at the last row, below the region: stays");
        assertEquals(List.of("one", "two", "three", "four", "five"), below.rows());
        assertEquals("1,6", library(10, 5, region + E + "[5;1H" + E + "D").cursor());
    }

    @Test
    void inOriginModeColumnAndRowPositionsCountFromTheRegion() {
        String origin = E + "[3;5r" + E + "[?6h" + E + "[2;4H";
        assertEquals("7,4", ours(10, 6, origin + E + "[7G").cursor(), "CHA keeps the row");
        assertEquals("7,5", library(10, 6, origin + E + "[7G").cursor(), "the library moved it down by the top");
        assertEquals("4,5", ours(10, 6, origin + E + "[3d").cursor(), "VPA 3 is the region's third row");
        assertEquals("4,3", library(10, 6, origin + E + "[3d").cursor());
    }

    @Test
    void aMoveOntoTheSecondHalfOfAnEmojiInTheFirstColumnStaysOnTheScreen() {
        // The margin split the emoji: its low half wrapped to the first column of the next row.
        String split = "123456789\uD83D\uDE00\b";
        TestTerminal ours = ours(10, 3, split);
        assertEquals("1,2", ours.cursor());
        ours.terminal.resize(new TermSize(20, 3), RequestOrigin.User);
        assertEquals(20, ours.terminal.getTerminalWidth());
        TestTerminal library = library(10, 3, split);
        assertEquals("0,2", library.cursor(), "the library put the cursor left of the first column");
        assertThrows(IllegalArgumentException.class, () -> library.terminal.resize(new TermSize(20, 3), RequestOrigin.User),
                "and the next resize threw");
    }

    @Test
    void columnModeChangesNothingTheTabsWidthIsTheWindows() {
        TestTerminal ours = ours(10, 3, "text" + E + "[?3h");
        assertEquals("text", ours.row(1));
        assertEquals("5,1", ours.cursor());
        assertEquals(List.of("", "", ""), library(10, 3, "text" + E + "[?3h").rows(), "the library cleared the screen");
    }

    @Test
    void originModeMovesTheCursorHome() {
        assertEquals("1,3", ours(10, 5, E + "[3;4r" + E + "[5;5H" + E + "[?6h").cursor(), "home is the region's top");
        assertEquals("1,1", ours(10, 5, E + "[3;4r" + E + "[?6h" + E + "[5;5H" + E + "[?6l").cursor());
        assertEquals("5,4", library(10, 5, E + "[3;4r" + E + "[?6h" + E + "[5;5H" + E + "[?6l").cursor());
    }

    /**
     * Plain ASCII under the ASCII set skips the library's composing and character-set mapping; everything else
     * must still get them, exactly as the library's own path gives them.
     */
    @Test
    void textTheCharacterSetsOrCompositionChangeStillGoesThroughThem() {
        String lineDrawing = E + "(0lqk" + E + "(Bok";
        assertEquals("\u250c\u2500\u2510ok", ours(10, 3, lineDrawing).row(1), "DEC line drawing, then ASCII again");
        assertEquals(library(10, 3, lineDrawing).rows(), ours(10, 3, lineDrawing).rows());
        String singleShift = E + "*0" + E + "Nqq";
        assertEquals("\u2500q", ours(10, 3, singleShift).row(1), "a single shift maps one character only");
        assertEquals(library(10, 3, singleShift).rows(), ours(10, 3, singleShift).rows());
        assertEquals("caf\u00e9!", ours(10, 3, "cafe\u0301!").row(1), "a combining accent is composed");
        String british = E + "(A#1";
        assertEquals(library(10, 3, british).rows(), ours(10, 3, british).rows(), "the UK set maps #");
        assertEquals("\u00a31", ours(10, 3, british).row(1));
    }
}
