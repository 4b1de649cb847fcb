package dev.holdfast.app.diagnostics;

import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Measures how long the FX thread takes to run a posted task: while the app is busy, a probe every
 * {@link #PROBE_INTERVAL_MS} ms (one outstanding at a time), its delay counted in a histogram; while it is idle,
 * a look every {@link #IDLE_CHECK_INTERVAL_MS} ms for output. A long delay
 * means the FX thread was stalled by something it should not have done.
 *
 * <p>A numbers-only histogram cannot say what that was. So a probe still waiting after {@link #STALL_MS} has
 * the FX thread's stack taken once, and a probe that took that long is kept as a {@link Stall} (the last
 * {@value #STALLS_KEPT}, in {@code ctl stats}) with the time the JVM's collectors spent meanwhile, and logged
 * (at most once per {@link #STALL_LOG_INTERVAL_MS} ms): a stall with most of its time in GC is the heap's, one
 * without is the code the stack shows.
 */
public final class FxStallMonitor implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(FxStallMonitor.class);
    public static final long PROBE_INTERVAL_MS = 100;
    /** How often an idle window is checked for output, which starts the probes again. */
    public static final long IDLE_CHECK_INTERVAL_MS = 500;
    /** A probe delayed this long is a stall: a window that misses six frames in a row is seen to stutter. */
    public static final long STALL_MS = 100;
    /** How often a probe that is still waiting is looked at, to take the stack while the stall lasts. */
    static final long STALL_LOOK_INTERVAL_MS = 25;
    static final int STALLS_KEPT = 8;
    /** The frames of a stall's stack that are kept: the top of it says what the thread was doing. */
    static final int STALL_FRAMES = 12;
    public static final long STALL_LOG_INTERVAL_MS = 30_000;
    /** Upper bounds of the buckets, in ms; the last bucket is everything slower. */
    static final long[] BUCKET_LIMITS_MS = {1, 4, 16, 50, 100, 250, 1000};

    /**
     * A probe that waited {@code millis} for the FX thread, {@code gcMillis} of it while the JVM collected
     * garbage, and where the FX thread was {@link #STALL_MS} into it (empty when it ran before it was looked at).
     */
    public record Stall(long millis, long gcMillis, List<String> at) {
        public Stall {
            at = List.copyOf(at);
        }

        Map<String, Object> json() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("millis", millis);
            m.put("gcMillis", gcMillis);
            m.put("at", at);
            return m;
        }
    }

    /** The probe on its way: when it was posted, the GC time then, and the stack once it is late. */
    private static final class Pending {
        final long postedNanos = System.nanoTime();
        final long gcMillisAtPost = gcMillis();
        volatile List<String> sampled = List.of();
    }

    private final AtomicLongArray buckets = new AtomicLongArray(BUCKET_LIMITS_MS.length + 1);
    private final AtomicLongArray maxNanos = new AtomicLongArray(1);
    private final ScheduledExecutorService scheduler =
            Executors.newSingleThreadScheduledExecutor(new NamedThreadFactory("holdfast-fx-probe", true));
    private final Consumer<Runnable> fxThread;
    private final BooleanSupplier busy;
    /** The thread the probes run on, known from the first probe. */
    private volatile Thread fx;
    /** The probe posted and not yet run (one at a time), or null. */
    private final AtomicReference<Pending> pending = new AtomicReference<>();
    private final Deque<Stall> stalls = new ArrayDeque<>();
    /** Stalls since the start, kept or not: tells a reader of two snapshots which kept stalls came between them. */
    private long stallCount;
    private long lastLoggedNanos;
    private int unlogged;

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
        Pending late = pending.get();
        if (late != null && late.sampled.isEmpty() && fx != null
                && System.nanoTime() - late.postedNanos >= TimeUnit.MILLISECONDS.toNanos(STALL_MS)) {
            late.sampled = frames(fx.getStackTrace());
        }
        boolean active = busy.getAsBoolean();
        if (active && late == null) {
            Pending probe = new Pending();
            pending.set(probe);
            fxThread.accept(() -> {
                long waited = System.nanoTime() - probe.postedNanos;
                fx = Thread.currentThread();
                record(waited);
                if (waited >= TimeUnit.MILLISECONDS.toNanos(STALL_MS)) {
                    stalled(new Stall(TimeUnit.NANOSECONDS.toMillis(waited), gcMillis() - probe.gcMillisAtPost,
                            probe.sampled));
                }
                pending.set(null);
            });
        }
        // An idle window is looked at less often: each look wakes a thread, and ten idle tabs should cost nothing.
        long next = pending.get() != null ? STALL_LOOK_INTERVAL_MS
                : active ? PROBE_INTERVAL_MS : IDLE_CHECK_INTERVAL_MS;
        try {
            scheduler.schedule(this::probe, next, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // Closed.
        }
    }

    private void stalled(Stall stall) {
        boolean log;
        int before;
        synchronized (stalls) {
            stalls.addLast(stall);
            stallCount++;
            while (stalls.size() > STALLS_KEPT) {
                stalls.removeFirst();
            }
            long now = System.nanoTime();
            log = lastLoggedNanos == 0 || now - lastLoggedNanos >= TimeUnit.MILLISECONDS.toNanos(STALL_LOG_INTERVAL_MS);
            before = unlogged;
            if (log) {
                lastLoggedNanos = now;
                unlogged = 0;
            } else {
                unlogged++;
            }
        }
        if (log) {
            LOG.warn("The window's thread was held up for {} ms ({} ms of it collecting garbage; {} more stall(s) since"
                    + " the last report); {}", stall.millis(), stall.gcMillis(), before,
                    stall.at().isEmpty() ? "it ran again before its stack was taken"
                            : "it was at:\n    " + String.join("\n    ", stall.at()));
        }
    }

    /** The stalls kept, oldest first. */
    public List<Stall> stalls() {
        synchronized (stalls) {
            return new ArrayList<>(stalls);
        }
    }

    private static List<String> frames(StackTraceElement[] stack) {
        return Arrays.stream(stack).limit(STALL_FRAMES).map(StackTraceElement::toString).toList();
    }

    /** Milliseconds the JVM's collectors have spent so far (their pauses, for the stop-the-world collectors). */
    private static long gcMillis() {
        long total = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            total += Math.max(0, gc.getCollectionTime());
        }
        return total;
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

    /**
     * The histogram ("<1ms": n, ...), probe count and the worst delay seen since the start; the stalls kept and how
     * many there were in all (the worst of a stretch of time is among the kept stalls that two snapshots' counts
     * tell apart, or, with no stall between them, in the top bucket their histograms differ in).
     */
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
        synchronized (stalls) {
            result.put("stallCount", stallCount);
            result.put("stalls", stalls.stream().map(Stall::json).toList());
        }
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
