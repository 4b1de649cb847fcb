package dev.holdfast.terminal.vt;

import static dev.holdfast.terminal.vt.TestTerminal.library;
import static dev.holdfast.terminal.vt.TestTerminal.oursUncorrected;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.CursorShape;
import com.techsenger.jeditermfx.core.Terminal;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseFormat;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseMode;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import java.lang.reflect.Proxy;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How Holdfast's parser reads sequences, where that differs from the library's emulator behind the normaliser
 * (the path before): each listed fix ("Fix:" in {@link JediTerminalHandler}), shown against the library's
 * reading. Everything else the two read alike, which the differential test holds them to.
 */
class JediTerminalHandlerTest {
    private static final String E = "\u001b";

    @Test
    void emptyAndZeroPositionsMeanTheFirstRowAndColumn() {
        assertEquals("    X", oursUncorrected(10, 5, E + "[;5HX").row(1), "ESC[;5H: row 1, column 5");
        assertEquals("X", library(10, 5, E + "[;5HX").row(5), "the library skipped the empty row: row 5");
        assertEquals(List.of(E + "[1;1R"), oursUncorrected(10, 5, E + "[0;0H" + E + "[6n").replies);
        assertEquals(List.of(E + "[0;1R"), library(10, 5, E + "[0;0H" + E + "[6n").replies, "row 0: above the screen");
    }

    @Test
    void everyModeOfOneSetModeSequenceIsSet() {
        TestTerminal ours = oursUncorrected(10, 5, E + "[?1000;1006h");
        assertEquals(MouseMode.MOUSE_REPORTING_NORMAL, ours.display.mouseMode);
        assertEquals(MouseFormat.MOUSE_FORMAT_SGR, ours.display.mouseFormat);
        TestTerminal library = library(10, 5, E + "[?1000;1006h");
        assertEquals(MouseFormat.MOUSE_FORMAT_XTERM, library.display.mouseFormat, "the library set only the first");
    }

    @Test
    void markersAndIntermediatesTheModelDoesNotKnowAreNotPrinted() {
        String text = "a" + E + "[<1ub" + E + "[?2026$pc" + E + "[=0cd" + E + "[>0qe";
        assertEquals("abcde", oursUncorrected(20, 3, text).row(1));
        assertEquals(List.of(), oursUncorrected(20, 3, text).replies, "ESC[=0c is not a device-attributes query");
        assertNotEquals("abcde", library(20, 3, text).row(1));
        assertTrue(library(20, 3, text).row(1).contains("<"), library(20, 3, text).row(1));
    }

    @Test
    void aCursorStyleSequenceSetsTheShapeAndWritesNothing() {
        TestTerminal ours = oursUncorrected(10, 3, "abcdef\r" + E + "[2 q");
        assertEquals(CursorShape.STEADY_BLOCK, ours.display.cursorShape);
        assertEquals("abcdef", ours.row(1));
        assertEquals(" bcdef", library(10, 3, "abcdef\r" + E + "[2 q").row(1), "the library wrote the space");
        TestTerminal leds = oursUncorrected(10, 3, "abc" + E + "[2qd");
        assertEquals("abcd", leds.row(1), "CSI 2 q without the space is DECLL (keyboard LEDs): nothing");
        assertNull(leds.display.cursorShape);
        assertEquals("abd", library(10, 3, "abc" + E + "[2qd").row(1), "the library moved back and set a shape");
    }

    @Test
    void aProgramCannotResizeTheModel() {
        assertEquals(10, oursUncorrected(10, 3, E + "[8;40;100t").terminal.getTerminalWidth());
        assertEquals(100, library(10, 3, E + "[8;40;100t").terminal.getTerminalWidth());
    }

    @Test
    void aRowBelowTheScreenMeansTheLastRow() {
        TestTerminal ours = oursUncorrected(10, 5, "top" + E + "[99dX");
        assertEquals("top", ours.row(1));
        assertEquals("   X", ours.row(5));
        assertNotEquals("top", library(10, 5, "top" + E + "[99dX").row(1), "the library scrolled the screen away");
    }

    @Test
    void aTitleKeepsItsSemicolons() {
        assertEquals("make; make test", oursUncorrected(10, 3, E + "]2;make; make test\u0007").display.title);
        assertEquals("make", library(10, 3, E + "]2;make; make test\u0007").display.title);
    }

