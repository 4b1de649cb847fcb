package dev.holdfast.app.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.holdfast.terminal.emulation.SessionSpec;
import dev.holdfast.terminal.emulation.TerminalEvents;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.pty.ProcessSnapshot;
import dev.holdfast.terminal.pty.ShellCommand;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SelectionTextTest {
    private static TerminalSession terminal(int columns, String text) {
        TerminalSession s = new TerminalSession(new SessionSpec(UUID.randomUUID(), Path.of("/"),
                new ShellCommand(List.of("/bin/sh")), Map.of(), columns, 10, 100),
                TerminalEvents.NONE, pid -> ProcessSnapshot.UNKNOWN, Clock.systemUTC());
        s.writeLocal(text);
        return s;
    }

    private static Selection linear(int fromLine, int fromCol, int toLine, int toCol) {
        return new Selection(new CellPoint(fromLine, fromCol), new CellPoint(toLine, toCol), false);
    }

    @Test
    void trailingBlanksAreTrimmedAndLinesKeepTheirBreaks() {
        TerminalSession s = terminal(20, "one   \r\ntwo\r\n");
        assertEquals("one\ntwo", SelectionText.extract(s.buffer(), linear(0, 0, 1, 19)));
    }

    @Test
    void wrappedLinesAreJoinedIntoOne() {
        TerminalSession s = terminal(10, "abcdefghijKLMNO\r\n");
        assertEquals("abcdefghijKLMNO", SelectionText.extract(s.buffer(), linear(0, 0, 1, 9)));
    }

    @Test
    void wideCharactersAreCopiedOnce() {
        TerminalSession s = terminal(20, "中文 ok\r\n");
        assertEquals("中文 ok", SelectionText.extract(s.buffer(), linear(0, 0, 0, 19)));
    }

    @Test
    void partialFirstAndLastLines() {
        TerminalSession s = terminal(20, "hello world\r\nsecond line\r\n");
        assertEquals("world\nsecond", SelectionText.extract(s.buffer(), linear(0, 6, 1, 5)));
    }

    @Test
    void backwardsDragSelectsTheSameText() {
        TerminalSession s = terminal(20, "hello world\r\n");
        assertEquals("lo wo", SelectionText.extract(s.buffer(), linear(0, 7, 0, 3)));
    }

    @Test
    void rectangularSelectionTakesTheSameColumnsOfEveryLine() {
        TerminalSession s = terminal(20, "abcdef\r\nghijkl\r\nmnopqr\r\n");
        Selection block = new Selection(new CellPoint(0, 1), new CellPoint(2, 3), true);
        assertEquals("bcd\nhij\nnop", SelectionText.extract(s.buffer(), block));
    }

    @Test
    void selectionIntoTheHistoryCopiesScrolledOffLines() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 15; i++) {
            text.append("line-").append(i).append("\r\n");
        }
        TerminalSession s = terminal(20, text.toString());
        int history = s.buffer().getHistoryLinesCount();
        String copied = SelectionText.extract(s.buffer(), linear(-history, 0, -history + 1, 19));
        assertEquals("line-0\nline-1", copied);
    }

    @Test
    void selectAllCopiesEveryLineTheModelHasWhenCopiedAndFollowingOutputDoesNotMoveItsEnds() {
        TerminalSession s = terminal(20, "first\r\n");
        Selection all = Selection.all();
        StringBuilder more = new StringBuilder();
        for (int i = 0; i < 25; i++) {
            more.append("later-").append(i).append("\r\n");
        }
        s.writeLocal(more.toString() + "last");
        // The view follows the 25 lines that scrolled in, as its next frame does.
        Selection followed = all.shifted(-25);
        assertEquals(all, followed, "everything stays everything");
        String copied = SelectionText.extract(s.buffer(), followed);
        assertEquals(true, copied.startsWith("first\nlater-0\nlater-1\n"), copied);
        assertEquals(true, copied.endsWith("\nlater-24\nlast"), copied);
        assertEquals(true, followed.contains(-5, 3) && followed.contains(9, 19), "every cell is highlighted");
    }

    /** A library buffer that counts the lines read in each hold of its lock, as the reader thread would feel it. */
    private static final class CountingBuffer extends com.techsenger.jeditermfx.core.model.TerminalTextBuffer {
        private int depth;
        private int readInHold;
        private int mostInOneHold;
        private int holds;
        /** Run after each outermost hold ends: output arriving between two holds of the copy. */
        private Runnable betweenHolds = () -> { };

        CountingBuffer(int columns, int rows, int historyLines) {
            super(columns, rows, new com.techsenger.jeditermfx.core.model.StyleState(), historyLines, null);
        }

        @Override
        public void lock() {
            super.lock();
            if (depth++ == 0) {
                holds++;
                readInHold = 0;
            }
        }

        @Override
        public void unlock() {
            boolean outermost = --depth == 0;
            if (outermost) {
                mostInOneHold = Math.max(mostInOneHold, readInHold);
            }
            super.unlock();
            if (outermost) {
                betweenHolds.run();
            }
        }

        /** A line scrolled into the history, as the reader puts it there: under the lock. */
        void scrollIn(String text) {
            super.lock();
            try {
                getHistoryBuffer().addNewLine(com.techsenger.jeditermfx.core.TextStyle.EMPTY,
                        new com.techsenger.jeditermfx.core.model.CharBuffer(text));
            } finally {
                super.unlock();
            }
        }

        @Override
        public com.techsenger.jeditermfx.core.model.TerminalLine getLine(int index) {
            readInHold++;
            return super.getLine(index);
        }
    }

    @Test
    void copyingAllOfALongHistoryHoldsTheLockForAChunkOfLinesAtATime() {
        CountingBuffer buffer = new CountingBuffer(20, 10, 10_000);
        for (int i = 0; i < 5_000; i++) {
            buffer.scrollIn("line-" + i);
        }

        String all = SelectionText.plainText(buffer, true);

        assertEquals(5_000 + 10, all.split("\n", -1).length, "every line of the history and the screen");
        assertEquals(true, all.startsWith("line-0\nline-1\n"), all.substring(0, 40));
        assertEquals(true, all.contains("\nline-4999\n"), "the newest history line");
        assertEquals(true, buffer.mostInOneHold <= SelectionText.CHUNK_LINES,
                "lines read in one hold of the lock: " + buffer.mostInOneHold);
        assertEquals(true, buffer.holds > 5, "holds of the lock: " + buffer.holds);
    }

    @Test
    void outputThatScrollsBetweenChunksNeitherShiftsNorRepeatsTheCopy() {
        CountingBuffer buffer = new CountingBuffer(20, 10, 10_000);
        for (int i = 0; i < 50; i++) {
            buffer.scrollIn("line-" + i);
        }
        int history = buffer.getHistoryLinesCount();
        Selection oldest = linear(-history, 0, -history + 29, 19);
        String before = SelectionText.extract(buffer, oldest);
        int[] printed = {0};
        buffer.betweenHolds = () -> buffer.scrollIn("new-" + printed[0]++);

        String during = SelectionText.extract(buffer, oldest, 7);

        assertEquals(true, printed[0] > 3, "output arrived between the holds: " + printed[0]);
        assertEquals(before, during);
        assertEquals(true, during.startsWith("line-0\n") && during.endsWith("\nline-29"), during);
    }

    @Test
    void plainTextIsTheScreenOrEverythingWithWrappedLinesJoined() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            text.append("line-").append(i).append("\r\n");
        }
        text.append("abcdefghijKLMNOPQRSTuv   \r\n");
        TerminalSession s = terminal(10, text.toString());
        String all = SelectionText.plainText(s.buffer(), true);
        assertEquals(true, all.startsWith("line-0\nline-1\n"), all);
        assertEquals(true, all.contains("\nline-11\nabcdefghijKLMNOPQRSTuv\n"), all);
        String screen = SelectionText.plainText(s.buffer(), false);
        assertEquals(false, screen.contains("line-0\n"), screen);
        assertEquals(true, screen.contains("abcdefghijKLMNOPQRSTuv"), screen);
    }

    @Test
    void wordCharactersKeepPathsAndUrlsWhole() {
        String path = "/usr/local/bin:x";
        for (char c : path.toCharArray()) {
            assertEquals(true, SelectionText.isWordChar(c), "'" + c + "'");
        }
        assertEquals(false, SelectionText.isWordChar(' '));
        assertEquals(false, SelectionText.isWordChar('"'));
    }
}
