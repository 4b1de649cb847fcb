package dev.holdfast.terminal.emulation;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A PTY's output read by a thread of its own into a bounded ring, ahead of the thread that parses it.
 *
 * <p>Why: with one thread both reading and parsing, a flood ran in series — the program writing, the kernel's PTY
 * worker and the reader took turns on one core ({@code perf sched} during {@code seq 1 1000000}), because a PTY
 * lets a writer get only about 30 KB ahead and hands over at most 4,095 bytes a read: while the reader parsed one
 * read, the writer soon blocked on a full PTY. Draining the PTY as fast as it fills keeps the writer writing while
 * the parser works, on the other core when there is one.
 *
 * <p>Protocol: the drain thread is the only writer of the ring's contents, of {@link #written} and of the reads'
 * ends; the parser the only one of {@link #taken} and {@link #readsTaken}; both change them under {@link #lock}.
 * The drain counts each read in the output generation ({@link OutputGeneration#recordRead()}) before its bytes
 * become visible. A take hands over whole reads only, so {@link #readsTaken()} is always exactly the number of
 * reads whose bytes the parser holds: the generation it may publish once it has parsed them, also in the middle
 * of a flood that keeps the ring full. The ring grows from {@link #FIRST_CAPACITY} to at most
 * {@link #MAX_CAPACITY} and holds at most {@link #MAX_READS} reads; a drain that finds it full waits for the
 * parser, so a parser that falls behind holds the program back through the PTY, as before, with bounded memory.
 */
final class PtyReadAhead implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PtyReadAhead.class);
    /** An idle terminal's ring: a few reads. */
    static final int FIRST_CAPACITY = 64 * 1024;
    /** How far the drain may get ahead of the parser: a few hundred PTY reads, a few ms of a flood's parsing. */
    static final int MAX_CAPACITY = 1024 * 1024;
    /** Reads the ring can hold: a PTY's 4 KB reads fill {@link #MAX_CAPACITY} first; tiny reads stop here. */
    static final int MAX_READS = 1024;
    /** How long the parser finds the ring empty before a grown ring goes back to {@link #FIRST_CAPACITY}. */
    static final long SHRINK_AFTER_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long STOP_WAIT_MILLIS = 2_000;

    private final InputStream pty;
    private final OutputGeneration generation;
    private final Thread drain;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition bytesWritten = lock.newCondition();
    private final Condition bytesTaken = lock.newCondition();

    // Under lock.
    private byte[] ring = new byte[FIRST_CAPACITY];
    private long written;
    private long taken;
    private long reads;
    /** Where each read not yet taken ends in the stream, read number {@code r} at {@code r % MAX_READS}. */
    private final long[] ends = new long[MAX_READS];
    private boolean ended;
    private IOException failure;
    private boolean closed;

    /** Under lock; written by the parser thread only, so it may read it without. */
    private long readsTaken;

    /** @param threads makes the drain thread (named for its terminal); started by {@link #start()} */
    PtyReadAhead(InputStream pty, OutputGeneration generation, ThreadFactory threads) {
        this.pty = pty;
        this.generation = generation;
        this.drain = threads.newThread(this::drain);
    }

    void start() {
        drain.start();
    }

    private void drain() {
        byte[] buf = new byte[HoldfastReadLoop.READ_BYTES];
        IOException failed = null;
        try {
            while (true) {
                int n = pty.read(buf, 0, buf.length);
                if (n < 0) {
                    return;
                }
                if (n == 0) {
                    continue;
                }
                generation.recordRead();
                if (!append(buf, n)) {
                    return;
                }
            }
        } catch (IOException e) {
            failed = e;
        } catch (RuntimeException | Error e) {
            LOG.error("PTY drain thread {} failed", Thread.currentThread().getName(), e);
            failed = new IOException("PTY drain failed", e);
        } finally {
            lock.lock();
            try {
                ended = true;
                failure = failed;
                bytesWritten.signal();
            } finally {
                lock.unlock();
            }
        }
    }

    /** Copies one read into the ring, waiting while it is full. False once the parser has gone. */
    private boolean append(byte[] buf, int n) {
        lock.lock();
        try {
            while (!closed && (ring.length - (written - taken) < n || reads - readsTaken == MAX_READS)) {
                if (ring.length < MAX_CAPACITY && ring.length - (written - taken) < n) {
                    grow(n);
                } else {
                    bytesTaken.awaitUninterruptibly();
                }
            }
            if (closed) {
                return false;
            }
            int at = (int) (written % ring.length);
            int first = Math.min(n, ring.length - at);
            System.arraycopy(buf, 0, ring, at, first);
            System.arraycopy(buf, first, ring, 0, n - first);
            written += n;
            ends[(int) (reads % MAX_READS)] = written;
            reads++;
            bytesWritten.signal();
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Under lock: a ring at least twice as large, or the largest, with what is unread at the same positions. */
    private void grow(int needed) {
        byte[] larger = new byte[(int) Math.min(MAX_CAPACITY, Math.max(2L * ring.length, written - taken + needed))];
        for (long at = taken; at < written; ) {
            int from = (int) (at % ring.length);
            int to = (int) (at % larger.length);
            int n = (int) Math.min(written - at, Math.min(ring.length - from, larger.length - to));
            System.arraycopy(ring, from, larger, to, n);
            at += n;
        }
        ring = larger;
    }

    /**
     * Parser thread: waits for output, then copies as many whole reads of it as fit in {@code slice} bytes (at least
     * one, however large) into {@code into}, which must hold {@code max} bytes, at least the largest read,
     * {@link HoldfastReadLoop#READ_BYTES}.
     *
     * @return the bytes copied, or -1 at the PTY's end once everything before it was taken
     * @throws IOException how the PTY's reading failed, once everything before it was taken
     */
    int take(byte[] into, int offset, int max, int slice) throws IOException {
        int limit = Math.min(max, slice);
        lock.lock();
        try {
            while (written == taken) {
                if (ended) {
                    if (failure != null) {
                        throw failure;
                    }
                    return -1;
                }
                awaitOutput();
            }
            long end = ends[(int) (readsTaken % MAX_READS)];
            long read = readsTaken + 1;
            while (read < reads && ends[(int) (read % MAX_READS)] - taken <= limit) {
                end = ends[(int) (read % MAX_READS)];
                read++;
            }
            int n = (int) (end - taken);
            int at = (int) (taken % ring.length);
            int first = Math.min(n, ring.length - at);
            System.arraycopy(ring, at, into, offset, first);
            System.arraycopy(ring, 0, into, offset + first, n - first);
            taken = end;
            readsTaken = read;
            bytesTaken.signal();
            return n;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Parser thread, under lock, with the ring empty: waits for the drain. A ring a flood grew goes back to its first
     * size once the terminal has been quiet for {@link #SHRINK_AFTER_NANOS}: a tab that flooded once would otherwise
     * keep its megabyte for good. (Not at every empty ring: a flood the parser keeps up with empties it every few
     * reads, and would grow it again each time.) An interrupt does not end the wait, as before; it is kept.
     */
    private void awaitOutput() {
        boolean interrupted = false;
        try {
            long left = SHRINK_AFTER_NANOS;
            while (written == taken && !ended) {
                if (left <= 0) {
                    if (ring.length > FIRST_CAPACITY) {
                        // Empty: nothing to move, and positions are taken modulo the ring's length.
                        ring = new byte[FIRST_CAPACITY];
                    }
                    bytesWritten.awaitUninterruptibly();
                } else {
                    try {
                        left = bytesWritten.awaitNanos(left);
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The ring's size now, for tests. */
    int capacity() {
        lock.lock();
        try {
            return ring.length;
        } finally {
            lock.unlock();
        }
    }

    /** Parser thread: the reads whose bytes have all been taken. */
    long readsTaken() {
        return readsTaken;
    }

    /**
     * Parser thread, when it stops: no more is taken, the drain stops at its next read (the session's close ends
     * a read it is blocked in by closing the PTY) and is waited for.
     */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            bytesTaken.signal();
        } finally {
            lock.unlock();
        }
        try {
            drain.join(STOP_WAIT_MILLIS);
            if (drain.isAlive()) {
                LOG.warn("PTY drain thread {} did not stop within {} ms", drain.getName(), STOP_WAIT_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
