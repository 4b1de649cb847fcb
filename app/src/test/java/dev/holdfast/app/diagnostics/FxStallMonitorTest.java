package dev.holdfast.app.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
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

    private static void awaitLooks(AtomicInteger looks, int atLeast) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 20_000;
        while (looks.get() < atLeast) {
            assertTrue(System.currentTimeMillis() < deadline, "the monitor stopped looking");
            Thread.sleep(10);
        }
    }
}
