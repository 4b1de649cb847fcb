package dev.holdfast.terminal.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.StyledTextConsumer;
import com.techsenger.jeditermfx.core.TerminalColor;
import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.CharBuffer;
import com.techsenger.jeditermfx.core.model.LinesBuffer;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.util.CharUtils;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The packed history gives back exactly the lines it was given: text, the very style objects of each run,
 * NUL runs, wide characters and the wrapped flag; painting, text and emptiness read from the packed form agree
 * with the line objects; and a rewrap through the whole model matches the library's buffer.
 */
class PackedHistoryTest {
    private static final TextStyle RED = new TextStyle(TerminalColor.index(1), null);
    /** Equal to {@link #RED} but another object: the library keeps such runs apart, and so must we. */
    private static final TextStyle RED_AGAIN = new TextStyle(TerminalColor.index(1), null);
    private static final TextStyle BOLD_ON_BLUE = new TextStyle(null, TerminalColor.index(4))
            .toBuilder().setOption(TextStyle.Option.BOLD, true).build();

    private static TerminalLine.TextEntry run(TextStyle style, String text) {
        return new TerminalLine.TextEntry(style, new CharBuffer(text));
    }

    /** A line with exactly these runs, built through the same direct path the library's screen takes. */
    private static TerminalLine line(boolean wrapped, TerminalLine.TextEntry... runs) {
        TerminalLine line = new TerminalLine();
        int length = 0;
        for (TerminalLine.TextEntry run : runs) {
            length += run.getLength();
        }
        LineRuns.fill(line, List.of(runs), length);
        line.setWrapped(wrapped);
        return line;
    }

    private static List<TerminalLine> sampleLines() {
        // Wide characters are followed by the library's marker for their second cell.
        String wide = "日" + CharUtils.DWC + "本" + CharUtils.DWC;
        return List.of(
                line(false, run(TextStyle.EMPTY, "1000000")),
                line(true, run(RED, "error: "), run(RED_AGAIN, "again"), run(BOLD_ON_BLUE, " bold ")),
                line(false, run(RED, "x"), run(TextStyle.EMPTY, "\0\0\0"), run(BOLD_ON_BLUE, "y")),
                line(false, run(BOLD_ON_BLUE, wide), run(RED, "\0\0\0\0")),
                line(false, run(RED, "")),
                TerminalLine.createEmpty(),
                line(true, run(TextStyle.EMPTY, "\uD83D\uDE00 emoji and \t tab")));
    }

    private static String describe(TerminalLine line) {
        StringBuilder out = new StringBuilder(line.isWrapped() ? "wrapped " : "");
        for (TerminalLine.TextEntry run : line.getEntries()) {
            out.append('[').append(System.identityHashCode(run.getStyle())).append(':')
                    .append(run.getText().toString().replace("\0", "\\0")).append(']');
        }
        return out.toString();
    }

    private static RingLinesBuffer ringOf(List<TerminalLine> lines) {
        RingLinesBuffer ring = new RingLinesBuffer(10_000, null);
        List<TerminalLine> copies = new ArrayList<>();
        lines.forEach(l -> copies.add(l.copy()));
        ring.addLines(copies);
        return ring;
    }

    @Test
    void packedLinesComeBackWithTheirTextStyleObjectsNulRunsWideCharsAndWrappedFlag() {
        List<TerminalLine> lines = sampleLines();
        RingLinesBuffer ring = ringOf(lines);
        assertEquals(lines.size(), ring.packedLines(), "every line is kept packed");
        for (int i = 0; i < lines.size(); i++) {
            TerminalLine back = ring.getLine(i);
            assertEquals(describe(lines.get(i)), describe(back), "line " + i);
            for (int r = 0; r < back.getEntries().size(); r++) {
                assertSame(lines.get(i).getEntries().get(r).getStyle(), back.getEntries().get(r).getStyle(),
                        "line " + i + " run " + r + " has the original style object");
            }
        }
    }

