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
}
