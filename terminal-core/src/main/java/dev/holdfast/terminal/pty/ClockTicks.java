package dev.holdfast.terminal.pty;

import com.sun.jna.Library;
import com.sun.jna.Native;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How many clock ticks the kernel counts per second in {@code /proc/<pid>/stat} ({@code sysconf(_SC_CLK_TCK)},
 * USER_HZ). It is 100 on every common Linux build; the C library is asked anyway, and 100 is used when it
 * cannot be.
 */
final class ClockTicks {
    private static final Logger LOG = LoggerFactory.getLogger(ClockTicks.class);
    static final long LINUX_DEFAULT = 100;
    private static final int SC_CLK_TCK_LINUX = 2;

    private ClockTicks() {
    }

    interface LibC extends Library {
        long sysconf(int name);
    }

    static long perSecond() {
        try {
            long ticks = Native.load("c", LibC.class).sysconf(SC_CLK_TCK_LINUX);
            if (ticks > 0) {
                return ticks;
            }
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            LOG.debug("sysconf(_SC_CLK_TCK) unavailable, assuming {}: {}", LINUX_DEFAULT, e.toString());
        }
        return LINUX_DEFAULT;
    }
}