    @Test
    void textEmptinessAndPaintingAreReadFromThePackedFormAsFromTheLines() {
        List<TerminalLine> lines = sampleLines();
        LinesBuffer library = new LinesBuffer(1_000, null);
        List<TerminalLine> copies = new ArrayList<>();
        lines.forEach(l -> copies.add(l.copy()));
        library.addLines(copies);
        RingLinesBuffer ring = ringOf(lines);

        assertEquals(library.getLineTexts(), ring.getLineTexts());
        assertEquals(library.getLines(), ring.getLines());
        for (int i = 0; i < lines.size(); i++) {
            assertEquals(library.getLineText(i), ring.getLineText(i));
        }
        assertEquals(painted(library), painted(ring));
        assertEquals(lines.size(), ring.packedLines(), "reading text and painting leave the lines packed");

        assertEquals(library.removeBottomEmptyLines(lines.size() - 1, 3),
                ring.removeBottomEmptyLines(lines.size() - 1, 3));
        assertEquals(library.getLineTexts(), ring.getLineTexts());
    }

    private static List<String> painted(LinesBuffer buffer) {
        List<String> calls = new ArrayList<>();
        buffer.processLines(0, buffer.getLineCount(), new StyledTextConsumer() {
            @Override
            public void consume(int x, int y, TextStyle style, CharBuffer characters, int startRow) {
                calls.add("text " + x + "," + y + " " + System.identityHashCode(style) + " " + characters
                        + " " + startRow);
            }

            @Override
            public void consumeNul(int x, int y, int nulIndex, TextStyle style, CharBuffer characters,
                                   int startRow) {
                calls.add("nul " + x + "," + y + " " + nulIndex + " " + characters.length() + " " + startRow);
            }

            @Override
            public void consumeQueue(int x, int y, int nulIndex, int startRow) {
                calls.add("end " + x + "," + y + " " + nulIndex + " " + startRow);
            }
        });
        return calls;
    }

    @Test
    void aLineHandedOutAndEditedKeepsTheEditWhenItIsPackedAgain() {
        List<TerminalLine> lines = new ArrayList<>();
        for (int i = 0; i < 3 * RingLinesBuffer.TOUCHED_LINES; i++) {
            lines.add(line(false, run(RED, "line " + i)));
        }
        RingLinesBuffer ring = ringOf(lines);
        TerminalLine first = ring.getLine(0);
        assertSame(first, ring.getLine(0), "a line handed out stays the same object while it is in use");
        first.writeString(0, new CharBuffer("LINE"), BOLD_ON_BLUE);
        first.setWrapped(true);
        for (int i = 1; i < lines.size(); i++) {
            ring.getLine(i);
        }
        assertTrue(ring.packedLines() >= lines.size() - RingLinesBuffer.TOUCHED_LINES,
                "a walk over the history leaves it packed: " + ring.packedLines());
        TerminalLine again = ring.getLine(0);
        assertNotSame(first, again, "packed again after enough other lines were handed out");
        assertEquals("LINE 0", again.getText());
        assertTrue(again.isWrapped());
        assertSame(BOLD_ON_BLUE, again.getStyleAt(0));
        assertSame(RED, again.getStyleAt(5));
    }

    @Test
    void aLineCopiedOutToBeReadStaysPackedAndACopyCannotChangeIt() {
        List<TerminalLine> lines = sampleLines();
        RingLinesBuffer ring = ringOf(lines);
        for (int i = 0; i < lines.size(); i++) {
            assertEquals(describe(lines.get(i)), describe(ring.lineToRead(i)), "line " + i);
        }
        assertEquals(lines.size(), ring.packedLines(), "a checkpoint's copy leaves the history packed");
        ring.lineToRead(0).writeString(0, new CharBuffer("changed"), RED);
        assertEquals("1000000", ring.getLineText(0));
    }

