package dev.holdfast.terminal.emulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.StyleState;
import dev.holdfast.terminal.export.PhysicalRows;
import dev.holdfast.terminal.scrollback.FastHistoryTextBuffer;
import dev.holdfast.terminal.stream.HyperlinkListener;
import dev.holdfast.terminal.stream.ShellMarkListener;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import dev.holdfast.terminal.vt.CorrectedTerminal;
import dev.holdfast.terminal.vt.JediTerminalHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** The read loop's contract with the rest of Holdfast, with Holdfast's parser. */
class HoldfastReadLoopTest {
    private final StyleState style = new StyleState();
    private final FastHistoryTextBuffer buffer = FastHistoryTextBuffer.create(20, 3, style, 100);
    private final JediTerminal terminal = new JediTerminal(new HiddenDisplay(), buffer, style);
    private final OutputGeneration generation = new OutputGeneration();
    /** What the model shows each time the loop publishes reads as processed: "processed/read row0". */
    private final List<String> seenAtEachPublish = new ArrayList<>();
    private final List<Integer> askedFor = new CopyOnWriteArrayList<>();
    private final List<Thread> drains = new CopyOnWriteArrayList<>();
    private final NamedThreadFactory drainNames = new NamedThreadFactory("test-drain", true);

    HoldfastReadLoopTest() {
        generation.addProcessedListener(() -> seenAtEachPublish.add(generation.processed() + " "
                + PhysicalRows.of(buffer, false).get(0)));
    }

    /** A PTY that returns one chunk per read. */
    private InputStream pty(String... chunks) {
        return new InputStream() {
            private int next;

            @Override
            public int read() {
                throw new UnsupportedOperationException("the loop reads in bulk");
            }

            @Override
            public int read(byte[] b, int off, int len) {
                askedFor.add(len);
                if (next == chunks.length) {
                    return -1;
                }
                byte[] chunk = chunks[next++].getBytes(StandardCharsets.UTF_8);
                System.arraycopy(chunk, 0, b, off, chunk.length);
                return chunk.length;
            }
        };
    }

    private HoldfastReadLoop loop(InputStream pty) {
        return loop(pty, ShellMarkListener.NONE, bytes -> { }, () -> false);
    }

    private HoldfastReadLoop loop(InputStream pty, ShellMarkListener marks, JediTerminalHandler.Replies replies,
            BooleanSupplier stopped) {
        return new HoldfastReadLoop(pty, new CorrectedTerminal(terminal), buffer, generation, HyperlinkListener.NONE,
                marks, replies, "test", stopped, task -> {
                    Thread drain = drainNames.newThread(task);
                    drains.add(drain);
                    return drain;
                }, new LockedWork());
    }

    @Test
    void readsArePublishedAsProcessedOnlyOnceTheyAreInTheModel() throws IOException {
        // The drain reads ahead: how many reads each publish covers depends on the race, what the model holds not.
        List<String> modelAfter = List.of("", "one", "one two", "one two three");
        loop(pty("one ", "two \u001b[1", "mthree")).run();
        assertEquals(3, generation.read());
        assertEquals(3, generation.processed());
        assertFalse(seenAtEachPublish.isEmpty());
        long last = 0;
        for (String seen : seenAtEachPublish) {
            int processed = Integer.parseInt(seen.substring(0, seen.indexOf(' ')));
            assertTrue(processed >= last, "processed went back: " + seenAtEachPublish);
            last = processed;
            assertEquals(processed + " " + modelAfter.get(processed), seen, seenAtEachPublish.toString());
        }
        assertEquals("3 one two three", seenAtEachPublish.get(seenAtEachPublish.size() - 1));
    }

