package dev.holdfast.app.view;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** A thread of its own stands in for Quantum's renderer: drawing (runnable) or waiting for its next job. */
class RenderThreadTest {
    private static final Duration DEADLINE = Duration.ofSeconds(10);

    @Test
    void theRendererIsBusyWhileItRunsAndNotWhileItWaitsForItsNextFrame() throws Exception {
        // Named apart from the renderer of any JavaFX this test JVM started for other tests.
        String name = "TestRenderer-" + System.nanoTime();
        AtomicBoolean drawing = new AtomicBoolean(true);
        AtomicBoolean stop = new AtomicBoolean();
        Object jobs = new Object();
        CountDownLatch started = new CountDownLatch(1);
        Thread renderer = new Thread(() -> {
            started.countDown();
            while (!stop.get()) {
                if (drawing.get()) {
                    Thread.onSpinWait();
                } else {
                    synchronized (jobs) {
                        try {
                            jobs.wait(5);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                }
            }
        }, name);
        renderer.setDaemon(true);
        renderer.start();
        try {
            assertTrue(started.await(DEADLINE.toMillis(), TimeUnit.MILLISECONDS));
            RenderThread watched = new RenderThread(name, System::nanoTime);
            await("busy while it draws", watched::busy);
            drawing.set(false);
            await("idle while it waits for a job", () -> !watched.busy());
        } finally {
            stop.set(true);
            renderer.join(DEADLINE.toMillis());
        }
    }

    @Test
    void aRendererNotWatchedIsNeverBusy() {
        assertFalse(new RenderThread(null, System::nanoTime).busy());
    }

    @Test
    void withoutARendererThreadNothingIsBusy() {
        assertFalse(new RenderThread("no-such-renderer-" + System.nanoTime(), System::nanoTime).busy());
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting: " + what);
            }
            Thread.sleep(5);
        }
    }
}
