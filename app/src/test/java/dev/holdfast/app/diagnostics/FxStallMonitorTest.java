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
        AtomicInteger posted = new AtomicInteger();
        try (FxStallMonitor monitor = new FxStallMonitor(task -> {
            posted.incrementAndGet();
            task.run();
        }, busy::get)) {
            Thread.sleep(3 * FxStallMonitor.IDLE_CHECK_INTERVAL_MS);
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
            Thread.sleep(2 * FxStallMonitor.IDLE_CHECK_INTERVAL_MS); // the last busy probe may still land
            int settled = posted.get();
            Thread.sleep(3 * FxStallMonitor.IDLE_CHECK_INTERVAL_MS);
            assertEquals(settled, posted.get(), "idle again: no more probes");
        }
    }
}