    @Test
    void noOtherThreadCanCopyTheModelWhileAReadIsHalfParsed() throws Exception {
        // The mark comes between an erase and the redraw after it: a copy taken there would show neither screen.
        List<String> copied = new ArrayList<>();
        ShellMarkListener midway = mark -> {
            Thread other = new Thread(() -> {
                if (buffer.tryLock()) {
                    try {
                        copied.add("row 0 \"" + PhysicalRows.of(buffer, false).get(0) + "\"");
                    } finally {
                        buffer.unlock();
                    }
                }
            });
            other.start();
            try {
                other.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        loop(pty("footer 87%", "\r\u001b[2K\u001b]133;A\u0007footer 86%"), midway, bytes -> { }, () -> false).run();
        assertEquals(List.of(), copied, "a copy got the lock between the erase and the redraw");
        assertEquals("footer 86%", PhysicalRows.of(buffer, false).get(0));
    }

    @Test
    void aReadThatReturnsNothingIsNoNewGeneration() throws IOException {
        loop(pty("one", "", "", "two")).run();
        assertEquals(2, generation.read());
        assertEquals(2, generation.processed());
        assertEquals("2 onetwo", seenAtEachPublish.get(seenAtEachPublish.size() - 1));
    }

    @Test
    void itReadsUpTo64KilobytesAtATime() throws IOException {
        loop(pty("x")).run();
        assertTrue(askedFor.stream().allMatch(n -> n >= HoldfastReadLoop.READ_BYTES), askedFor.toString());
    }

    @Test
    void answersGoToTheWriter() throws IOException {
        List<String> written = new ArrayList<>();
        loop(pty("ab\u001b[6n"), ShellMarkListener.NONE,
                bytes -> written.add(new String(bytes, StandardCharsets.US_ASCII)), () -> false).run();
        assertEquals(List.of("\u001b[1;3R"), written);
    }

    @Test
    void aClosingSessionStopsParsingAndItsDrain() throws IOException {
        // The second read comes only once the first is parsed, and the session closes then.
        InputStream pty = new InputStream() {
            private int next;

            @Override
            public int read() {
                throw new UnsupportedOperationException("the loop reads in bulk");
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (next == 1) {
                    awaitUntil(() -> generation.processed() >= 1);
                }
                if (next == 2) {
                    return -1;
                }
                b[off] = (byte) (next++ == 0 ? '1' : '2');
                return 1;
            }
        };
        loop(pty, ShellMarkListener.NONE, bytes -> { }, () -> generation.processed() >= 1).run();
        assertEquals("1", PhysicalRows.of(buffer, false).get(0));
        assertEquals(1, generation.processed());
        assertEquals(1, drains.size());
        assertFalse(drains.get(0).isAlive(), "the drain thread outlived its loop");
    }

    @Test
    void aParserThatFallsBehindHoldsTheDrainBackWithinTheRing() throws Exception {
        int reads = 2 * PtyReadAhead.MAX_CAPACITY / 4096;
        byte[] line = "0123456789abcdef\r\n".repeat(4096 / 18).getBytes(StandardCharsets.US_ASCII);
        AtomicLong bytesRead = new AtomicLong();
        InputStream pty = new InputStream() {
            private int next;

            @Override
            public int read() {
                throw new UnsupportedOperationException("the loop reads in bulk");
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (next++ == reads) {
                    return -1;
                }
                System.arraycopy(line, 0, b, off, line.length);
                bytesRead.addAndGet(line.length);
                return line.length;
            }
        };
        HoldfastReadLoop loop = loop(pty);
        Thread parser = new NamedThreadFactory("test-parser", true).newThread(() -> {
            try {
                loop.run();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        buffer.lock();
        try {
            parser.start();
            // The parser waits for the lock this test holds; the drain fills the ring and then waits for room.
            awaitUntil(() -> drains.size() == 1 && drains.get(0).getState() == Thread.State.WAITING
                    && parser.getState() == Thread.State.WAITING);
            long ahead = bytesRead.get();
            assertTrue(ahead <= PtyReadAhead.MAX_CAPACITY + 2L * HoldfastReadLoop.READ_BYTES,
                    "the drain read " + ahead + " bytes ahead of a parser that parsed nothing");
            assertTrue(ahead >= PtyReadAhead.MAX_CAPACITY - line.length, "the ring held only " + ahead + " bytes");
        } finally {
            buffer.unlock();
        }
        parser.join(10_000);
        assertFalse(parser.isAlive());
        assertEquals(reads, generation.read());
        assertEquals(reads, generation.processed());
        assertEquals((long) reads * line.length, bytesRead.get());
        // With the ring full, every slice was as large as the parser takes: a few reads, not the whole ring, so the
        // lock it held for each was free again for a frame or a capture within their bounded wait.
        long previous = 0;
        long largest = 0;
        for (String seen : seenAtEachPublish) {
            long processed = Long.parseLong(seen.substring(0, seen.indexOf(' ')));
            largest = Math.max(largest, processed - previous);
            previous = processed;
        }
        assertEquals(HoldfastReadLoop.SLICE_BYTES / line.length, largest,
                "reads parsed under one hold of the lock, at most: " + largest);
    }

    /** Polls {@code condition} until it holds; fails after ten seconds. */
    private static void awaitUntil(BooleanSupplier condition) {
        long end = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - end > 0) {
                throw new AssertionError("condition not met within 10 s");
            }
            Thread.onSpinWait();
        }
    }
}
