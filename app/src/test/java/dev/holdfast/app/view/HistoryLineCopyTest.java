package dev.holdfast.app.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class HistoryLineCopyTest {
    private static TerminalSession terminal(int rows, int historyLines) {
        return new TerminalSession(new SessionSpec(UUID.randomUUID(), Path.of("/"),
                new ShellCommand(List.of("/bin/sh")), Map.of(), 40, rows, historyLines),
                TerminalEvents.NONE, pid -> ProcessSnapshot.UNKNOWN, Clock.systemUTC());
    }

    private static void print(TerminalSession s, String prefix, int from, int to) {
        StringBuilder text = new StringBuilder();
        for (int i = from; i < to; i++) {
            text.append(prefix).append(i).append("\r\n");
        }
        s.writeLocal(text.toString());
    }

    private static HistoryLineCopy.Copied copyAll(HistoryLineCopy copy) {
        while (!copy.step()) {
            // next chunk
        }
        return copy.result();
    }

    @Test
    void eachStepHoldsTheLockForAtMostOneChunk() {
        LockCountingBuffer buffer = new LockCountingBuffer(40, 10, 25_000);
        buffer.fillHistory(IntStream.range(0, 25_000).mapToObj(i -> "line-" + i).toList());
        HistoryLineCopy.Copied copied = copyAll(new HistoryLineCopy(buffer, 1_000));
        assertEquals(25_010, copied.lines().size(), "the whole history and the screen");
        assertEquals("line-0", copied.lines().get(0));
        assertEquals("line-24999", copied.lines().get(24_999));
        assertTrue(buffer.mostReadsInOneHold() <= 1_000,
                "the lock was held while " + buffer.mostReadsInOneHold() + " lines were read");
        assertEquals(0, buffer.readsOutsideTheLock(), "every line is read under the lock");
    }

    @Test
    void theLockIsFreeBetweenSteps() throws Exception {
        TerminalSession s = terminal(5, 1_000);
        print(s, "line-", 0, 200);
        HistoryLineCopy copy = new HistoryLineCopy(s.buffer(), 50);
        int steps = 0;
        while (!copy.step()) {
            steps++;
            // Another thread (the reader, the FX thread) gets the lock at once between two chunks.
            boolean free = CompletableFuture.supplyAsync(() -> {
                boolean got = s.buffer().tryLock();
                if (got) {
                    s.buffer().unlock();
                }
                return got;
            }).get(10, TimeUnit.SECONDS);
            assertTrue(free, "the lock is held between chunks");
            assertTrue(copy.linesCopied() <= 50 * steps, copy.linesCopied() + " lines after " + steps + " steps");
        }
        assertTrue(steps >= 3, "a long history takes several chunks");
    }

    @Test
    void outputScrollingBetweenChunksNeitherShiftsNorRepeatsLines() {
        TerminalSession s = terminal(5, 10_000);
        print(s, "old-", 0, 300);
        HistoryLineCopy copy = new HistoryLineCopy(s.buffer(), 40);
        int more = 0;
        while (!copy.step()) {
            // The shell keeps printing: every chunk, ten more lines scroll into the history.
            print(s, "new-", more, more + 10);
            more += 10;
        }
        List<String> lines = copy.result().lines();
        assertTrue(more >= 70, "output arrived during the copy");
        assertEquals(301, lines.size(), "the lines that existed when the copy began: 300 and the prompt's row");
        assertEquals(IntStream.range(0, 300).mapToObj(i -> "old-" + i).toList(), lines.subList(0, 300),
                "every line, once, in order, though " + more + " lines scrolled in meanwhile");
    }

    @Test
    void linesEvictedBeforeTheirChunkAreCopiedAsEmptyAndTheRestKeepsItsPlace() {
        TerminalSession s = terminal(5, 100);
        print(s, "old-", 0, 150);
        HistoryLineCopy copy = new HistoryLineCopy(s.buffer(), 20);
        assertFalse(copy.step());
        // 60 new lines push the oldest 60 out of the 100-line history before the copy reaches them.
        print(s, "new-", 0, 60);
        HistoryLineCopy.Copied copied = copyAll(copy);
        List<String> lines = copied.lines();
        assertEquals(105, lines.size(), "the 100 lines of history and the 5 of the screen at the start");
        int evictedAtStart = 150 + 1 - 100 - 5;
        for (int i = 0; i < 20; i++) {
            assertEquals("old-" + (evictedAtStart + i), lines.get(i), "the first chunk");
        }
        for (int i = 20; i < 60; i++) {
            assertEquals("", lines.get(i), "line " + i + " left before it was copied");
        }
        for (int i = 60; i < 100; i++) {
            assertEquals("old-" + (evictedAtStart + i), lines.get(i), "line " + i + " keeps its number");
        }
    }

    @Test
    void aChunkHasAtLeastOneLine() {
        assertThrows(IllegalArgumentException.class, () -> new HistoryLineCopy(terminal(5, 10).buffer(), 0));
    }
}
