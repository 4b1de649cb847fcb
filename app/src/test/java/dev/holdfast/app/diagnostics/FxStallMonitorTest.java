package dev.holdfast.app.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class FxStallMonitorTest {
    private static long probes(FxStallMonitor monitor) {
        return (Long) monitor.snapshot().get("probes");
    }

    @Test
    void probesWhileOutputArrivesAndNotWhileIdle() throws Exception {
        AtomicBoolean busy = new AtomicBoolean(false);
        AtomicInteger looks = new AtomicInteger();
        AtomicInteger posted = new AtomicInteger();
        try (FxStallMonitor monitor = new FxStallMonitor(task -> {
            posted.incrementAndGet();
            task.run();
        }, () -> {
            looks.incrementAndGet();
            return busy.get();
        })) {
            // Judged by the monitor's own looks, not by time: a slow machine only makes them later.
            awaitLooks(looks, looks.get() + 2);
            assertEquals(0, posted.get(), "an idle window is never probed");

            busy.set(true);
            long deadline = System.currentTimeMillis() + 20_000;
            while (probes(monitor) < 3 && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(probes(monitor) >= 3, "probes once output arrives: " + monitor.snapshot());
            Map<String, Object> snapshot = monitor.snapshot();
            assertTrue(((Map<?, ?>) snapshot.get("histogram")).containsKey("<1ms"));

            busy.set(false);
            // A look that began before the flag changed may still post; the one after it sees the window idle.
            awaitLooks(looks, looks.get() + 2);
            int settled = posted.get();
            awaitLooks(looks, looks.get() + 2);
            assertEquals(settled, posted.get(), "idle again: no more probes");
        }
    }

    @Test
    void aStallIsKeptWithWhereTheWindowsThreadWas() throws Exception {
        AtomicInteger looks = new AtomicInteger();
        ExecutorService window = Executors.newSingleThreadExecutor(r -> new Thread(r, "test-fx"));
        try (FxStallMonitor monitor = new FxStallMonitor(window::execute, () -> {
            looks.incrementAndGet();
            return true;
        })) {
            awaitProbes(monitor, 1);
            window.execute(() -> holdTheWindowUntilLookedAt(looks));
            long deadline = System.currentTimeMillis() + 20_000;
            while (monitor.stalls().isEmpty()) {
                assertTrue(System.currentTimeMillis() < deadline, "no stall kept: " + monitor.snapshot());
                Thread.sleep(10);
            }
            FxStallMonitor.Stall stall = monitor.stalls().get(0);
            assertTrue(stall.millis() >= FxStallMonitor.STALL_MS, stall.toString());
            assertTrue(stall.gcMillis() >= 0 && stall.gcMillis() <= stall.millis() + 1, stall.toString());
            assertTrue(stall.at().stream().anyMatch(frame -> frame.contains("holdTheWindowUntilLookedAt")),
                    "the stack shows the code that held the thread: " + stall.at());
            List<?> reported = (List<?>) monitor.snapshot().get("stalls");
            assertEquals(1, reported.size(), monitor.snapshot().toString());
            assertEquals(1L, monitor.snapshot().get("stallCount"), "the stalls counted since the start");
            assertEquals(stall.millis(), ((Map<?, ?>) reported.get(0)).get("millis"));
        } finally {
            window.shutdownNow();
        }
    }

    @Test
    void quickProbesAreNoStalls() throws Exception {
        try (FxStallMonitor monitor = new FxStallMonitor(Runnable::run, () -> true)) {
            awaitProbes(monitor, 3);
            assertEquals(List.of(), monitor.stalls());
        }
    }

    /**
     * Holds the thread past {@link FxStallMonitor#STALL_MS} and then until the probe posted during the hold is
     * that old and its stack was taken (see the loop).
     */
    private static void holdTheWindowUntilLookedAt(AtomicInteger looks) {
        long start = System.nanoTime();
        try {
            while (System.nanoTime() - start < FxStallMonitor.STALL_MS * 1_000_000) {
                Thread.sleep(5);
            }
            int seen = looks.get();
            long deadline = System.currentTimeMillis() + 20_000;
            // The probe that measures the stall is posted at the first look after the hold began (up to a probe
            // interval into it), then looked at every STALL_LOOK_INTERVAL_MS: that many looks more make it a
            // stall's age, and one more samples the stack. Two looks were enough only when that first look came
            // early: on a slow machine the probe waited 52 ms and the test failed.
            long needed = seen + 3 + FxStallMonitor.STALL_MS / FxStallMonitor.STALL_LOOK_INTERVAL_MS;
            while (looks.get() < needed && System.currentTimeMillis() < deadline) {
                Thread.sleep(5);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void awaitProbes(FxStallMonitor monitor, long atLeast) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 20_000;
        while (probes(monitor) < atLeast) {
            assertTrue(System.currentTimeMillis() < deadline, "no probes: " + monitor.snapshot());
            Thread.sleep(10);
        }
    }

    private static void awaitLooks(AtomicInteger looks, int atLeast) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 20_000;
        while (looks.get() < atLeast) {
            assertTrue(System.currentTimeMillis() < deadline, "the monitor stopped looking");
            Thread.sleep(10);
        }
    }
}
