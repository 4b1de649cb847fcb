package dev.holdfast.terminal.threads;

import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives every thread a name that says whose it is ({@code holdfast-pty-writer-1a2b3c4d}), so a thread dump
 * or a leak check can tell them apart. Uncaught exceptions are logged, never printed to stderr.
 */
public final class NamedThreadFactory implements ThreadFactory {
    private static final Logger LOG = LoggerFactory.getLogger(NamedThreadFactory.class);

    private final String prefix;
    private final boolean daemon;
    private final AtomicInteger count = new AtomicInteger();

    public NamedThreadFactory(String prefix, boolean daemon) {
        this.prefix = Objects.requireNonNull(prefix, "prefix");
        this.daemon = daemon;
    }

    @Override
    public Thread newThread(Runnable task) {
        int n = count.incrementAndGet();
        Thread thread = new Thread(task, n == 1 ? prefix : prefix + "-" + n);
        thread.setDaemon(daemon);
        thread.setUncaughtExceptionHandler((t, e) -> LOG.error("Uncaught exception in thread {}", t.getName(), e));
        return thread;
    }
}
