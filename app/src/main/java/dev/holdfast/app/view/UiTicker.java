package dev.holdfast.app.view;

import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Delayed;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;

/**
 * Periodic and delayed work on the FX thread (cursor blink, autosave ticks, the sidebar's clock) without a JavaFX animation: a running
 * Timeline keeps the pulse going 60 times a second for as long as it runs, which would make an idle
 * window burn CPU. A named scheduler thread posts each tick instead.
 */
public final class UiTicker implements AutoCloseable {
    private final ScheduledExecutorService scheduler;

    public UiTicker(String threadName) {
        scheduler = Executors.newSingleThreadScheduledExecutor(new NamedThreadFactory(threadName, true));
    }

    /**
     * Runs {@code onFx} on the FX thread every {@code period} until the returned handle is cancelled. Once the
     * ticker is closed (its window closed) nothing ticks any more: a late focus change or paint that asks for a
     * tick gets a handle that is already cancelled instead of an exception on the FX thread.
     */
    public ScheduledFuture<?> every(Duration period, Runnable onFx) {
        long ms = Math.max(1, period.toMillis());
        try {
            return scheduler.scheduleAtFixedRate(() -> Platform.runLater(onFx), ms, ms, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException closed) {
            return Stopped.INSTANCE;
        }
    }

    /**
     * Runs {@code onFx} on the FX thread once, after {@code delay} (at least a millisecond), unless the returned
     * handle is cancelled first; on a closed ticker, a handle that is already cancelled.
     */
    public ScheduledFuture<?> once(Duration delay, Runnable onFx) {
        long nanos = Math.max(0, delay.toNanos());
        long ms = Math.max(1, (nanos + 999_999) / 1_000_000);
        try {
            return scheduler.schedule(() -> Platform.runLater(onFx), ms, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException closed) {
            return Stopped.INSTANCE;
        }
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
    }

    /** The handle of a tick that will never run. */
    private static final class Stopped extends CompletableFuture<Object> implements ScheduledFuture<Object> {
        static final Stopped INSTANCE = new Stopped();

        private Stopped() {
            cancel(false);
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return 0;
        }

        @Override
        public int compareTo(Delayed other) {
            return Long.compare(0, other.getDelay(TimeUnit.NANOSECONDS));
        }
    }
}
