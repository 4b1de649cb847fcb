package dev.holdfast.app.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.MemoryUsage;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class HeapReleaseTest {
    private static final long MB = 1L << 20;

    /** A heap that a flood grows and a release shrinks, counting releases and where they ran. */
    private static final class GrowingHeap implements HeapRelease.Heap {
        final AtomicLong committed = new AtomicLong(30 * MB);
        final AtomicInteger releases = new AtomicInteger();
        volatile String releasedOn;

        @Override
        public MemoryUsage usage() {
            return new MemoryUsage(0, committed.get() / 2, committed.get(), 2048 * MB);
        }

        @Override
        public void release() {
            releasedOn = Thread.currentThread().getName();
            committed.set(40 * MB);
            releases.incrementAndGet();
        }
    }

    @Test
    void releasesTheHeapOnItsOwnThreadOnceAFloodThatGrewItHasGoneQuiet() throws Exception {
        GrowingHeap heap = new GrowingHeap();
        AtomicLong reads = new AtomicLong();
        AtomicInteger looks = new AtomicInteger();
        HeapReleaseSettings settings = new HeapReleaseSettings(Duration.ofMillis(100), 32 * MB, Duration.ofMillis(20));
        try (HeapRelease release = new HeapRelease(settings, () -> {
            looks.incrementAndGet();
            return reads.get();
        }, Clock.systemUTC(), heap)) {
            // The flood comes after the first look, which is where growth counts from (the second has begun: the
            // first is over).
            long deadline = System.currentTimeMillis() + 20_000;
            while (looks.get() < 2 && System.currentTimeMillis() < deadline) {
                Thread.sleep(5);
            }
            reads.set(9_000);
            heap.committed.set(180 * MB);
            while (heap.releases.get() == 0 && System.currentTimeMillis() < deadline) {
                Thread.sleep(10);
            }
            assertEquals(1, heap.releases.get(), "released once the output went quiet");
            assertTrue(HeapRelease.THREAD_NAME.equals(heap.releasedOn), "on its own thread: " + heap.releasedOn);
        }
    }
}
