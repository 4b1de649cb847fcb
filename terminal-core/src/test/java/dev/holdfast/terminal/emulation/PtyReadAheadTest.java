package dev.holdfast.terminal.emulation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

class PtyReadAheadTest {
    private static final int READ = 4096;

    /** Hands over {@code burst} reads of 4 KB, numbered in their first byte, then blocks until closed. */
    private static final class BurstThenQuiet extends InputStream {
        private final int burst;
        private final CountDownLatch closed = new CountDownLatch(1);
        private int next;

        BurstThenQuiet(int burst) {
            this.burst = burst;
        }

        @Override
        public int read() {
            throw new UnsupportedOperationException("read in bulk");
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (next == burst) {
                try {
                    closed.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return -1;
            }
            Arrays.fill(b, off, off + READ, (byte) next++);
            return READ;
        }

        @Override
        public void close() {
            closed.countDown();
        }
    }

    @Test
    void aRingAFloodGrewGoesBackToItsFirstSizeOnceTheTerminalIsQuiet() throws Exception {
        int burst = PtyReadAhead.MAX_CAPACITY / READ;
        BurstThenQuiet pty = new BurstThenQuiet(burst);
        OutputGeneration generation = new OutputGeneration();
        PtyReadAhead readAhead = new PtyReadAhead(pty, generation, new NamedThreadFactory("test-drain", true));
        readAhead.start();
        try {
            // Nothing taken until the drain has filled the ring: it grew to hold the whole burst.
            awaitUntil(() -> generation.read() == burst);
            assertEquals(PtyReadAhead.MAX_CAPACITY, readAhead.capacity());

            byte[] into = new byte[HoldfastReadLoop.READ_BYTES];
            for (int taken = 0; taken < burst; ) {
                int n = readAhead.take(into, 0, into.length, HoldfastReadLoop.SLICE_BYTES);
                assertEquals(0, n % READ, "whole reads");
                for (int r = 0; r < n / READ; r++) {
                    byte[] expected = new byte[READ];
                    Arrays.fill(expected, (byte) (taken + r));
                    assertArrayEquals(expected, Arrays.copyOfRange(into, r * READ, (r + 1) * READ), "read " + (taken + r));
                }
                taken += n / READ;
                assertEquals(taken, readAhead.readsTaken());
            }

            // The parser now waits on an empty ring; quiet for a while, the ring is small again.
            Thread parser = new NamedThreadFactory("test-parser", true).newThread(() -> {
                try {
                    readAhead.take(into, 0, into.length, HoldfastReadLoop.SLICE_BYTES);
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
            });
            parser.start();
            awaitUntil(() -> readAhead.capacity() == PtyReadAhead.FIRST_CAPACITY);
            pty.close();
            parser.join(10_000);
            assertFalse(parser.isAlive(), "the parser saw the PTY's end");
        } finally {
            pty.close();
            readAhead.close();
        }
    }

    /** Polls {@code condition} until it holds; fails after ten seconds. */
    private static void awaitUntil(BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - end > 0) {
                throw new AssertionError("condition not met within 10 s");
            }
            Thread.sleep(5);
        }
    }
}
