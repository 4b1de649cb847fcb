package dev.holdfast.terminal.export;

import static dev.holdfast.terminal.export.VtText.assertVtEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalInt;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;

class ScrollbackCaptureTest {
    private final ScrollbackCapture capture = new ScrollbackCapture(new PrimaryBuffers());
    private final VtExport export = new VtExport(new SgrFormatter());

    private static ExportLimits lines(int count) {
        return new ExportLimits(count, Integer.MAX_VALUE);
    }

    private static String numberedLines(int count) {
        StringBuilder out = new StringBuilder();
        for (int i = 1; i <= count; i++) {
            out.append("line ").append(i).append("\r\n");
        }
        return out.toString();
    }

    private static String expectedNumberedLines(int count, String last) {
        StringJoiner lines = new StringJoiner("\r\n");
        for (int i = 1; i <= count; i++) {
            lines.add("line " + i);
        }
        return lines.add(last).toString();
    }

    @Test
    void runsTheLibraryLeavesWithoutAStyleAreExportedAsPlainCells() {
        // Inserting characters past the end of a line leaves runs whose style is null in jeditermfx-core 1.0.0.
        HeadlessTerminal t = new HeadlessTerminal(20, 4, 100).feed("ab\u001b[1;10H\u001b[3@\u001b[1;12Hcd\r\n");
        t.buffer().lock();
        try {
            assertTrue(t.buffer().getLine(0).getEntries().stream().anyMatch(e -> e.getStyle() == null),
                    "the library still makes such runs; otherwise this test tests nothing");
        } finally {
            t.buffer().unlock();
        }
        String exported = t.export();
        assertTrue(exported.startsWith("ab"), exported);
        assertTrue(exported.contains("cd"), exported);
    }

    @Test
    void exportKeepsPrimaryScrollbackWhileAlternateScreenIsActive() {
        HeadlessTerminal t = new HeadlessTerminal(80, 24, 1_000);
        t.feed(numberedLines(100) + "$ vim");
        t.feed("\u001b[?1049h\u001b[H\u001b[2JJUNK on the alternate screen\r\nmore JUNK\r\n");

        // The library problem this guards against: its public getter now returns the alternate screen's history.
        t.buffer().lock();
        try {
            assertTrue(t.buffer().isUsingAlternateBuffer());
            assertEquals(0, t.buffer().getHistoryBuffer().getLineCount());
        } finally {
            t.buffer().unlock();
        }

        CapturedLines copy = capture.capture(t.terminal());
        String text = export.format(copy);
        assertVtEquals(expectedNumberedLines(100, "$ vim"), text);
        assertFalse(text.contains("JUNK"));
        assertEquals(OptionalInt.empty(), copy.cursorLine(), "the cursor is on the alternate screen");

        t.feed("\u001b[?1049l");
        assertVtEquals(expectedNumberedLines(100, "$ vim"), t.export(), "same export once back on the primary screen");
    }

    @Test
    void primaryBuffersAreThePublicOnesWhileThePrimaryScreenShows() {
        HeadlessTerminal t = new HeadlessTerminal(20, 5, 100).feed(numberedLines(12));
        PrimaryBuffers primary = new PrimaryBuffers();
        t.buffer().lock();
        try {
            assertSame(t.buffer().getHistoryBuffer(), primary.history(t.buffer()));
            assertSame(t.buffer().getScreenBuffer(), primary.screen(t.buffer()));
        } finally {
            t.buffer().unlock();
        }
    }

    @Test
    void historyAndScreenAreCopiedOldestFirst() {
        HeadlessTerminal t = new HeadlessTerminal(20, 5, 100).feed(numberedLines(12) + "$ ");
        CapturedLines copy = capture.capture(t.terminal());
        assertEquals(13, copy.lines().size());
        assertEquals(8, copy.historyLineCount());
        assertEquals(20, copy.columns());
        assertEquals(OptionalInt.of(12), copy.cursorLine());
        assertVtEquals(expectedNumberedLines(12, "$"), export.format(copy));
    }

    @Test
    void trailingBlankRowsAreLeftOutButBlankRowsBetweenTextAreKept() {
        HeadlessTerminal t = new HeadlessTerminal(20, 10, 100).feed("a\r\n\r\nb\r\n\r\n\r\n");
        CapturedLines copy = capture.capture(t.terminal());
        assertEquals(3, copy.lines().size());
        assertEquals(OptionalInt.of(5), copy.cursorLine(), "the cursor may sit below the kept rows");
        assertVtEquals("a\r\n\r\nb", export.format(copy));
    }

    @Test
    void aBlankRowWithABackgroundIsNotEmpty() {
        HeadlessTerminal t = new HeadlessTerminal(20, 10, 100).feed("a\r\n\u001b[44m  \u001b[0m\r\n\r\n");
        assertVtEquals("a\r\n\u001b[44m  \u001b[0m", t.export());
    }

    @Test
    void aClearedScreenLeavesNoTrailingBlankRows() {
        HeadlessTerminal t = new HeadlessTerminal(20, 5, 100).feed(numberedLines(3));
        assertVtEquals("line 1\r\nline 2\r\nline 3", t.export());
        assertVtEquals("", new HeadlessTerminal(20, 5, 100).export(), "a fresh terminal exports nothing");
    }

    @Test
    void theCopyDoesNotChangeWhenTheTerminalDoes() {
        HeadlessTerminal t = new HeadlessTerminal(20, 5, 100).feed("before\r\nsecond");
        CapturedLines copy = capture.capture(t.terminal());
        t.feed("\u001b[H\u001b[2Jafter!!\r\n" + numberedLines(30));
        assertVtEquals("before\r\nsecond", export.format(copy));
    }

    @Test
    void boundedCaptureKeepsWholeLogicalLinesFromTheEnd() {
        HeadlessTerminal t = new HeadlessTerminal(10, 4, 100)
                .feed("first\r\nsecond\r\n" + "x".repeat(25) + "\r\nlast");
        CapturedLines copy = capture.capture(t.terminal(), lines(2));
        assertEquals(4, copy.lines().size(), "three rows of the wrapped line and the last line");
        assertVtEquals("x".repeat(25) + "\r\nlast", export.format(copy));
        assertEquals(OptionalInt.of(3), copy.cursorLine());

        assertVtEquals("last", export.format(capture.capture(t.terminal(), lines(1))));
        assertVtEquals("first\r\nsecond\r\n" + "x".repeat(25) + "\r\nlast", export.format(capture.capture(t.terminal(), lines(99))));
    }
}
