package dev.holdfast.app.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.emulation.SessionSpec;
import dev.holdfast.terminal.emulation.TerminalEvents;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.pty.ProcessSnapshot;
import dev.holdfast.terminal.pty.ShellCommand;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TerminalFindTest {
    /** The view's side of find: where the bottom of the screen is, and what find asked it to show. */
    private static final class FakeDisplay implements TerminalFind.Display {
        long bottom = Long.MAX_VALUE / 4;
        final List<Long> revealed = new ArrayList<>();
        int repaints;

        @Override
        public long bottomLine() {
            return bottom;
        }

        @Override
        public void reveal(long line) {
            revealed.add(line);
        }

        @Override
        public void highlightsChanged() {
            repaints++;
        }
    }

    private static TerminalSession terminal(int rows, int historyLines) {
        return new TerminalSession(new SessionSpec(UUID.randomUUID(), Path.of("/"),
                new ShellCommand(List.of("/bin/sh")), Map.of(), 40, rows, historyLines),
                TerminalEvents.NONE, pid -> ProcessSnapshot.UNKNOWN, Clock.systemUTC());
    }

    private static void print(TerminalSession s, List<String> lines) {
        s.writeLocal(String.join("\r\n", lines) + "\r\n");
    }

    private static TextSearch.Query plain(String text) {
        return new TextSearch.Query(text, false, false);
    }

    /** The text of line number {@code number}, as the buffer has it now. */
    private static String lineText(TerminalTextBuffer buffer, long number) {
        buffer.lock();
        try {
            return buffer.getLine(LineNumbers.index(number, buffer.getHistoryLinesCount(),
                    LineNumbers.evicted(buffer))).getText();
        } finally {
            buffer.unlock();
        }
    }

    @Test
    void searchingAHugeHistoryHoldsTheBufferLockForOneChunkAtATime() {
        LockCountingBuffer buffer = new LockCountingBuffer(40, 10, 100_000);
        buffer.fillHistory(IntStream.range(0, 100_000).mapToObj(i -> "m m").toList());
        TerminalFind find = new TerminalFind(buffer, Runnable::run, Runnable::run, TerminalFind.COPY_CHUNK_LINES,
                new FakeDisplay());
        find.search(plain("m"));
        assertEquals(200_000, find.matchCount());
        assertTrue(buffer.mostReadsInOneHold() <= TerminalFind.COPY_CHUNK_LINES,
                "find held the buffer lock while it read " + buffer.mostReadsInOneHold() + " lines");
        assertEquals(0, buffer.readsOutsideTheLock(), "find reads the model only under its lock");
    }

    @Test
    void matchesStayOnTheirTextWhileOutputScrolls() {
        TerminalSession s = terminal(5, 1_000);
        print(s, IntStream.range(0, 100).mapToObj(i -> i == 42 ? "the target line" : "filler " + i).toList());
        FakeDisplay display = new FakeDisplay();
        TerminalFind find = new TerminalFind(s.buffer(), Runnable::run, Runnable::run, 7, display);
        find.search(plain("target"));
        assertEquals(1, find.matchCount());
        print(s, IntStream.range(0, 300).mapToObj(i -> "later " + i).toList());
        long line = find.found().lineOf(0);
        assertEquals("the target line", lineText(s.buffer(), line).strip(), "300 lines later");
        assertEquals(List.of(line), display.revealed, "the match was scrolled into view");
    }

    @Test
    void aSearchIsRefreshedOnTheTextAChangeOfWidthReWrappedWithoutScrolling() throws Exception {
        TerminalSession s = terminal(5, 1_000);
        print(s, IntStream.range(0, 40).mapToObj(i -> i == 20 ? "a line that will wrap before its target word"
                : "wrapping filler line number " + i).toList());
        FakeDisplay display = new FakeDisplay();
        TerminalFind find = new TerminalFind(s.buffer(), Runnable::run, Runnable::run, 7, display);
        find.search(plain("target"));
        assertEquals(1, find.matchCount());
        assertTrue(lineText(s.buffer(), find.found().lineOf(0)).contains("target"));

        s.resize(20, 5);
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        while (s.terminal().getTerminalWidth() != 20) {
            assertTrue(System.nanoTime() < deadline, "the model was not resized");
            Thread.sleep(10);
        }
        find.refresh();
        assertEquals(1, find.matchCount());
        assertTrue(lineText(s.buffer(), find.found().lineOf(0)).contains("target"),
                lineText(s.buffer(), find.found().lineOf(0)));
        assertEquals(1, display.revealed.size(), "the refresh did not scroll");
        find.clear();
        find.refresh();
        assertEquals(0, find.matchCount(), "nothing to refresh once find is closed");
    }

    @Test
    void aWordTheTerminalWrappedIsFound() {
        TerminalSession s = terminal(5, 1_000);
        // Forty columns: "target" starts at column 36 and goes on in the next row.
        print(s, List.of("x".repeat(36) + "target and more", "after"));
        FakeDisplay display = new FakeDisplay();
        TerminalFind find = new TerminalFind(s.buffer(), Runnable::run, Runnable::run, 7, display);
        find.search(plain("target"));
        assertEquals(1, find.matchCount());
        TextSearch.Matches m = find.found().matches();
        assertEquals(m.lines()[0] + 1, m.endLines()[0]);
        assertEquals(36, m.from()[0]);
        assertEquals(2, m.to()[0]);
    }

    @Test
    void theFirstMatchIsTheOneNearestTheBottomAndNextGoesUpTowardsOlderOutput() {
        TerminalSession s = terminal(5, 1_000);
        print(s, List.of("hit one", "x", "hit two", "x", "hit three", "x", "x", "x", "x"));
        FakeDisplay display = new FakeDisplay();
        TerminalFind find = new TerminalFind(s.buffer(), Runnable::run, Runnable::run, 2, display);
        find.search(plain("hit"));
        assertEquals("3 of 3", find.statusProperty().get());
        assertEquals("hit three", lineText(s.buffer(), display.revealed.get(0)).strip());
        find.next();
        assertEquals("2 of 3", find.statusProperty().get());
        assertEquals("hit two", lineText(s.buffer(), display.revealed.get(1)).strip());
        find.previous();
        find.previous();
        assertEquals("1 of 3", find.statusProperty().get(), "wraps around past the newest");
    }

    @Test
    void aNewerSearchSupersedesOneStillRunning() {
        TerminalSession s = terminal(5, 1_000);
        print(s, List.of("alpha", "beta", "beta"));
        Queue<Runnable> searches = new ArrayDeque<>();
        TerminalFind find = new TerminalFind(s.buffer(), searches::add, Runnable::run, 1, new FakeDisplay());
        find.search(plain("alpha"));
        find.search(plain("beta"));
        while (!searches.isEmpty()) {
            searches.remove().run();
        }
        assertEquals(2, find.matchCount(), "only the newest search's matches apply");
        assertEquals("2 of 2", find.statusProperty().get());
    }

    @Test
    void closingTheFindBarAbandonsARunningSearch() {
        TerminalSession s = terminal(5, 1_000);
        print(s, List.of("alpha"));
        Queue<Runnable> searches = new ArrayDeque<>();
        TerminalFind find = new TerminalFind(s.buffer(), searches::add, Runnable::run, 1, new FakeDisplay());
        find.search(plain("alpha"));
        find.clear();
        searches.remove().run();
        assertEquals(0, find.matchCount());
    }
}
