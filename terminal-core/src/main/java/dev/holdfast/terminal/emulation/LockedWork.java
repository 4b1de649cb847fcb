package dev.holdfast.terminal.emulation;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Work that needs a terminal's buffer lock, handed to the terminal's reader thread, which does it at the end of its
 * next slice of output while it holds the lock anyway.
 *
 * <p>Why: the UI thread only tries the lock briefly (a frame must not wait for a flood). During a flood on a busy
 * machine the reader, at a low priority, is often preempted while it holds the lock, so a short try fails again
 * and again: a flooding tab's checkpoint was never taken in a 10 s flood (the load harness), its output lost at
 * the crash. Waiting longer would stall the window instead. The reader, though, holds the lock between every two
 * slices of a flood: it can make the copy itself, for the UI to pick up later.
 *
 * <p>One request at a time: a newer one replaces one not yet done. A terminal whose reader is idle never does a
 * request (nothing holds its lock then, so a short try succeeds); one that ends drops it.
 */
public final class LockedWork {
    private static final Logger LOG = LoggerFactory.getLogger(LockedWork.class);

    private final AtomicReference<Runnable> pending = new AtomicReference<>();

    /** Any thread: {@code task} runs on the reader thread, under the buffer lock, at the end of its next slice. */
    public void request(Runnable task) {
        pending.set(Objects.requireNonNull(task, "task"));
    }

    /** Whether a request waits for the reader. Any thread. */
    public boolean isPending() {
        return pending.get() != null;
    }

    /**
     * The reader thread, holding the buffer lock, after a slice is in the model: does the waiting request, if any. A
     * request that throws is logged and dropped; the reader goes on reading.
     */
    void runPending() {
        // A plain read first: this runs once per slice of every flood, and a request is rare.
        if (pending.get() == null) {
            return;
        }
        Runnable task = pending.getAndSet(null);
        if (task == null) {
            return;
        }
        try {
            task.run();
        } catch (RuntimeException e) {
            LOG.warn("Work asked of a terminal's reader failed; it is dropped", e);
        }
    }
}
