package dev.holdfast.terminal.replay;

import static dev.holdfast.terminal.replay.DirectHistoryTest.assertSameModel;
import static dev.holdfast.terminal.replay.DirectHistoryTest.export;
import static dev.holdfast.terminal.replay.DirectHistoryTest.fast;
import static dev.holdfast.terminal.replay.DirectHistoryTest.library;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.RequestOrigin;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import com.techsenger.jeditermfx.core.util.TermSize;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A replay split in two — the last screen first, the history above it later — leaves the terminal as a replay of
 * the whole text does, whatever was written between the two parts, and whatever the scrollback limit.
 */
class DeferredHistoryTest {
    private static final String ESC = "\u001b";
    private final InertReplay inert =
            new InertReplay(new ReplaySanitizer(), Clock.systemUTC(), DateTimeFormatter.ISO_LOCAL_DATE_TIME);

    private void whole(JediTerminal terminal, String text) {
        PendingReplay replay = inert.begin(terminal, text);
        while (!replay.step(4_096)) {
            // Bounded steps, as the restore runs them.
        }
    }

    /** The screen's part; returns the history to put in, which the text must have been long enough to give. */
    private DeferredHistory screenFirst(JediTerminal terminal, String text) {
        SplitReplay split = inert.beginSplit(terminal, text);
        while (!split.screen().step(4_096)) {
            // Bounded steps.
        }
        return split.history().orElseThrow(() -> new AssertionError("the text was not split"));
    }

    private static void write(JediTerminal terminal, String output) {
        char[] chars = output.toCharArray();
        PendingReplay.feed(terminal, chars, 0, chars.length);
    }

    /** Build-log lines: colours, bold, 256-colour and truecolor spans, some long enough to wrap. */
    private static String log(int lines, int seed) {
        Random random = new Random(seed);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            text.append(ESC).append("[3").append(i % 8).append('m').append(String.format("line-%05d", i))
                    .append(ESC).append("[0m ").append(ESC).append("[1mcompiling").append(ESC).append("[0m src/File")
                    .append(i % 97).append(".java ").append(ESC).append("[38;5;").append(i % 256).append("mwarn")
                    .append(ESC).append("[0m ").append("x".repeat(random.nextInt(random.nextInt(10) == 0 ? 300 : 40)))
                    .append("\r\n");
        }
        return text.toString();
    }

    @Test
    void theScreenFirstThenTheHistoryLeavesTheModelAWholeReplayLeaves() {
        String text = log(3_000, 1) + "the last line, without a break";
        for (int[] size : new int[][] {{80, 24}, {133, 50}, {20, 3}, {200, 1}}) {
            JediTerminal expected = fast(size[0], size[1], 10_000);
            whole(expected, text);
            JediTerminal actual = fast(size[0], size[1], 10_000);
            DeferredHistory history = screenFirst(actual, text);
            assertTrue(history.putInPlace() > 2_000, "rows put in");
            assertSameModel(expected, actual, size[0] + "x" + size[1]);
        }
    }

    @Test
    void outputWrittenBetweenThePartsStaysBelowTheHistoryWhateverTheLimit() {
        String text = log(2_000, 2);
        String shell = "$ ls\r\n" + (ESC + "[34mdir" + ESC + "[0m  file\r\n").repeat(30) + "$ ";
        for (int limit : new int[] {10_000, 2_500, 1_000, 40}) {
            JediTerminal expected = fast(80, 24, limit);
            whole(expected, text);
            write(expected, shell);
            JediTerminal actual = fast(80, 24, limit);
            DeferredHistory history = screenFirst(actual, text);
            write(actual, shell);
            history.putInPlace();
            assertSameModel(expected, actual, "history limit " + limit);
        }
    }

    @Test
    void randomLogsReplayToTheSameModelSplitOrWhole() {
        long seed = 0xDEF_E44EDL;
        Random random = new Random(seed);
        RandomLogs logs = new RandomLogs(random, true);
        int split = 0;
        for (int i = 0; i < 120; i++) {
            String log = logs.next(1_500);
            int columns = 20 + random.nextInt(120);
            int rows = 2 + random.nextInt(40);
            int limit = random.nextBoolean() ? 10_000 : 1 + random.nextInt(600);
            String where = "seed " + seed + ", case " + i + ", " + columns + "x" + rows + ", limit " + limit;
            JediTerminal expected = fast(columns, rows, limit);
            whole(expected, log);
            JediTerminal actual = fast(columns, rows, limit);
            SplitReplay replay = inert.beginSplit(actual, log);
            while (!replay.screen().step(1 + random.nextInt(20_000))) {
                // Bounded steps.
            }
            if (replay.history().isPresent()) {
                split++;
                replay.history().get().putInPlace();
            }
            assertSameModel(expected, actual, where);
        }
        assertTrue(split > 40, "cases split: " + split);
    }

    @Test
    void aTerminalResizedBeforeTheHistoryGetsItAtItsNewWidth() {
        List<String> lines = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 1_500; i++) {
            String line = "entry " + i + " " + "y".repeat(i % 150);
            lines.add(line);
            text.append(ESC).append("[32m").append(line).append(ESC).append("[0m\r\n");
        }
        JediTerminal terminal = fast(80, 24, 10_000);
        DeferredHistory history = screenFirst(terminal, text.toString());
        TerminalTextBuffer buffer = terminal.getTerminalTextBuffer();
        buffer.lock();
        try {
            terminal.resize(new TermSize(50, 24), RequestOrigin.User);
        } finally {
            buffer.unlock();
        }
        history.putInPlace();
        buffer.lock();
        try {
            for (int row = -buffer.getHistoryLinesCount(); row < 0; row++) {
                String cells = buffer.getLine(row).getText().replace("\0", "");
                assertTrue(cells.length() <= 50, "row " + row + " is " + cells.length() + " cells: " + cells);
            }
        } finally {
            buffer.unlock();
        }
        List<String> exported = new ArrayList<>(Arrays.asList(export(terminal).replaceAll(ESC + "\\[[0-9;]*m", "")
                .split("\r\n")));
        exported.removeIf(String::isBlank);
        for (int i = 0; i < Math.min(lines.size(), exported.size()); i++) {
            assertEquals(lines.get(i).stripTrailing(), exported.get(i).stripTrailing(), "line " + i);
        }
        assertEquals(lines.size(), exported.size(), "lines");
    }

    @Test
    void theHistoryIsPutInOnceHoweverOftenItIsAskedFor() {
        String text = log(1_000, 3);
        JediTerminal expected = fast(80, 24, 10_000);
        whole(expected, text);
        JediTerminal terminal = fast(80, 24, 10_000);
        DeferredHistory history = screenFirst(terminal, text);
        int rows = history.putInPlace();
        assertTrue(rows > 900, "rows: " + rows);
        assertTrue(history.isDone());
        assertEquals(0, history.putInPlace());
        assertSameModel(expected, terminal, "asked twice");
    }

    @Test
    void shortTextsAndTheLibrarysOwnBufferAreReplayedWhole() {
        assertTrue(inert.beginSplit(fast(80, 24, 10_000), log(40, 4)).history().isEmpty(), "a few screens");
        assertTrue(inert.beginSplit(library(80, 24, 10_000), log(2_000, 5)).history().isEmpty(),
                "the library's buffer has no history to put rows above");
        String leftOn = log(2_000, 6).replace(ESC + "[0m", ESC + "[1m");
        assertTrue(inert.beginSplit(fast(80, 24, 10_000), leftOn).history().isEmpty(), "a style never reset");
    }
}
