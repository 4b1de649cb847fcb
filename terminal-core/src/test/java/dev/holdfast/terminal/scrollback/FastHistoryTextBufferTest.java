package dev.holdfast.terminal.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.model.LinesBuffer;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FastHistoryTextBufferTest {
    private static final String ESC = "\u001b";

    private static String numbered(int from, int to) {
        StringBuilder out = new StringBuilder();
        for (int i = from; i <= to; i++) {
            out.append(i).append("\r\n");
        }
        return out.toString();
    }

    /**
     * The library locks once per emulator operation, so a flooding reader releases and at once retakes the lock;
     * a waiting painter must get it at that release, not after the flood. (With the library's barging lock the
     * holder retook it first about every other time; fifty rounds make that certain to show.)
     */
    @Test
    void aThreadWaitingForTheLockGetsItBeforeTheHolderCanRetakeIt() throws Exception {
        TerminalTextBuffer buffer = HeadlessModel.fast(20, 5, 10).buffer();
        for (int round = 0; round < 50; round++) {
            List<String> order = java.util.Collections.synchronizedList(new ArrayList<>());
            buffer.lock();
            Thread painter = new Thread(() -> {
                buffer.lock();
                try {
                    order.add("painter");
                } finally {
                    buffer.unlock();
                }
            }, "test-painter");
            painter.start();
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
            while (painter.getState() != Thread.State.WAITING && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(Thread.State.WAITING, painter.getState(), "the painter waits for the lock");

            // The reader's next operation: release, retake.
            buffer.unlock();
            buffer.lock();
            order.add("reader");
            buffer.unlock();
            painter.join(10_000);

            assertEquals(List.of("painter", "reader"), order, "round " + round);
        }
    }

    /**
     * A frame's or a capture's bounded try must get the lock at a flooding reader's next release, though the reader
     * takes it again at once: it waits in the fair queue. Spinning on the library's {@code tryLock()} never queued,
     * so it got in only when it happened to try in the instant between two of the reader's holds.
     */
    @Test
    void aBoundedTryGetsTheLockAtTheHoldersNextReleaseThoughTheHolderRetakesItAtOnce() throws Exception {
        FastHistoryTextBuffer buffer = (FastHistoryTextBuffer) HeadlessModel.fast(20, 5, 10).buffer();
        for (int round = 0; round < 50; round++) {
            List<String> order = Collections.synchronizedList(new ArrayList<>());
            buffer.lock();
            Thread painter = new Thread(() -> {
                if (buffer.tryLock(TimeUnit.SECONDS.toNanos(10))) {
                    try {
                        order.add("painter");
                    } finally {
                        buffer.unlock();
                    }
                } else {
                    order.add("painter gave up");
                }
            }, "test-painter");
            painter.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (painter.getState() != Thread.State.TIMED_WAITING && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(Thread.State.TIMED_WAITING, painter.getState(), "the painter waits in the lock's queue");

            buffer.unlock();
            buffer.lock();
            order.add("reader");
            buffer.unlock();
            painter.join(10_000);

            assertEquals(List.of("painter", "reader"), order, "round " + round);
        }
    }

    @Test
    void aBoundedTryGivesUpWhenTheLockStaysHeld() throws Exception {
        FastHistoryTextBuffer buffer = (FastHistoryTextBuffer) HeadlessModel.fast(20, 5, 10).buffer();
        buffer.lock();
        try {
            AtomicBoolean got = new AtomicBoolean(true);
            Thread painter = new Thread(() -> got.set(buffer.tryLock(1_000_000L)), "test-painter");
            painter.start();
            painter.join(10_000);
            assertFalse(got.get(), "the try returned without the lock");
        } finally {
            buffer.unlock();
        }
    }

    /**
     * The reader holds the lock for a whole slice and the model takes it again inside, many times; those nested
     * holds are counted apart from the lock's own, and holds taken through the lock itself (the library's own
     * methods, a bounded try) come between them. The lock must be let go at the holder's outermost release, not
     * before, and never by a thread that does not hold it.
     */
    @Test
    void nestedHoldsKeepTheLockUntilTheOutermostRelease() throws Exception {
        FastHistoryTextBuffer buffer = (FastHistoryTextBuffer) HeadlessModel.fast(20, 5, 10).buffer();
        buffer.lock();
        buffer.lock();
        assertTrue(buffer.tryLock(0), "the holder's own try");
        buffer.getScreenLines(); // the library locks and unlocks its lock itself
        AtomicBoolean threw = new AtomicBoolean();
        Thread stranger = new Thread(() -> {
            try {
                buffer.unlock();
            } catch (IllegalMonitorStateException e) {
                threw.set(true);
            }
        }, "test-stranger");
        stranger.start();
        stranger.join(10_000);
        assertTrue(threw.get(), "a thread that does not hold the lock cannot release it");
        buffer.unlock();
        buffer.unlock();
        assertFalse(anotherThreadGets(buffer), "two of three holds released: still held");
        buffer.unlock();
        assertTrue(anotherThreadGets(buffer), "free after the outermost release");
        buffer.lock();
        buffer.lock();
        buffer.unlock();
        buffer.unlock();
        assertTrue(anotherThreadGets(buffer), "and again after a second round of holds");
    }

    private static boolean anotherThreadGets(FastHistoryTextBuffer buffer) throws InterruptedException {
        AtomicBoolean got = new AtomicBoolean();
        Thread other = new Thread(() -> {
            if (buffer.tryLock(TimeUnit.MILLISECONDS.toNanos(50))) {
                got.set(true);
                buffer.unlock();
            }
        }, "test-other");
        other.start();
        other.join(10_000);
        return got.get();
    }

    @Test
    void evictionsAreCountedSoAViewCanFollowItsTextWhenTheHistoryIsFull() {
        HeadlessModel model = HeadlessModel.fast(20, 5, 10);
        FastHistoryTextBuffer buffer = (FastHistoryTextBuffer) model.buffer();
        model.feed(numbered(1, 14));
        assertEquals(0, buffer.linesEvicted(), "the history is not full yet");
        model.feed(numbered(15, 24));
        int history = buffer.getHistoryLinesCount();
        assertEquals(10, history);
        // 24 lines and a last empty row on a 5-row screen: 20 lines left the screen, 10 of them the history.
        assertEquals(10, buffer.linesEvicted());
        model.feed(ESC + "[?1049h").feed(numbered(100, 130)).feed(ESC + "[?1049l");
        assertEquals(10, buffer.linesEvicted(), "the alternate screen's scrolling is not the primary history's");
    }

    @Test
    void historyIsTheRingAndSurvivesTheAlternateScreen() {
        HeadlessModel model = HeadlessModel.fast(20, 5, 100);
        LinesBuffer primary = model.buffer().getHistoryBuffer();
        assertInstanceOf(RingLinesBuffer.class, primary);
        assertEquals(100, ((RingLinesBuffer) primary).maxLines());

        model.feed(numbered(1, 30)).feed(ESC + "[?1049h");
        LinesBuffer alternate = model.buffer().getHistoryBuffer();
        assertInstanceOf(RingLinesBuffer.class, alternate, "the alternate screen's history is fast too");
        assertNotSame(primary, alternate);

        model.feed(numbered(100, 140)).feed(ESC + "[?1049l");
        assertSame(primary, model.buffer().getHistoryBuffer());
        assertEquals("26", model.historyTexts().get(model.historyTexts().size() - 1));
    }

    @Test
    void twoHundredThousandLinesKeepExactlyTheLastHundredThousandInOrder() {
        int rows = 24;
        HeadlessModel model = HeadlessModel.fast(80, rows, 100_000);
        StringBuilder chunk = new StringBuilder();
        for (int i = 1; i <= 200_000; i++) {
            chunk.append(i).append("\r\n");
            if (i % 10_000 == 0) {
                model.feed(chunk.toString());
                chunk.setLength(0);
            }
        }
        List<String> history = model.historyTexts();
        assertEquals(100_000, history.size());
        // The screen shows the last rows-1 numbers and the empty cursor line; history ends just above them.
        int last = 200_000 - (rows - 1);
        int first = last - 100_000 + 1;
        for (int i = 0; i < history.size(); i++) {
            if (!history.get(i).equals(Integer.toString(first + i))) {
                throw new AssertionError("history line " + i + " is " + history.get(i) + ", expected " + (first + i));
            }
        }
    }

    /** History sizes from the issue: content and order are exact across the eviction boundary and resizes. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 1_000, 100_000})
    void evictionKeepsExactOrderAcrossResizes(int historyLines) {
        HeadlessModel model = HeadlessModel.fast(30, 10, historyLines);
        int fed = 0;
        int[] heights = {10, 6, 14, 3, 10};
        int[] widths = {30, 12, 40, 8, 30};
        for (int round = 0; round < heights.length; round++) {
            int count = historyLines + 50 + round * 7;
            model.feed(numbered(fed + 1, fed + count));
            fed += count;
            assertContiguousEndingAt(model, fed, historyLines);
            model.resize(widths[round], heights[round]);
            assertContiguousEndingAt(model, fed, historyLines);
        }
    }

    /** History then screen, read as numbers, are a gap-free run ending at the last number fed. */
    private static void assertContiguousEndingAt(HeadlessModel model, int last, int historyLines) {
        TerminalTextBuffer buffer = model.buffer();
        int history = buffer.getHistoryLinesCount();
        assertTrue(history <= historyLines, "history " + history + " exceeds its limit " + historyLines);
        // Narrow widths wrap numbers across lines; rejoin wrapped parts before comparing.
        List<String> numbers = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (int i = -history; i < buffer.getHeight(); i++) {
            current.append(buffer.getLine(i).getText().trim());
            if (!buffer.getLine(i).isWrapped()) {
                if (current.length() > 0) {
                    numbers.add(current.toString());
                }
                current.setLength(0);
            }
        }
        assertTrue(!numbers.isEmpty(), "no lines at all");
        int expected = last - numbers.size() + 1;
        for (int i = 0; i < numbers.size(); i++) {
            if (!numbers.get(i).equals(Integer.toString(expected + i))) {
                throw new AssertionError("line " + i + " of history and screen is " + numbers.get(i) + ", expected "
                        + (expected + i) + "; around it: "
                        + numbers.subList(Math.max(0, i - 3), Math.min(numbers.size(), i + 4)));
            }
        }
        int rows = buffer.getHeight();
        assertTrue(numbers.size() >= Math.min(last, historyLines) && numbers.size() <= historyLines + rows,
                "kept " + numbers.size() + " numbers with history " + historyLines + " and " + rows + " rows");
    }

    /**
     * The library's buffer and ours, driven by the same random mix of writes, scrolls, scroll regions,
     * inserts and deletes, alternate screen in and out, resizes and clears, show the same model after every step.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 10, 0})
    void behavesLikeTheLibraryBuffer(int historyLines) {
        for (int seed = 0; seed < 12; seed++) {
            Random random = new Random(seed * 31L + historyLines);
            HeadlessModel library = HeadlessModel.library(16, 6, historyLines);
            HeadlessModel fast = HeadlessModel.fast(16, 6, historyLines);
            List<String> steps = new ArrayList<>();
            for (int step = 0; step < 250; step++) {
                Op op = randomOp(random);
                steps.add(op.name);
                String expected = blanksAsEmpty(apply(library, op));
                String actual = blanksAsEmpty(apply(fast, op));
                if (!expected.equals(actual)) {
                    assertEquals(expected, actual, "history " + historyLines + ", seed " + seed + " after " + steps);
                }
                assertEquals(library.historyEvents(), fast.historyEvents(), "history listener events after " + steps);
                assertEquals(library.modelEvents(), fast.modelEvents(), "model listener events after " + steps);
            }
        }
    }

    /**
     * The model with blank default-style rows written as empty ones. The library shares one blank run between
     * the lines an erase or a scroll region opens; text written later into one of them on the screen turns the
     * shared run's NUL cells into spaces in all of them, history lines included. A history line kept packed
     * no longer shares the run, so it stays NUL where the library's shows spaces: both draw, copy and export
     * as a blank line.
     */
    private static String blanksAsEmpty(String observable) {
        return observable.replaceAll("(?m)^(-?\\d+: )«( +)»\\{default,default\\}$", "$1")
                .replaceAll("(?m)^ +$", "")
                .replaceAll("=«( +)»\\{default,default\\}(?= |$)", "=");
    }

    private record Op(String name, Consumer<HeadlessModel> action) {
    }

    private static String apply(HeadlessModel model, Op op) {
        String outcome = "";
        try {
            op.action.accept(model);
        } catch (RuntimeException e) {
            outcome = "threw " + e.getClass().getName() + "\n";
        }
        return outcome + model.observable();
    }

    private static Op randomOp(Random random) {
        int kind = random.nextInt(16);
        switch (kind) {
            case 0, 1, 2: {
                int lines = 1 + random.nextInt(random.nextBoolean() ? 3 : 20);
                StringBuilder text = new StringBuilder();
                for (int i = 0; i < lines; i++) {
                    text.append(randomText(random)).append("\r\n");
                }
                String s = text.toString();
                return new Op("lines" + lines, m -> m.feed(s));
            }
            case 3: {
                String s = randomText(random);
                return new Op("text", m -> m.feed(s));
            }
            case 4: {
                int columns = 4 + random.nextInt(30);
                int rows = 2 + random.nextInt(10);
                return new Op("resize" + columns + "x" + rows, m -> m.resize(columns, rows));
            }
            case 5:
                return new Op("alt-in", m -> m.feed(ESC + "[?1049h"));
            case 6:
                return new Op("alt-out", m -> m.feed(ESC + "[?1049l"));
            case 7:
                return random.nextBoolean()
                        ? new Op("clearHistory", HeadlessModel::clearHistory)
                        : new Op("ED3", m -> m.feed(ESC + "[3J"));
            case 8: {
                int top = 1 + random.nextInt(3);
                int bottom = top + 1 + random.nextInt(3);
                String s = ESC + "[" + top + ";" + bottom + "r" + ESC + "[" + bottom + ";1H\n\n\nx\n" + ESC + "[r";
                return new Op("region" + top + "-" + bottom, m -> m.feed(s));
            }
            case 9: {
                int n = 1 + random.nextInt(4);
                String[] finals = {"S", "T", "L", "M"};
                String f = finals[random.nextInt(finals.length)];
                int row = 1 + random.nextInt(6);
                String s = ESC + "[" + row + ";1H" + ESC + "[" + n + f;
                return new Op("CSI" + n + f + "@" + row, m -> m.feed(s));
            }
            case 10:
                return new Op("ED2", m -> m.feed(ESC + "[2J"));
            case 11:
                return new Op("reverse-index", m -> m.feed(ESC + "[H" + ESC + "M" + ESC + "M"));
            case 12: {
                int row = 1 + random.nextInt(8);
                int col = 1 + random.nextInt(20);
                String s = ESC + "[" + row + ";" + col + "H" + ESC + "[K" + randomText(random);
                return new Op("move" + row + "," + col, m -> m.feed(s));
            }
            case 13, 14: {
                // Edits within a line: erase to the end, start or whole, insert, delete and erase characters,
                // a gap skipped with the cursor; some in a background colour, which the blank cells then carry.
                int row = 1 + random.nextInt(8);
                int col = 1 + random.nextInt(20);
                String[] edits = {"K", "1K", "2K", "@", "P", "X", "C"};
                String edit = (1 + random.nextInt(6)) + edits[random.nextInt(edits.length)];
                String colour = random.nextInt(3) == 0 ? ESC + "[4" + random.nextInt(8) + "m" : "";
                String s = ESC + "[" + row + ";" + col + "H" + colour + ESC + "[" + edit + ESC + "[0m"
                        + (random.nextBoolean() ? randomText(random) : "");
                return new Op("edit" + edit + "@" + row + "," + col, m -> m.feed(s));
            }
            default:
                return new Op("clear-screen-and-home", m -> m.feed(ESC + "[H" + ESC + "[J"));
        }
    }

    private static String randomText(Random random) {
        int length = random.nextInt(40);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            if (random.nextInt(8) == 0) {
                text.append(ESC).append("[").append(31 + random.nextInt(7)).append('m');
            }
            text.append((char) ('a' + random.nextInt(26)));
        }
        if (random.nextBoolean()) {
            text.append(ESC).append("[0m");
        }
        return text.toString();
    }

    @Test
    void primaryHistoryStaysReachableWhileTheAlternateScreenShows() throws Exception {
        // The export code reaches the primary history through the library's package-private accessor.
        Method primary = TerminalTextBuffer.class.getDeclaredMethod("getHistoryBufferOrBackup");
        primary.setAccessible(true);
        HeadlessModel model = HeadlessModel.fast(20, 5, 50).feed(numbered(1, 40)).feed(ESC + "[?1049h");
        LinesBuffer history = (LinesBuffer) primary.invoke(model.buffer());
        assertInstanceOf(RingLinesBuffer.class, history);
        assertEquals(36, history.getLineCount());
        assertEquals("36", history.getLineText(35));
    }

    @Test
    void unlimitedHistoryKeepsEverything() {
        HeadlessModel model = HeadlessModel.fast(20, 5, 0).feed(numbered(1, 5_000));
        List<String> history = model.historyTexts();
        assertEquals(4_996, history.size());
        assertEquals("1", history.get(0));
        assertEquals("4996", history.get(4_995));
    }

    @Test
    void linesTheHistoryPackedAreOpenedAgainAsBlankUnwrappedLines() {
        String esc = "\u001b";
        HeadlessModel fast = HeadlessModel.fast(10, 4, 100);
        HeadlessModel library = HeadlessModel.library(10, 4, 100);
        Set<TerminalLine> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        int reused = 0;
        for (int i = 0; i < 60; i++) {
            // Wrapped lines and coloured blank rests, so that a line opened again carries neither.
            String chunk = (i % 3 == 0 ? "wrapped-line-" + i : esc + "[4" + (i % 8) + "mline " + i + esc + "[0m")
                    + "\r\n";
            fast.feed(chunk);
            library.feed(chunk);
            TerminalLine bottom = fast.buffer().getLine(3);
            if (!seen.add(bottom)) {
                reused++;
            }
        }
        assertTrue(reused > 30, "the screen's new lines are the history's packed ones: " + reused);
        assertEquals(library.observable(), fast.observable());
    }
}
