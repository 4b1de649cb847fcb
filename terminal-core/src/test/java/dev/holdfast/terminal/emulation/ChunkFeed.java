package dev.holdfast.terminal.emulation;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayDeque;

/**
 * A PTY output stream for tests that hands its reader one chunk per read, as a PTY hands over what arrived, and
 * tells the test when the reader is back for more: every chunk fed has been read and counted in the output
 * generation. (The library's read loop reads again only once everything before is in the model; Holdfast's reads
 * ahead of its parser, so a test also waits for the generation to be processed.)
 */
final class ChunkFeed extends InputStream {
    private final ArrayDeque<byte[]> chunks = new ArrayDeque<>();
    private byte[] current;
    private int offset;
    private long fed;
    private long taken;
    private boolean waiting;
    private boolean closed;

    /** Queues a chunk for the reader. */
    synchronized void feed(byte[] chunk) {
        if (chunk.length == 0) {
            return;
        }
        chunks.add(chunk);
        fed++;
        notifyAll();
    }

    /** Ends the stream: the reader's next read returns -1. */
    @Override
    public synchronized void close() {
        closed = true;
        notifyAll();
    }

    /** Waits until the reader has taken every chunk fed and is waiting for more; fails after {@code deadline}. */
    synchronized void awaitIdle(Duration deadline) throws InterruptedException {
        long end = System.nanoTime() + deadline.toNanos();
        while (!(waiting && taken == fed && current == null)) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("the read loop did not come back for more within " + deadline
                        + " (fed " + fed + ", taken " + taken + ")");
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public synchronized int read(byte[] buffer, int off, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (current == null) {
            waiting = true;
            notifyAll();
            try {
                while (chunks.isEmpty() && !closed) {
                    wait();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            } finally {
                waiting = false;
            }
            if (chunks.isEmpty()) {
                return -1;
            }
            current = chunks.removeFirst();
            offset = 0;
            taken++;
        }
        int n = Math.min(length, current.length - offset);
        System.arraycopy(current, offset, buffer, off, n);
        offset += n;
        if (offset == current.length) {
            current = null;
        }
        return n;
    }

    @Override
    public int available() {
        // Like a PTY with nothing more yet: a reader that asks returns what it has.
        return 0;
    }
}
