package dev.holdfast.terminal.emulation;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the PTY reads of one terminal, and how many of them the emulator has fully parsed.
 *
 * <p>Protocol: one thread counts reads, one publishes what is parsed (the same reader thread, or with Holdfast's
 * parser a drain thread ahead of it). {@link #recordRead()} is called after every read that returned data, and
 * {@link #publishProcessed()} when the emulator asks for the next chunk — at that moment every chunk returned so
 * far has been parsed into the model — or {@link #publishProcessed(long)} with the reads parsed so far. Any thread may read both numbers without a lock;
 * {@code processed() <= read()} always holds, and a checkpoint that copied the model after reading
 * {@code processed()} has captured at least that generation.
 */
public final class OutputGeneration {
    private final AtomicLong read = new AtomicLong();
    private volatile long processed;
    /** Changes Holdfast made to the model itself, not from output: the scrollback cleared by the user. */
    private final AtomicLong edits = new AtomicLong();
    private final List<Runnable> readListeners = new CopyOnWriteArrayList<>();
    private final List<Runnable> processedListeners = new CopyOnWriteArrayList<>();

    /** The thread that reads the PTY: a read returned data. */
    public void recordRead() {
        read.incrementAndGet();
        for (Runnable listener : readListeners) {
            listener.run();
        }
    }

    /**
     * Calls {@code listener} on the thread that reads the PTY (with Holdfast's parser, its drain thread, not the
     * reader thread that parses) after each read is counted, before its data is parsed: the signal
     * that {@link #read()} moved, so a watcher needs no timer to notice output. It must only flag or post, never
     * block or take the buffer lock.
     */
    public void addReadListener(Runnable listener) {
        readListeners.add(listener);
    }

    public void removeReadListener(Runnable listener) {
        readListeners.remove(listener);
    }

    /** Reader thread: everything read so far has been parsed. */
    public void publishProcessed() {
        processed = read.get();
        for (Runnable listener : processedListeners) {
            listener.run();
        }
    }

    /**
     * Reader thread: the first {@code reads} reads have been parsed, for a reader whose reads are counted on another
     * thread ahead of it ({@link PtyReadAhead}). Never more than {@link #read()}, never less than before.
     */
    public void publishProcessed(long reads) {
        processed = reads;
        for (Runnable listener : processedListeners) {
            listener.run();
        }
    }

    /**
     * Calls {@code listener} on the reader thread each time everything read so far is in the model (before
     * each read, and when reading ends). Like a read listener it must only flag or post.
     */
    public void addProcessedListener(Runnable listener) {
        processedListeners.add(listener);
    }

    public void removeProcessedListener(Runnable listener) {
        processedListeners.remove(listener);
    }

    /** Number of reads that returned data. */
    public long read() {
        return read.get();
    }

    /** Number of reads whose data the model fully reflects. */
    public long processed() {
        return processed;
    }

    /**
     * Holdfast changed the model's content itself (not from output), holding the buffer lock: call after the change,
     * before letting go of the lock. Not output: {@link #read()} and the read and processed listeners are untouched,
     * so a tab's activity clocks do not count it.
     */
    public void recordEdit() {
        edits.incrementAndGet();
    }

    /**
     * A number that grows with every change of the model's content: reads parsed and Holdfast's own edits. What a
     * checkpoint compares with the one it wrote last, so an edit without output (the scrollback cleared) is written
     * too. Like {@link #processed()}: a copy of the model made after reading it reflects at least that much.
     */
    public long model() {
        return processed + edits.get();
    }
}
