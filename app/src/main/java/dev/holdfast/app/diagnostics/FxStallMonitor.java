package dev.holdfast.app.diagnostics;

import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Measures how long the FX thread takes to run a posted task: while the app is busy, a probe every
 * {@link #PROBE_INTERVAL_MS} ms (one outstanding at a time), its delay counted in a histogram; while it is idle,
 * a look every {@link #IDLE_CHECK_INTERVAL_MS} ms for output. A long delay
 * means the FX thread was stalled by something it should not have done.
 */
public final class FxStallMonitor implements AutoCloseable {
    public static final long PROBE_INTERVAL_MS = 100;
    /** How often an idle window is checked for output, which starts the probes again. */
    public static final long IDLE_CHECK_INTERVAL_MS = 500;
    /** Upper bounds of the buckets, in ms; the last bucket is everything slower. */
    static final long[] BUCKET_LIMITS_MS = {1, 4, 16, 50, 100, 250, 1000};

    private final AtomicLongArray buckets = new AtomicLongArray(BUCKET_LIMITS_MS.length + 1);
    private final AtomicLongArray maxNanos = new AtomicLongArray(1);
    private final AtomicBoolean outstanding = new AtomicBoolean();
    private final ScheduledExecutorService scheduler =
            Executors.newSingleThreadScheduledExecutor(new NamedThreadFactory("holdfast-fx-probe", true));
    private final Consumer<Runnable> fxThread;
    private final BooleanSupplier busy;

    /**
     * @param fxThread posts to the FX thread ({@code Platform::runLater})
     * @param busy whether there is anything to measure now (output arriving); an idle window is not probed,
     *     so measuring costs nothing while nothing happens
     */
    public FxStallMonitor(Consumer<Runnable> fxThread, BooleanSupplier busy) {
        this.fxThread = fxThread;
        this.busy = busy;
        scheduler.schedule(this::probe, PROBE_INTERVAL_MS, TimeUnit.MILLISECONDS);
    }

    private void probe() {
        boolean active = busy.getAsBoolean();
        if (active && outstanding.compareAndSet(false, true)) {
            long posted = System.nanoTime();
            fxThread.accept(() -> {
                record(System.nanoTime() - posted);
                outstanding.set(false);
            });
        }
        // An idle window is looked at less often: each look wakes a thread, and ten idle tabs should cost nothing.
        try {
            scheduler.schedule(this::probe, active ? PROBE_INTERVAL_MS : IDLE_CHECK_INTERVAL_MS, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // Closed.
        }
    }

    void record(long nanos) {
        long ms = TimeUnit.NANOSECONDS.toMillis(nanos);
        int bucket = 0;
        while (bucket < BUCKET_LIMITS_MS.length && ms >= BUCKET_LIMITS_MS[bucket]) {
            bucket++;
        }
        buckets.incrementAndGet(bucket);
        long previous;
        do {
            previous = maxNanos.get(0);
        } while (nanos > previous && !maxNanos.compareAndSet(0, previous, nanos));
    }

    /** The histogram ("<1ms": n, ...), probe count and the worst delay seen. */
    public Map<String, Object> snapshot() {
        Map<String, Object> histogram = new LinkedHashMap<>();
        long total = 0;
        for (int i = 0; i < buckets.length(); i++) {
            String label = i < BUCKET_LIMITS_MS.length ? "<" + BUCKET_LIMITS_MS[i] + "ms" : ">=" + BUCKET_LIMITS_MS[i - 1] + "ms";
            histogram.put(label, buckets.get(i));
            total += buckets.get(i);
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("probes", total);
        result.put("maxMillis", maxNanos.get(0) / 1_000_000.0);
        result.put("histogram", histogram);
        return result;
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
        try {
            scheduler.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