    @Test
    void runsWrapFlagsAndLengthsReadInPlaceAgreeWithTheLinesPackedOrNot() {
        List<TerminalLine> lines = sampleLines();
        RingLinesBuffer ring = ringOf(lines);
        // Line 1 handed out for editing: an object now, read through the same calls.
        ring.getLine(1);
        for (int i = 0; i < lines.size(); i++) {
            TerminalLine line = lines.get(i);
            StringBuilder read = new StringBuilder(line.isWrapped() ? "wrapped " : "");
            ring.readRuns(i, (style, chars, offset, length) -> read.append('[')
                    .append(System.identityHashCode(style)).append(':')
                    .append(new String(chars, offset, length).replace("\0", "\\0")).append(']'));
            assertEquals(describe(line), read.toString(), "runs of line " + i);
            assertEquals(line.isWrapped(), ring.wrappedAt(i), "wrapped flag of line " + i);
            int cells = line.getEntries().stream().mapToInt(TerminalLine.TextEntry::getLength).sum();
            assertEquals(cells, ring.cellsAt(i), "cells of line " + i);
        }
        assertEquals(lines.size() - 1, ring.packedLines(), "reading in place unpacks nothing");
    }

    @Test
    void aLineKeptAsAnObjectIsNeverPacked() {
        RingLinesBuffer ring = new RingLinesBuffer(10_000, null);
        TerminalLine prompt = line(false, run(RED, "$ make"));
        ring.keepAsObject(prompt);
        ring.addLines(List.of(prompt));
        for (int i = 0; i < 3 * RingLinesBuffer.TOUCHED_LINES; i++) {
            ring.addLines(List.of(line(false, run(RED, "output " + i))));
            ring.getLine(ring.getLineCount() - 1);
        }
        assertSame(prompt, ring.getLine(0), "a prompt mark or a link keyed by this object still finds it");
    }

    @Test
    void stylesAndChunksAreLetGoWithTheLinesThatUsedThem() {
        RingLinesBuffer ring = new RingLinesBuffer(100, null);
        for (int i = 0; i < 5_000; i++) {
            // Every line its own style object, as the library's emulator makes them.
            TextStyle style = new TextStyle(TerminalColor.index(i % 8), null);
            ring.addLines(List.of(line(false, run(style, "x".repeat(200)), run(TextStyle.EMPTY, " " + i))));
        }
        assertEquals(100, ring.getLineCount());
        CompactLines packed = packedOf(ring);
        assertEquals(101, packed.stylesInUse(), "the styles of the kept lines, not of every line ever kept");
        assertTrue(packed.chunksHeld() <= 3, "chunks of evicted lines are released: " + packed.chunksHeld());
        ring.clearAll();
        assertEquals(0, packed.stylesInUse());
        assertEquals(0, packed.charsInUse());
    }

    private static CompactLines packedOf(RingLinesBuffer ring) {
        try {
            var field = RingLinesBuffer.class.getDeclaredField("packed");
            field.setAccessible(true);
            return (CompactLines) field.get(ring);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aLineThatDoesNotFitThePackedFormStaysAnObject() {
        RingLinesBuffer ring = new RingLinesBuffer(10, null);
        TerminalLine huge = line(false, run(RED, "y".repeat(CompactLines.CHUNK_CHARS)));
        ring.addLines(List.of(huge));
        assertEquals(0, ring.packedLines());
        assertSame(huge, ring.getLine(0));
    }

    @Test
    void resizeRewrapOfAPackedHistoryMatchesTheLibrary() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            text.append("\u001b[3").append(i % 8).append('m').append("row ").append(i).append(' ')
                    .append("日本語".repeat(i % 5)).append("\u001b[0m ").append("x".repeat(i % 37))
                    .append("\u001b[1;4").append(i % 7).append("mend\u001b[0m\r\n");
        }
        HeadlessModel library = HeadlessModel.library(40, 10, 1_000);
        HeadlessModel fast = HeadlessModel.fast(40, 10, 1_000);
        library.feed(text.toString());
        fast.feed(text.toString());
        assertEquals(library.observable(), fast.observable());
        int[][] sizes = {{23, 7}, {91, 12}, {17, 30}, {40, 10}};
        RingLinesBuffer history = (RingLinesBuffer) fast.buffer().getHistoryBuffer();
        for (int[] size : sizes) {
            library.resize(size[0], size[1]);
            fast.resize(size[0], size[1]);
            assertFalse(history.getLineCount() == 0);
            // Checked before the comparison below, which reads every line as an object.
            assertEquals(history.getLineCount(), history.packedLines(), "the rewrapped history is packed again");
            assertEquals(library.observable(), fast.observable(), "after a resize to " + size[0] + "x" + size[1]);
        }
    }

}
