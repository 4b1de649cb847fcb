package dev.holdfast.terminal.pty;

import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads pty4j's native side (its C library bindings through JNA, the extracted {@code libpty}) on a thread of its
 * own, at launch, while the window is being built, so the first tab's shell does not wait for it.
 *
 * <p>Why: measured on 2 busy cores without a class-data archive, the first PTY spawn of a JVM took 514 ms, 448 of
 * them in the static start of pty4j's {@code PtyHelpers}; the second took 3 ms. The window takes longer than that
 * to build, so done beside it the cost leaves the first prompt's path: {@code startup-bench.sh}, alternated with
 * the build before (2 cores, load average 1.7-2.7, median of 3 each), 1,808-1,855 ms to the first prompt before
 * and 1,614-1,775 ms after without the class-data archive, 992-1,007 ms and 939-1,000 ms with it (which loads the
 * classes faster, leaving less to gain). Only classes are initialized: no process is started. A spawn that comes
 * first simply waits for the same initialization, as the JVM makes it.
 *
 * <p>The thread ends by itself once the classes are loaded (a few hundred milliseconds); it is a daemon, so a
 * launch that ends sooner is not held up by it.
 */
public final class PtyWarmup {
    static final String THREAD_NAME = "holdfast-pty-warmup";
    private static final Logger LOG = LoggerFactory.getLogger(PtyWarmup.class);
    /** What a first spawn initializes, in the order it does. */
    static final List<String> CLASSES = List.of("com.pty4j.PtyProcessBuilder", "com.pty4j.unix.PtyHelpers",
            "com.pty4j.unix.Pty", "com.pty4j.unix.NativePtyExecutor", "com.pty4j.unix.UnixPtyProcess");

    private PtyWarmup() {
    }

    /** Starts loading; call once pty4j's native directory is set ({@link NativeLibraryDirectory#install}). */
    public static Thread start() {
        Thread thread = new NamedThreadFactory(THREAD_NAME, true).newThread(PtyWarmup::load);
        thread.start();
        return thread;
    }

    /** @return how many of {@link #CLASSES} were loaded */
    static int load() {
        int loaded = 0;
        for (String name : CLASSES) {
            try {
                Class.forName(name, true, PtyWarmup.class.getClassLoader());
                loaded++;
            } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
                // Another pty4j version or platform: the first spawn loads what it needs, as it would anyway.
                LOG.debug("PTY warm-up: {} not loaded ({})", name, e.toString());
            }
        }
        return loaded;
    }
}
