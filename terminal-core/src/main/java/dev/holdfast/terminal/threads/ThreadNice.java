package dev.holdfast.terminal.threads;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lowers the CPU priority (raises the nice value) of the calling thread, on Linux, where the nice value is a
 * per-thread attribute: {@code setpriority(PRIO_PROCESS, tid, nice)}. Java's own thread priorities are ignored
 * there unless the JVM runs with {@code -XX:ThreadPriorityPolicy=1}, which a launcher cannot count on. Lowering
 * needs no privilege. Elsewhere, or when the C library cannot be reached, it does nothing and says so once.
 */
public final class ThreadNice {
    private static final Logger LOG = LoggerFactory.getLogger(ThreadNice.class);
    private static final int PRIO_PROCESS = 0;
    private static final Path THREAD_SELF = Path.of("/proc/thread-self");
    private static volatile boolean unavailableLogged;

    private ThreadNice() {
    }

    interface LibC extends Library {
        int setpriority(int which, int who, int prio);
    }

    private static final class Holder {
        static final LibC LIBC = load();

        private static LibC load() {
            try {
                return Native.load("c", LibC.class);
            } catch (UnsatisfiedLinkError | RuntimeException e) {
                return null;
            }
        }
    }

    /**
     * Gives the calling thread the nice value {@code nice} (0 to 19; higher runs less when the CPU is contended).
     *
     * @return whether it took effect
     */
    public static boolean lowerCurrentThread(int nice) {
        if (nice < 0 || nice > 19) {
            throw new IllegalArgumentException("nice must be 0 to 19: " + nice);
        }
        if (!System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).contains("linux")) {
            return false;
        }
        try {
            // /proc/thread-self links to <pid>/task/<tid>: the kernel's id of this thread, which Java does not give.
            int tid = Integer.parseInt(Files.readSymbolicLink(THREAD_SELF).getFileName().toString());
            LibC libc = Holder.LIBC;
            if (libc == null) {
                unavailable("the C library could not be loaded");
                return false;
            }
            if (libc.setpriority(PRIO_PROCESS, tid, nice) != 0) {
                unavailable("setpriority failed with errno " + Native.getLastError());
                return false;
            }
            return true;
        } catch (IOException | RuntimeException | UnsatisfiedLinkError e) {
            unavailable(e.toString());
            return false;
        }
    }

    private static void unavailable(String why) {
        if (!unavailableLogged) {
            unavailableLogged = true;
            LOG.info("Cannot lower the priority of background threads ({}); they run at the normal priority", why);
        }
    }
}
