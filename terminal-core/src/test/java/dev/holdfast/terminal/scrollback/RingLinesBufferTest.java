package dev.holdfast.terminal.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.CharBuffer;
import com.techsenger.jeditermfx.core.model.LinesBuffer;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every public operation of the ring matches the library's {@link LinesBuffer}, quirks included. */
class RingLinesBufferTest {
    private static final TextStyle STYLE = TextStyle.EMPTY;

    private static TerminalLine line(String text) {
        return new TerminalLine(new TerminalLine.TextEntry(STYLE, new CharBuffer(text)));
    }

    private static String outcome(Runnable action) {
        try {
            action.run();
            return "ok";
        } catch (RuntimeException e) {
            return "threw " + e.getClass().getSimpleName();
        }
    }

    private static String state(LinesBuffer buffer) {
        return buffer.getLineCount() + " " + buffer.getLineTexts() + " " + buffer.getLines().length();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 5, 17, 0, -1})
    void randomOperationsMatchTheLibrary(int maxLines) {
        for (int seed = 0; seed < 40; seed++) {
            Random random = new Random(seed);
            LinesBuffer expected = new LinesBuffer(maxLines, null);
            LinesBuffer actual = new RingLinesBuffer(maxLines, null);
            LinesBuffer expectedScreen = new LinesBuffer(-1, null);
            LinesBuffer actualScreen = new LinesBuffer(-1, null);
            List<String> ops = new ArrayList<>();
            for (int step = 0; step < 300; step++) {
                int kind = random.nextInt(13);
                int a = random.nextInt(8);
                int b = random.nextInt(8);
                int c = random.nextInt(10);
                String text = "l" + step;
                ops.add(kind + ":" + a + "," + b + "," + c);
                TerminalLine.TextEntry filler = new TerminalLine.TextEntry(STYLE, new CharBuffer("f" + step));
                String r1;
                String r2;
                switch (kind) {
                    case 0, 1 -> {
                        List<TerminalLine> batch = new ArrayList<>();
                        for (int i = 0; i < a; i++) {
                            batch.add(line(text + "." + i));
                        }
                        r1 = outcome(() -> expected.addLines(batch));
                        r2 = outcome(() -> actual.addLines(batch));
                    }
                    case 2 -> {
                        r1 = outcome(() -> expected.addNewLine(STYLE, new CharBuffer(text)));
                        r2 = outcome(() -> actual.addNewLine(STYLE, new CharBuffer(text)));
                    }
                    case 3 -> {
                        r1 = outcome(() -> expected.removeTopLines(a));
                        r2 = outcome(() -> actual.removeTopLines(a));
                    }
                    case 4 -> {
                        r1 = outcome(() -> expected.getLine(c).getText());
                        r2 = outcome(() -> actual.getLine(c).getText());
                    }
                    case 5 -> {
                        r1 = outcome(() -> expected.writeString(a, c, new CharBuffer(text), STYLE));
                        r2 = outcome(() -> actual.writeString(a, c, new CharBuffer(text), STYLE));
                    }
                    case 6 -> {
                        r1 = outcome(() -> expected.insertLines(a, b, c, filler));
                        r2 = outcome(() -> actual.insertLines(a, b, c, filler));
                    }
                    case 7 -> {
                        String[] removed = new String[2];
                        r1 = outcome(() -> removed[0] = state(expected.deleteLines(a, b, c, filler)));
                        r2 = outcome(() -> removed[1] = state(actual.deleteLines(a, b, c, filler)));
                        assertEquals(removed[0], removed[1], "deleted lines after " + ops);
                    }
                    case 8 -> {
                        int[] counts = new int[2];
                        r1 = outcome(() -> counts[0] = expected.removeBottomEmptyLines(c, a));
                        r2 = outcome(() -> counts[1] = actual.removeBottomEmptyLines(c, a));
                        assertEquals(counts[0], counts[1], "removed empty lines after " + ops);
                    }
                    case 9 -> {
                        r1 = outcome(() -> expected.moveBottomLinesTo(a, expectedScreen));
                        r2 = outcome(() -> actual.moveBottomLinesTo(a, actualScreen));
                    }
                    case 10 -> {
                        r1 = outcome(() -> expected.clearLines(a, b, filler));
                        r2 = outcome(() -> actual.clearLines(a, b, filler));
                    }
                    case 11 -> {
                        r1 = outcome(() -> {
                            expected.deleteCharacters(a, b, 1, STYLE);
                            expected.insertBlankCharacters(a, b, 2, 20, STYLE);
                            expected.clearArea(0, a, 3, b, STYLE);
                        });
                        r2 = outcome(() -> {
                            actual.deleteCharacters(a, b, 1, STYLE);
                            actual.insertBlankCharacters(a, b, 2, 20, STYLE);
                            actual.clearArea(0, a, 3, b, STYLE);
                        });
                    }
                    default -> {
                        if (random.nextInt(5) == 0) {
                            expected.clearAll();
                            actual.clearAll();
                        }
                        r1 = "ok";
                        r2 = "ok";
                    }
                }
                assertEquals(r1, r2, "outcome after " + ops);
                assertEquals(state(expected), state(actual), "content after " + ops);
                assertEquals(state(expectedScreen), state(actualScreen), "target of moveBottomLinesTo after " + ops);
            }
        }
    }

    @Test
    void evictionIsProportionalToTheLinesEvictedNotToTheHistory() {
        // A full 200,000-line ring takes a million single-line additions in well under the time the library
        // needs for a few thousand (it copies the whole list on each).
        RingLinesBuffer ring = new RingLinesBuffer(200_000, null);
        List<TerminalLine> lines = new ArrayList<>();
        for (int i = 0; i < 200_000; i++) {
            lines.add(line(Integer.toString(i)));
        }
        ring.addLines(lines);
        long started = System.nanoTime();
        for (int i = 0; i < 1_000_000; i++) {
            ring.addLines(List.of(lines.get(i % lines.size())));
        }
        long millis = (System.nanoTime() - started) / 1_000_000;
        assertEquals(200_000, ring.getLineCount());
        assertTrue(millis < 5_000, "a million evictions took " + millis + " ms");
    }

    @Test
    void clearAllReleasesTheSlots() {
        RingLinesBuffer ring = new RingLinesBuffer(0, null);
        for (int i = 0; i < 10_000; i++) {
            ring.addNewLine(STYLE, new CharBuffer("x" + i));
        }
        ring.clearAll();
        assertEquals(0, ring.getLineCount());
        ring.addNewLine(STYLE, new CharBuffer("again"));
        assertEquals(List.of("again"), ring.getLineTexts());
    }

    @Test
    void linesPutAboveTheTopKeepTheOthersNumbersAndCountAsARewrite() {
        RingLinesBuffer ring = new RingLinesBuffer(ScrollbackLimit.lines(10, 0), null);
        for (int i = 0; i < 4; i++) {
            ring.addLines(List.of(line("new " + i)));
        }
        ring.removeTopLines(1);
        long removed = ring.removedFromTop();
        long rewrites = ring.rewrites();
        // Number of "new 3" counted from the first line ever kept: stays the same.
        long numberOfLast = removed + ring.getLineCount() - 1;

        int kept = ring.prependLines(List.of(line("old 0"), line("old 1"), line("old 2")));

        assertEquals(3, kept);
        assertEquals(List.of("old 0", "old 1", "old 2", "new 1", "new 2", "new 3"), ring.getLineTexts());
        assertEquals(numberOfLast, ring.removedFromTop() + ring.getLineCount() - 1);
        assertEquals(removed - 3, ring.removedFromTop());
        assertTrue(ring.rewrites() > rewrites, "a rewrite, so a checkpoint copies the tail again");
    }

    @Test
    void aHistoryWithLittleRoomKeepsTheNewestOfTheLinesPutAbove() {
        RingLinesBuffer ring = new RingLinesBuffer(ScrollbackLimit.lines(5, 0), null);
        ring.addLines(List.of(line("new 0"), line("new 1"), line("new 2")));
        List<TerminalLine> old = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            old.add(line("old " + i));
        }
        assertEquals(2, ring.prependLines(old));
        assertEquals(List.of("old 98", "old 99", "new 0", "new 1", "new 2"), ring.getLineTexts());
        assertEquals(0, ring.prependLines(List.of(line("no room"))));
        // The ring, grown and wrapped around by the lines put above, still adds and evicts at the bottom.
        ring.addLines(List.of(line("newer")));
        assertEquals(List.of("old 99", "new 0", "new 1", "new 2", "newer"), ring.getLineTexts());
    }

    @Test
    void aMemoryCapDropsTheOldestOfTheLinesPutAbove() {
        RingLinesBuffer ring = new RingLinesBuffer(ScrollbackLimit.lines(1_000, 64 * 1024), null);
        ring.addLines(List.of(line("kept")));
        List<TerminalLine> old = new ArrayList<>();
        for (int i = 0; i < 900; i++) {
            old.add(line("old " + i + " " + "z".repeat(200)));
        }
        int kept = ring.prependLines(old);
        assertTrue(kept > 0 && kept < 900, "kept " + kept);
        assertTrue(ring.estimatedBytes() <= 64 * 1024, "bytes " + ring.estimatedBytes());
        List<String> texts = ring.getLineTexts();
        assertEquals("kept", texts.get(texts.size() - 1));
        assertTrue(texts.get(texts.size() - 2).startsWith("old 899 "), texts.get(texts.size() - 2));
    }
}
