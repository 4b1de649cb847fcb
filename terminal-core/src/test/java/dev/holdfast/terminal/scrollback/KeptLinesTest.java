package dev.holdfast.terminal.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.CharBuffer;
import com.techsenger.jeditermfx.core.model.LinesBuffer;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import java.lang.reflect.Field;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeptLinesTest {
    private static final String ESC = "\u001b";

    private static String lines(int from, int count) {
        StringBuilder out = new StringBuilder();
        for (int i = from; i < from + count; i++) {
            out.append("line ").append(i).append("\r\n");
        }
        return out.toString();
    }

    private static TerminalLine keep(HeadlessModel model, int row) {
        TerminalTextBuffer buffer = model.buffer();
        buffer.lock();
        try {
            TerminalLine line = buffer.getLine(row);
            FastHistoryTextBuffer.keepAsObject(buffer, line);
            return line;
        } finally {
            buffer.unlock();
        }
    }

    /** The line {@code fromTop} lines below the oldest one kept, as the history hands it out. */
    private static TerminalLine historyLine(HeadlessModel model, int fromTop) {
        TerminalTextBuffer buffer = model.buffer();
        buffer.lock();
        try {
            return buffer.getLine(-buffer.getHistoryLinesCount() + fromTop);
        } finally {
            buffer.unlock();
        }
    }

    private static KeptLines keptOf(HeadlessModel model) throws ReflectiveOperationException {
        Field field = FastHistoryTextBuffer.class.getDeclaredField("keptAsObjects");
        field.setAccessible(true);
        return (KeptLines) field.get(model.buffer());
    }

    @Test
    void aLineKeptOnTheScreenStaysThatObjectInTheHistoryAndIsNoLongerComparedWithLinesEntering() throws Exception {
        HeadlessModel model = HeadlessModel.fast(30, 5, 1_000).feed(lines(0, 3) + "$ make");
        TerminalLine prompt = keep(model, 3);
        assertEquals(1, keptOf(model).outsideCount());

        model.feed("\r\n" + lines(1, 200));

        int promptRow = 3;
        assertSame(prompt, historyLine(model, promptRow), "a prompt mark keyed by the object still finds it");
        assertEquals("$ make", prompt.getText().replace("\u0000", ""), "and it was never opened again as a blank line");
        RingLinesBuffer history = (RingLinesBuffer) model.buffer().getHistoryBuffer();
        assertEquals(history.getLineCount() - 1, history.packedLines(), "every other line is packed");
        assertEquals(0, keptOf(model).outsideCount(), "the lines of a flood are compared with nothing");
    }

    @Test
    void aKeptLineThatLeavesTheHistoryForTheScreenAndComesBackStaysThatObject() {
        RingLinesBuffer history = new RingLinesBuffer(100, null);
        TerminalLine prompt = new TerminalLine(new TerminalLine.TextEntry(TextStyle.EMPTY, new CharBuffer("$ make")));
        history.keepAsObject(prompt);
        history.addLines(List.of(prompt));
        LinesBuffer screen = new LinesBuffer(null);

        history.moveBottomLinesTo(1, screen); // a taller window takes the history's last lines back
        assertSame(prompt, screen.getLine(0));
        history.addLines(List.of(screen.getLine(0), new TerminalLine(
                new TerminalLine.TextEntry(TextStyle.EMPTY, new CharBuffer("output")))));

        assertSame(prompt, history.getLine(0), "back in the history from the screen, still the same object");
        assertEquals(1, history.packedLines(), "the other line is packed");
    }

    @Test
    void linesKeptOnTheAlternateScreenAreLetGoWithoutLosingThePrimaryScreensPrompt() throws Exception {
        HeadlessModel model = HeadlessModel.fast(30, 5, 1_000).feed(lines(0, 3) + "$ vim");
        TerminalLine prompt = keep(model, 3);
        model.feed(ESC + "[?1049h");
        for (int i = 0; i < 200; i++) {
            // A full-screen program deletes its first line and writes a link on the fresh bottom one: lines that
            // leave the screen without going into any history.
            model.feed(ESC + "[1;1H" + ESC + "[M" + ESC + "[5;1Hlink " + i);
            keep(model, 4);
        }
        assertTrue(keptOf(model).outsideCount() <= 130, "lines on no screen are let go: "
                + keptOf(model).outsideCount());

        model.feed(ESC + "[?1049l" + "\r\n" + lines(10, 50));

        assertSame(prompt, historyLine(model, 3), "the primary screen's prompt was kept while it was hidden");
    }
}
