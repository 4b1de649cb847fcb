package dev.holdfast.terminal.replay;

import static dev.holdfast.terminal.replay.DirectHistoryTest.fast;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.vt.CrossedOutTextStyle;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import org.junit.jupiter.api.Test;

/**
 * A restored to-do list keeps its finished items crossed out: in the rows built for the history, in the rows put
 * above it later, and on the screen the emulator part writes.
 */
class CrossedOutReplayTest {
    private static final String E = "\u001b";
    private final InertReplay inert =
            new InertReplay(new ReplaySanitizer(), Clock.systemUTC(), DateTimeFormatter.ISO_LOCAL_DATE_TIME);

    /** Exported as Holdfast writes it: each item its own line, the finished ones dim and crossed out. */
    private static String todoList(int items) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < items; i++) {
            text.append(i % 2 == 0 ? "☒ " + E + "[2;9mdone item " + i + E + "[0m" : "☐ open item " + i).append("\r\n");
        }
        return text.toString();
    }

    private static void assertItems(JediTerminal terminal, int items, String where) {
        TerminalTextBuffer buffer = terminal.getTerminalTextBuffer();
        buffer.lock();
        try {
            int seen = 0;
            for (int row = -buffer.getHistoryLinesCount(); row < buffer.getHeight(); row++) {
                TerminalLine line = buffer.getLine(row);
                String text = line.getText();
                int at = text.indexOf(" item ");
                if (at < 0) {
                    continue;
                }
                seen++;
                boolean done = text.contains("done item");
                assertEquals(done, CrossedOutTextStyle.isCrossedOut(line.getStyleAt(at)), where + ", row " + row + ": " + text.strip());
                assertTrue(!CrossedOutTextStyle.isCrossedOut(line.getStyleAt(0)), where + ": the box is not crossed out");
            }
            assertEquals(items, seen, where + ": items");
        } finally {
            buffer.unlock();
        }
    }

    @Test
    void finishedItemsStayCrossedOutWhetherTheReplayIsWholeOrSplit() {
        String text = todoList(1_200);
        JediTerminal whole = fast(80, 24, 10_000);
        inert.replay(whole, text);
        assertItems(whole, 1_200, "whole");

        JediTerminal split = fast(80, 24, 10_000);
        SplitReplay replay = inert.beginSplit(split, text);
        while (!replay.screen().step(4_096)) {
            // The screen's part first.
        }
        replay.history().orElseThrow().putInPlace();
        assertItems(split, 1_200, "split");
    }
}
