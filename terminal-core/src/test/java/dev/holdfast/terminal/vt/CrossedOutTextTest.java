package dev.holdfast.terminal.vt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import dev.holdfast.terminal.export.PrimaryBuffers;
import dev.holdfast.terminal.export.ScrollbackCapture;
import dev.holdfast.terminal.export.SgrFormatter;
import dev.holdfast.terminal.export.VtExport;
import org.junit.jupiter.api.Test;

/**
 * Crossed-out text (SGR 9, as a coding agent marks its finished to-do items) reaches the model through Holdfast's
 * parser, stays crossed out in the packed history, and is written back out by the export.
 */
class CrossedOutTextTest {
    private static final String E = "\u001b";

    private static boolean crossedOut(TerminalLine line, int column) {
        return CrossedOutTextStyle.isCrossedOut(line.getStyleAt(column));
    }

    @Test
    void crossedOutCellsAreCrossedOutOnTheScreenAndInTheHistoryAndNoOthers() {
        TestTerminal t = TestTerminal.ours(20, 3, "[x] " + E + "[2;9mwrite tests" + E + "[29m done" + E + "[0m\r\n");
        TerminalLine row = t.buffer.getLine(0);

        assertFalse(crossedOut(row, 0), "[x] before the SGR");
        for (int column = 4; column < 15; column++) {
            assertTrue(crossedOut(row, column), "column " + column);
            assertTrue(row.getStyleAt(column).hasOption(TextStyle.Option.DIM), "dim stays with it");
        }
        assertFalse(crossedOut(row, 16), "29 ended it");

        // Scrolled into the packed history and read back from it.
        t.feed(new CorrectedTerminal(t.terminal), "a\r\nb\r\nc\r\nd\r\n");
        t.buffer.lock();
        try {
            assertTrue(t.buffer.getHistoryLinesCount() >= 1);
            TerminalLine history = t.buffer.getLine(-t.buffer.getHistoryLinesCount());
            assertEquals("[x] write tests done", history.getText().strip());
            assertTrue(crossedOut(history, 4) && crossedOut(history, 14), "crossed out in the history");
            assertFalse(crossedOut(history, 16));
        } finally {
            t.buffer.unlock();
        }
    }

    @Test
    void theExportWritesCrossedOutTextSoThatReadingItBackCrossesOutTheSameCells() {
        TestTerminal t = TestTerminal.ours(30, 3, "keep " + E + "[9mgone" + E + "[29m kept\r\n");

        String exported = new VtExport(new SgrFormatter()).format(
                new ScrollbackCapture(new PrimaryBuffers()).capture(t.terminal));
        TestTerminal back = TestTerminal.ours(30, 3, exported);

        assertTrue(exported.contains(E + "[9mgone"), exported.replace(E, "ESC"));
        TerminalLine row = back.buffer.getLine(0);
        assertEquals("keep gone kept", row.getText().strip());
        for (int column = 0; column < 14; column++) {
            assertEquals(column >= 5 && column < 9, crossedOut(row, column), "column " + column);
        }
    }
}