    @Test
    void deleteAndC1ControlsAreNotPrinted() {
        assertEquals("abc", oursUncorrected(10, 3, "a\u007fb\u009bc").row(1));
        assertEquals("a b c", library(10, 3, "a\u007fb\u009bc").row(1), "the library put them in cells");
    }

    @Test
    void aHugeDeleteOrEraseCountDoesNotBuildAHugeLine() {
        assertTrue(length(oursUncorrected(10, 3, "abc" + E + "[65535P")) <= 20);
        assertTrue(length(oursUncorrected(10, 3, "abc\r" + E + "[65535X")) <= 20);
        assertTrue(length(library(10, 3, "abc" + E + "[65535P")) > 60_000, "the library made a line per the count");
    }

    private static int length(TestTerminal t) {
        int cells = 0;
        for (TerminalLine.TextEntry entry : t.buffer.getLine(0).getEntries()) {
            cells += entry.getLength();
        }
        return cells;
    }

    @Test
    void textThatASequenceWithNoEffectInterruptsIsWrittenAsOneRun() {
        // Overline is nothing the model can show: the accent after it still composes with its letter.
        assertEquals("é", oursUncorrected(10, 3, "e" + E + "[53m\u0301").row(1));
        assertEquals("é", oursUncorrected(10, 3, "e" + E + "_apc" + E + "\\\u0301").row(1));
        // A sequence with an effect cuts the run: the accent is written after the bold starts, as a cell of its own.
        assertEquals("e\u0301", oursUncorrected(10, 3, "e" + E + "[1m\u0301").row(1));
    }

    @Test
    void answersGoToTheRepliesAndNeverThroughTheTerminalsOutput() {
        TestTerminal ours = oursUncorrected(10, 3, "ab" + E + "[6n" + E + "[c" + E + "[>c" + E + "[5n");
        assertEquals(List.of(E + "[1;3R", E + "[?6c", E + "[?6c", E + "[0n"), ours.replies);
    }

    @Test
    void hyperlinksAreReportedWhereTheyStartAndEndWithTheirWholeUri() {
        TestTerminal ours = oursUncorrected(40, 3, "see " + E + "]8;id=7;https://x/a;b?c" + E + "\\docs" + E
                + "]8;;\u0007 now");
        assertEquals(List.of("start https://x/a;b?c [id=7] at 5,1", "end at 9,1"), ours.links);
        assertEquals("see docs now", ours.row(1));
    }

    @Test
    void shellMarksAreReportedWhereTheyStandAndNeverReachTheModel() {
        TestTerminal ours = oursUncorrected(40, 3, E + "]133;A\u0007$ " + E + "]133;B\u0007ls" + E
                + "]133;C;cmdline_url=ls%20-l\u0007\r\nout\r\n" + E + "]133;D;2\u0007" + E + "]7;file://h/tmp/a%20b"
                + E + "\\");
        assertEquals(List.of("PromptStarted[] at 1,1", "InputStarted[] at 3,1", "CommandStarted[commandLine=ls -l] at 5,1",
                "CommandFinished[exitStatus=2] at 1,3", "WorkingDirectory[host=h, path=/tmp/a b] at 1,3"), ours.marks);
        assertEquals(List.of("$ ls", "out", ""), ours.rows());
        // A malformed mark is nothing at all: the accent after it still composes with its letter.
        assertEquals("é", oursUncorrected(10, 3, "e" + E + "]133;Z\u0007\u0301").row(1));
    }

    @Test
    void aModelCallThatThrowsCostsThatSequenceAndNotTheRest() {
        TestTerminal t = new TestTerminal(10, 3);
        Terminal failing = (Terminal) Proxy.newProxyInstance(Terminal.class.getClassLoader(),
                new Class<?>[] {Terminal.class}, (proxy, method, args) -> {
                    if (method.getName().equals("cursorUp")) {
                        throw new IllegalStateException("the model choked");
                    }
                    return method.invoke(t.terminal, args);
                });
        t.feed(failing, "ab" + E + "[Acd");
        assertEquals("abcd", t.row(1));
    }
}
