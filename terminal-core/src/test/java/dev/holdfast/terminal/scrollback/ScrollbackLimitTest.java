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

/** The history's bounds beyond the library's line count: memory, and keeping no lines at all. */
class ScrollbackLimitTest {
    private static final String ESC = "\u001b";

    private static TerminalLine line(String text) {
        return new TerminalLine(new TerminalLine.TextEntry(TextStyle.EMPTY, new CharBuffer(text)));
    }

    private static long recount(RingLinesBuffer ring) {
        long total = 0;
        for (int i = 0; i < ring.getLineCount(); i++) {
            total += RingLinesBuffer.footprint(ring.getLine(i));
        }
        return total;
    }

    @Test
    void aMemoryCapDropsTheOldestLinesAndCountsThemAsEvicted() {
        // What one such line takes as the ring keeps it (packed).
        RingLinesBuffer one = new RingLinesBuffer(ScrollbackLimit.unlimited(0), null);
        one.addLines(List.of(line("line 00000")));
        long lineBytes = one.estimatedBytes();
        RingLinesBuffer ring = new RingLinesBuffer(ScrollbackLimit.unlimited(100L * lineBytes), null);
        for (int i = 0; i < 1_000; i++) {
            ring.addLines(List.of(line(String.format("line %05d", i))));
        }
        assertEquals(100, ring.getLineCount());
        assertTrue(ring.estimatedBytes() <= 100L * lineBytes, "within the cap: " + ring.estimatedBytes());
        assertEquals("line 00900", ring.getLine(0).getText(), "the oldest went first");
        assertEquals("line 00999", ring.getLine(99).getText());
        assertEquals(900, ring.removedFromTop(), "a view follows its text past memory evictions too");
    }

    @Test
    void aLineLimitAndAMemoryCapBothHold() {
        RingLinesBuffer ring = new RingLinesBuffer(ScrollbackLimit.lines(50, 1L << 30), null);
        for (int i = 0; i < 200; i++) {
            ring.addLines(List.of(line("x" + i)));
        }
        assertEquals(50, ring.getLineCount());
        assertEquals("x199", ring.getLine(49).getText());
    }

    @Test
    void zeroLinesKeepsNothing() {
        RingLinesBuffer ring = new RingLinesBuffer(ScrollbackLimit.lines(0, 0), null);
        ring.addLines(List.of(line("a"), line("b")));
        ring.addLines(List.of(line("c")));
        assertEquals(0, ring.getLineCount());
        assertEquals(3, ring.removedFromTop());
        assertEquals(0, ring.estimatedBytes());
    }

    @Test
    void theEstimateFollowsEveryWayLinesComeAndGo() {
        Random random = new Random(7);
        RingLinesBuffer ring = new RingLinesBuffer(ScrollbackLimit.lines(40, 0), null);
        LinesBuffer elsewhere = new LinesBuffer(-1, null);
        for (int step = 0; step < 2_000; step++) {
            switch (random.nextInt(6)) {
                case 0, 1 -> {
                    List<TerminalLine> lines = new ArrayList<>();
                    for (int i = random.nextInt(60); i > 0; i--) {
                        lines.add(random.nextInt(4) == 0 ? line("") : line("t".repeat(random.nextInt(90))));
                    }
                    ring.addLines(lines);
                }
                case 2 -> ring.removeTopLines(Math.min(ring.getLineCount(), random.nextInt(5)));
                case 3 -> ring.moveBottomLinesTo(random.nextInt(4), elsewhere);
                case 4 -> ring.removeBottomEmptyLines(ring.getLineCount() - 1, random.nextInt(3));
                default -> {
                    if (random.nextInt(20) == 0) {
                        ring.clearAll();
                    }
                }
            }
            assertEquals(recount(ring), ring.estimatedBytes(), "after step " + step);
        }
    }

    @Test
    void anUnlimitedTerminalKeepsWhatFitsInItsMemoryCap() {
        StringBuilder log = new StringBuilder();
        for (int i = 0; i < 5_000; i++) {
            log.append(ESC).append("[3").append(i % 8).append('m').append("build step ").append(i)
                    .append(ESC).append("[0m ").append(ESC).append("[1;32mok").append(ESC).append("[0m\r\n");
        }
        HeadlessModel fast = HeadlessModel.withLimit(80, 10, ScrollbackLimit.unlimited(200_000));
        fast.feed(log.toString());
        RingLinesBuffer history = (RingLinesBuffer) fast.buffer().getHistoryBuffer();
        assertTrue(history.estimatedBytes() <= 200_000, "within the cap: " + history.estimatedBytes());
        assertTrue(history.getLineCount() > 100 && history.getLineCount() < 4_990,
                "kept what fits: " + history.getLineCount());
        String newest = history.getLine(history.getLineCount() - 1).getText();
        assertTrue(newest.startsWith("build step 4990"), "the newest lines are kept: " + newest);
    }

    @Test
    void aTerminalWithNoScrollbackKeepsOnlyItsScreen() {
        HeadlessModel none = HeadlessModel.withLimit(20, 4, ScrollbackLimit.lines(0));
        StringBuilder lines = new StringBuilder();
        for (int i = 1; i <= 50; i++) {
            lines.append("n").append(i).append("\r\n");
        }
        none.feed(lines.toString());
        assertEquals(0, none.buffer().getHistoryLinesCount());
        assertEquals("n48", none.buffer().getLine(0).getText(), "the screen still shows the newest lines");
        assertEquals(47, ((RingLinesBuffer) none.buffer().getHistoryBuffer()).removedFromTop());
    }
}
