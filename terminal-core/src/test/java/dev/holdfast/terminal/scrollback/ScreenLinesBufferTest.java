package dev.holdfast.terminal.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.TerminalColor;
import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.CharBuffer;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ScreenLinesBufferTest {
    private static final String ESC = "\u001b";
    private static final TextStyle RED = new TextStyle(TerminalColor.index(1), null);
    private static final TextStyle GREEN = new TextStyle(TerminalColor.index(2), null);

    private static TerminalLine freshLine(int width) {
        return new TerminalLine(new TerminalLine.TextEntry(new TextStyle(), new CharBuffer('\u0000', width)));
    }

    private static String cells(TerminalLine line) {
        StringBuilder out = new StringBuilder();
        for (TerminalLine.TextEntry entry : line.getEntries()) {
            String style = entry.getStyle() == RED ? "r" : entry.getStyle() == GREEN ? "g" : ".";
            CharBuffer text = entry.getText();
            for (int i = 0; i < text.length(); i++) {
                out.append(text.charAt(i) == 0 ? '@' : text.charAt(i)).append(style);
            }
        }
        return out.toString();
    }

    @Test
    void textIntoTheBlankRestOfAFreshLineIsWrittenDirectly() {
        assertTrue(LineRuns.available(), "this jeditermfx-core still has the line internals");
        TerminalLine direct = freshLine(10);
        TerminalLine library = freshLine(10);

        assertTrue(LineRuns.writeIntoBlankRest(direct, 0, new CharBuffer("ab"), RED));
        library.writeString(0, new CharBuffer("ab"), RED);
        assertTrue(LineRuns.writeIntoBlankRest(direct, 2, new CharBuffer("cde"), GREEN));
        library.writeString(2, new CharBuffer("cde"), GREEN);

        assertEquals("arbrcgdgeg@.@.@.@.@.", cells(direct));
        assertEquals(cells(library), cells(direct));
        assertEquals(3, direct.getEntries().size(), "two runs of text and what is left of the blank");
    }

    @Test
    void aRememberedCheckOfTheRunsIsRedoneForAnotherLine() {
        LineRuns.CheckedRuns checked = new LineRuns.CheckedRuns();
        TerminalLine clean = freshLine(10);
        assertTrue(LineRuns.writeIntoBlankRest(clean, 0, new CharBuffer("ab"), RED, checked));
        TerminalLine nulLed = new TerminalLine();
        LineRuns.fill(nulLed, List.of(new TerminalLine.TextEntry(GREEN, new CharBuffer('\u0000', 2)),
                new TerminalLine.TextEntry(RED, new CharBuffer("ab")),
                new TerminalLine.TextEntry(new TextStyle(), new CharBuffer('\u0000', 6))), 10);
        assertFalse(LineRuns.writeIntoBlankRest(nulLed, 4, new CharBuffer("x"), GREEN, checked),
                "a NUL-led run before the blank: the library's path, whatever was checked on the other line");
        assertTrue(LineRuns.writeIntoBlankRest(clean, 2, new CharBuffer("cd"), GREEN, checked));
        assertTrue(LineRuns.writeIntoBlankRest(clean, 4, new CharBuffer("e"), RED, checked));
        TerminalLine library = freshLine(10);
        library.writeString(0, new CharBuffer("ab"), RED);
        library.writeString(2, new CharBuffer("cd"), GREEN);
        library.writeString(4, new CharBuffer("e"), RED);
        assertEquals(cells(library), cells(clean));
    }

    @Test
    void aBlankRestTheLibraryTurnedIntoSpacesIsNoLongerWrittenAsBlank() {
        LineRuns.CheckedRuns checked = new LineRuns.CheckedRuns();
        TerminalLine direct = freshLine(10);
        TerminalLine library = freshLine(10);
        assertTrue(LineRuns.writeIntoBlankRest(direct, 0, new CharBuffer("ab"), RED, checked));
        library.writeString(0, new CharBuffer("ab"), RED);
        for (TerminalLine line : List.of(direct, library)) {
            line.writeString(10, new CharBuffer("z"), GREEN); // past the end: the NULs before it become spaces
            line.deleteCharacters(10); // and the "z" goes again (a wrap does this), leaving the same rest
        }
        assertFalse(LineRuns.writeIntoBlankRest(direct, 2, new CharBuffer("c"), GREEN, checked),
                "the rest is spaces now, not blank");
        assertEquals(cells(library), cells(direct));
    }

    @Test
    void aRowOfRunsLeavesTheCellsOfItsRunsWrittenOneByOneWithOneBlankRest() {
        char[] text = "xxabcdefgh".toCharArray();
        TerminalLine together = freshLine(10);
        TerminalLine library = freshLine(10);
        assertTrue(LineRuns.writeRunsIntoBlankRest(together, 0, text, new int[] {2, 4, 7},
                new int[] {2, 3, 1}, new TextStyle[] {RED, GREEN, RED}, 3, new LineRuns.CheckedRuns()));
        library.writeString(0, new CharBuffer("ab"), RED);
        library.writeString(2, new CharBuffer("cde"), GREEN);
        library.writeString(5, new CharBuffer("f"), RED);
        assertEquals(cells(library), cells(together));
        assertEquals("arbrcgdgegfr@.@.@.@.", cells(together));
        assertEquals(4, together.getEntries().size(), "three runs and one blank rest");
    }

    @Test
    void aRowOfRunsReachingPastTheEndGrowsTheLineLikeTheLibrary() {
        char[] text = "abcdef".toCharArray();
        TerminalLine together = freshLine(4);
        TerminalLine library = freshLine(4);
        assertTrue(LineRuns.writeRunsIntoBlankRest(together, 0, text, new int[] {0, 3}, new int[] {3, 3},
                new TextStyle[] {RED, GREEN}, 2, new LineRuns.CheckedRuns()));
        library.writeString(0, new CharBuffer("abc"), RED);
        library.writeString(3, new CharBuffer("def"), GREEN);
        assertEquals(cells(library), cells(together));
        assertEquals(6, together.getText().length());
    }

    @Test
    void aRowOfRunsDeclinesWhereARunAloneWouldTakeTheLibrarysPath() {
        char[] text = "abc".toCharArray();
        TerminalLine line = freshLine(10);
        TextStyle blank = line.getEntries().get(0).getStyle();
        String before = cells(line);
        assertFalse(LineRuns.writeRunsIntoBlankRest(line, 0, text, new int[] {0, 1}, new int[] {1, 2},
                new TextStyle[] {RED, blank}, 2, new LineRuns.CheckedRuns()), "a run in the blank's own style");
        assertFalse(LineRuns.writeRunsIntoBlankRest(line, 1, text, new int[] {0}, new int[] {3},
                new TextStyle[] {RED}, 1, new LineRuns.CheckedRuns()), "inside the blank");
        assertEquals(before, cells(line), "nothing changed");
    }

    @Test
    void textReachingPastTheEndGrowsTheLineLikeTheLibrary() {
        TerminalLine direct = freshLine(4);
        TerminalLine library = freshLine(4);
        assertTrue(LineRuns.writeIntoBlankRest(direct, 0, new CharBuffer("abcdef"), RED));
        library.writeString(0, new CharBuffer("abcdef"), RED);
        assertEquals(cells(library), cells(direct));
        assertEquals(6, direct.getText().length());
    }

    @Test
    void everyOtherWriteIsLeftToTheLibrary() {
        TerminalLine line = freshLine(10);
        line.writeString(0, new CharBuffer("abc"), RED);
        String before = cells(line);
        assertFalse(LineRuns.writeIntoBlankRest(line, 1, new CharBuffer("x"), GREEN), "over text");
        assertFalse(LineRuns.writeIntoBlankRest(line, 5, new CharBuffer("x"), GREEN), "inside the blank");
        assertFalse(LineRuns.writeIntoBlankRest(line, 10, new CharBuffer("x"), GREEN), "past the end");
        assertFalse(LineRuns.writeIntoBlankRest(line, 3, new CharBuffer("\u0000"), GREEN), "a NUL");
        assertEquals(before, cells(line), "a refused write changes nothing");


        // Text after a gap: the library turns the gap's NUL cells into spaces, and writing on is direct again.
        TerminalLine gap = freshLine(10);
        TerminalLine libraryGap = freshLine(10);
        gap.writeString(4, new CharBuffer("ab"), RED);
        libraryGap.writeString(4, new CharBuffer("ab"), RED);
        assertTrue(LineRuns.writeIntoBlankRest(gap, 6, new CharBuffer("x"), GREEN));
        libraryGap.writeString(6, new CharBuffer("x"), GREEN);
        assertEquals(cells(libraryGap), cells(gap));
    }

    @Test
    void colouredOutputLooksTheSameAsOnTheLibrarysBufferCellForCell() {
        for (int seed = 0; seed < 40; seed++) {
            Random random = new Random(seed);
            HeadlessModel library = HeadlessModel.library(23, 5, 50);
            HeadlessModel fast = HeadlessModel.fast(23, 5, 50);
            StringBuilder output = new StringBuilder();
            for (int i = 0; i < 120; i++) {
                output.append(randomPiece(random));
            }
            String text = output.toString();
            library.feed(text);
            fast.feed(text);
            assertEquals(library.observable(), fast.observable(), "seed " + seed + ": " + text.replace(ESC, "\\e"));
        }
    }

    private static String randomPiece(Random random) {
        return switch (random.nextInt(10)) {
            case 0 -> "\r\n";
            case 1 -> ESC + "[0m";
            case 2 -> ESC + "[" + (30 + random.nextInt(8)) + "m";
            case 3 -> ESC + "[1;38;5;" + random.nextInt(256) + "m";
            case 4 -> ESC + "[4" + random.nextInt(8) + "m"; // a background: fresh lines then carry colour
            case 5 -> ESC + "[" + (1 + random.nextInt(5)) + ";" + (1 + random.nextInt(23)) + "H";
            case 6 -> ESC + "[K";
            case 7 -> "\t";
            default -> "word".substring(0, 1 + random.nextInt(4)) + (random.nextBoolean() ? " " : "");
        };
    }

    @Test
    void equalStylesAreOneInstanceInTheBuffer() {
        HeadlessModel fast = HeadlessModel.fast(40, 5, 100);
        for (int i = 0; i < 20; i++) {
            fast.feed(ESC + "[31mred" + ESC + "[0m " + ESC + "[1;38;5;200mpink" + ESC + "[0m\r\n");
        }
        assertInstanceOf(ScreenLinesBuffer.class, fast.buffer().getScreenBuffer());
        List<TerminalLine.TextEntry> first = fast.buffer().getLine(-10).getEntries();
        List<TerminalLine.TextEntry> second = fast.buffer().getLine(-3).getEntries();
        assertSame(first.get(0).getStyle(), second.get(0).getStyle(), "red on two lines");
        assertSame(first.get(2).getStyle(), second.get(2).getStyle(), "bold pink on two lines");
        assertNotSame(first.get(0).getStyle(), first.get(2).getStyle());
    }

    @Test
    void theCanonTakesOnlyPlainStylesAndStartsOverWhenFull() {
        StyleCanon canon = new StyleCanon();
        TextStyle first = new TextStyle(TerminalColor.index(1), null);
        TextStyle red = canon.of(first);
        assertNotSame(first, red, "a private copy, never the library's object");
        assertEquals(first, red);
        assertSame(red, canon.of(new TextStyle(TerminalColor.index(1), null)));
        assertNotSame(TextStyle.EMPTY, canon.of(TextStyle.EMPTY), "text never shares the gaps' style object");
        for (int i = 0; i < StyleCanon.CAPACITY + 10; i++) {
            canon.of(new TextStyle(new TerminalColor(i & 255, (i >> 8) & 255, 7), null));
        }
        TextStyle again = canon.of(new TextStyle(TerminalColor.index(1), null));
        assertNotSame(red, again, "the table started over, so this is the first of its kind again");
        assertSame(again, canon.of(first), "an object seen before the table started over gets the new instance too");
    }

    @Test
    void theCanonFindsAStyleSeenBeforeByItsIdentity() {
        StyleCanon canon = new StyleCanon();
        TextStyle red = new TextStyle(TerminalColor.index(1), null);
        TextStyle green = new TextStyle(TerminalColor.index(2), null);
        TextStyle sharedRed = canon.of(red);
        TextStyle sharedGreen = canon.of(green);
        for (int i = 0; i < 3; i++) {
            assertSame(sharedRed, canon.of(red), "alternating styles keep their instances");
            assertSame(sharedGreen, canon.of(green));
        }
        assertSame(sharedRed, canon.of(new TextStyle(TerminalColor.index(1), null)), "an equal new object: by value");
        assertEquals(null, canon.of(null));
    }

    @Test
    void aLineKeepsOnlyItsTextWhenItScrollsIntoTheHistory() {
        HeadlessModel fast = HeadlessModel.fast(30, 3, 100);
        // First fill the screen: its first lines are created empty; later ones as the library's blank runs.
        fast.feed("a\r\nb\r\nc\r\n12345\r\n\r\n" + ESC + "[44mblue" + ESC + "[K" + ESC + "[0m\r\n\r\n\r\n\r\n");
        int first = -fast.buffer().getHistoryLinesCount();
        HeadlessModel library = HeadlessModel.library(30, 3, 100);
        library.feed("a\r\nb\r\nc\r\n12345\r\n\r\n" + ESC + "[44mblue" + ESC + "[K" + ESC + "[0m\r\n\r\n\r\n\r\n");
        assertEquals(2, library.buffer().getLine(first + 3).getEntries().size(), "the library keeps a blank rest");
        assertEquals(1, fast.buffer().getLine(first + 3).getEntries().size(), "the plain blank rest is gone");
        assertEquals("12345", fast.buffer().getLine(first + 3).getText());
        assertEquals(1, fast.buffer().getLine(first + 4).getEntries().size(), "a line with no text is left alone");
        assertEquals(30, fast.buffer().getLine(first + 4).getEntries().get(0).getLength());
        assertEquals(2, fast.buffer().getLine(first + 5).getEntries().size(),
                "a blank rest in a background colour is visible: kept");
        assertTrue(fast.buffer().getLine(first + 5).getText().startsWith("blue"));
    }

    @Test
    void theRestAWriteLeavesIsThePartOfTheBlankLinesCellsTheTextDidNotCover() {
        HeadlessModel fast = HeadlessModel.fast(20, 5, 50).feed("1\r\n2\r\n3\r\n4\r\n5\r\n");
        TerminalLine.TextEntry blank = fast.buffer().getLine(4).getEntries().get(0);
        fast.feed(ESC + "[31mab" + ESC + "[0m");
        List<TerminalLine.TextEntry> runs = fast.buffer().getLine(4).getEntries();
        assertEquals(2, runs.size(), "the text and its rest");
        CharBuffer rest = runs.get(1).getText();
        assertSame(blank.getText().getBuf(), rest.getBuf(), "no copy of the NULs");
        assertEquals(2, rest.getStart());
        assertEquals(18, rest.length());
        assertTrue(rest.isNul());
        HeadlessModel library = HeadlessModel.library(20, 5, 50).feed("1\r\n2\r\n3\r\n4\r\n5\r\n"
                + ESC + "[31mab" + ESC + "[0m");
        assertEquals(library.observable(), fast.observable());
    }

    @Test
    void theLinesOneScrollOpensKeepTheirNulsWhenOneLinesRestIsFilledWithSpaces() {
        // One scroll of three lines puts one blank run on all three (as the library does); the rest a write leaves
        // on one of them must not read that run's cells, since the library fills a NUL run's whole array with
        // spaces (unNullify, when text is appended after it) and the other two lines would turn into spaces too.
        HeadlessModel fast = HeadlessModel.fast(20, 5, 50).feed("1\r\n2\r\n3\r\n4\r\n5" + ESC + "[3S");
        TerminalLine.TextEntry shared = fast.buffer().getLine(2).getEntries().get(0);
        assertSame(shared, fast.buffer().getLine(4).getEntries().get(0), "the scroll's lines share their run");
        fast.feed(ESC + "[4;1H" + ESC + "[31mab" + ESC + "[0m");
        List<TerminalLine.TextEntry> runs = fast.buffer().getLine(3).getEntries();
        assertEquals(2, runs.size(), "the text and its rest");

        runs.get(1).getText().unNullify();

        assertEquals(' ', runs.get(1).getText().charAt(0));
        for (int y : new int[] {2, 4}) {
            TerminalLine.TextEntry blank = fast.buffer().getLine(y).getEntries().get(0);
            assertTrue(blank.isNul() && blank.getText().charAt(19) == 0, "line " + y + " is still NULs");
        }
    }
}
