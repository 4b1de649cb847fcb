package dev.holdfast.terminal.pty;

import com.pty4j.unix.Pty;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One wait and one read of a pty4j PTY's master side, as pty4j's {@code Pty.read} does them (a {@code poll} on the
 * master and on pty4j's wake-up pipe, which its {@code close} writes to, then a {@code read} of the master), through
 * C functions bound directly to native methods and a native buffer made once.
 *
 * <p>Why: pty4j calls {@code poll} and {@code read} through JNA's interface mapping, which converts every argument
 * by reflection, makes a two-entry structure array per poll and size objects per read: about 30 us per 4 KB read, a
 * fifth of it the kernel's work. A coloured flood of 50 MB is 12,800 reads, and its drain thread spent 0.4 CPU
 * seconds per flood on them, on a machine whose two cores the program, the parser and the window share.
 *
 * <p>Linux on 64 bits only (where it is tested); elsewhere, or when this pty4j's fields have changed,
 * {@link #available()} is false and pty4j's own read is used. Not thread-safe: one reading thread per PTY.
 */
final class DirectPtyRead {
    private static final Logger LOG = LoggerFactory.getLogger(DirectPtyRead.class);
    private static final short POLLIN = 1;
    private static final int EINTR = 4;
    private static final int EAGAIN = 11;
    /** {@code struct pollfd}: int fd, short events, short revents. */
    private static final int POLLFD_BYTES = 8;
    private static final VarHandle MASTER;
    private static final VarHandle PIPE;
    private static final VarHandle SELECT_LOCK;
    private static final boolean AVAILABLE;

    static {
        VarHandle master = null;
        VarHandle pipe = null;
        VarHandle selectLock = null;
        boolean available = false;
        if (Platform.isLinux() && Native.LONG_SIZE == 8) {
            try {
                MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(Pty.class, MethodHandles.lookup());
                master = lookup.findVarHandle(Pty.class, "myMaster", int.class);
                pipe = lookup.findVarHandle(Pty.class, "myPipe", int[].class);
                selectLock = lookup.findVarHandle(Pty.class, "mySelectLock", Object.class);
                Native.register(DirectPtyRead.class, Platform.C_LIBRARY_NAME);
                available = true;
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                LOG.warn("PTY reads go through pty4j's JNA calls ({}); update dev.holdfast.terminal.pty.DirectPtyRead "
                        + "for this pty4j version", e.toString());
            }
        }
        MASTER = master;
        PIPE = pipe;
        SELECT_LOCK = selectLock;
        AVAILABLE = available;
    }

    private final Pty pty;
    private final Memory pollFds = new Memory(2L * POLLFD_BYTES);
    private final Memory buffer;

    /** @param largestRead the most bytes one {@link #read} asks for */
    DirectPtyRead(Pty pty, int largestRead) {
        this.pty = pty;
        this.buffer = new Memory(Math.max(1, largestRead));
    }

    static boolean available() {
        return AVAILABLE;
    }

    /**
     * Waits for output and reads up to {@code length} bytes of it (at most the largest read) into
     * {@code into[offset ..]}.
     *
     * @return the bytes read, or -1 when the PTY is closed, at its end, or failed (as pty4j's read reports them all)
     */
    int read(byte[] into, int offset, int length) {
        int master = (int) MASTER.getVolatile(pty);
        if (master == -1) {
            return -1;
        }
        synchronized (SELECT_LOCK.get(pty)) {
            int wakeUp = ((int[]) PIPE.get(pty))[0];
            if (wakeUp == -1 || !awaitOutput(wakeUp, master)) {
                return -1;
            }
        }
        long n = read(master, buffer, Math.min(length, buffer.size()));
        if (n <= 0) {
            return -1;
        }
        buffer.read(0, into, offset, (int) n);
        return (int) n;
    }

    /** Whether the master has output; false once the wake-up pipe was written to (a close) or the PTY hung up. */
    private boolean awaitOutput(int wakeUp, int master) {
        pollFds.setInt(0, wakeUp);
        pollFds.setShort(4, POLLIN);
        pollFds.setInt(POLLFD_BYTES, master);
        pollFds.setShort(POLLFD_BYTES + 4, POLLIN);
        while (true) {
            pollFds.setShort(6, (short) 0);
            pollFds.setShort(POLLFD_BYTES + 6, (short) 0);
            if (poll(pollFds, 2, -1) > 0) {
                return (pollFds.getShort(POLLFD_BYTES + 6) & POLLIN) != 0;
            }
            int errno = Native.getLastError();
            if (errno != EINTR && errno != EAGAIN) {
                return false;
            }
        }
    }

    private static native int poll(Pointer fds, int count, int timeoutMillis);

    private static native long read(int fd, Pointer buffer, long count);
}
