package dev.holdfast.app.memory;

import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryUsage;
import java.time.Clock;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives back the heap a flood of output grew, once the output has gone quiet ({@link HeapReleasePolicy}), by asking
 * the JVM for one collection. G1 grows the heap for a flood's garbage and keeps it until a collection shrinks it;
 * its periodic collection does so only a minute after the last one, so the user looking at the flood's result saw
 * the grown heap all that minute. With {@code -XX:+ExplicitGCInvokesConcurrent} (packaging/holdfast.jvm-options)
 * the collection is a concurrent G1 cycle, which resizes the heap at its remark, not a stop-the-world full
 * collection that would hold up the window (the figures of both are in that file).
 *
 * <p>Looks on a thread of its own, never the FX thread, which the collection's wait would hold up.
 */
public final class HeapRelease implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HeapRelease.class);
    static final String THREAD_NAME = "holdfast-heap-release";

    /** The heap as the release sees it. */
    public interface Heap {
        /** The heap used and committed now. */
        MemoryUsage usage();

        /** Collects, returning once the collection has given back what it gives back. */
        void release();

        /** This JVM's heap: {@link MemoryMXBean#gc()} is {@code System.gc()}. */
        static Heap jvm() {
            MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
            return new Heap() {
                @Override
                public MemoryUsage usage() {
                    return memory.getHeapMemoryUsage();
                }

                @Override
                public void release() {
                    memory.gc();
                }
            };
        }
    }

    private final ScheduledExecutorService thread =
            Executors.newSingleThreadScheduledExecutor(new NamedThreadFactory(THREAD_NAME, true));
    private final HeapReleasePolicy policy;
    private final LongSupplier outputReads;
    private final Clock clock;
    private final Heap heap;

    /**
     * @param outputReads the reads of every open terminal so far, lock-free (their output generations summed)
     */
    public HeapRelease(HeapReleaseSettings settings, LongSupplier outputReads, Clock clock, Heap heap) {
        this.policy = new HeapReleasePolicy(settings);
        this.outputReads = outputReads;
        this.clock = clock;
        this.heap = heap;
        long ms = settings.lookInterval().toMillis();
        thread.scheduleWithFixedDelay(this::look, ms, ms, TimeUnit.MILLISECONDS);
    }

    private void look() {
        try {
            MemoryUsage before = heap.usage();
            if (!policy.due(clock.instant(), outputReads.getAsLong(), before.getCommitted())) {
                return;
            }
            long startedNanos = System.nanoTime();
            heap.release();
            MemoryUsage after = heap.usage();
            policy.released(after.getCommitted());
            LOG.debug("Output went quiet: heap released in {} ms, used {} -> {} MB, committed {} -> {} MB",
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos), megabytes(before.getUsed()),
                    megabytes(after.getUsed()), megabytes(before.getCommitted()), megabytes(after.getCommitted()));
        } catch (RuntimeException e) {
            // A failed look must not end the schedule (an executor drops a task that threw); the next look tries again.
            LOG.warn("Could not look at the heap to release it", e);
        }
    }

    private static long megabytes(long bytes) {
        return bytes >> 20;
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
