package dev.holdfast.terminal.pty;

import com.pty4j.PtyProcess;
import com.pty4j.unix.Pty;
import com.pty4j.unix.UnixPtyProcess;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A PTY's output as an {@link InputStream} whose reads allocate no buffer: the bytes go straight into the
 * caller's array. On Linux the wait and the read are Holdfast's own direct calls ({@link DirectPtyRead}); elsewhere
 * pty4j's, whose wait for output makes two small JNA structures per read, a few kilobytes.
 *
 * <p>Why: pty4j's own stream ({@code PTYInputStream.read(byte[], int, int)}) allocates a fresh array of the
 * requested length for every read and copies it over; with the 64 KB reads a flood needs, that is 64 KB of
 * garbage per read, a gigabyte for a few seconds of {@code cat}. Underneath, {@code Pty.read(byte[], int)}
 * waits for the master side (with pty4j's poll and its wake-up pipe, which is what makes a close interrupt a
 * blocked read safely) and reads into the array it is given, from index 0. That method is package-private; it
 * is reached once per class load through a private lookup. When the library has changed (or the process is
 * not a Unix PTY) this falls back to pty4j's stream, which is correct, only wasteful.
 *
 * <p>One reader thread per stream, as for any stream.
 */
public final class PtyOutput extends InputStream {
    private static final Logger LOG = LoggerFactory.getLogger(PtyOutput.class);
    private static final MethodHandle READ;

    static {
        MethodHandle read = null;
        try {
            read = MethodHandles.privateLookupIn(Pty.class, MethodHandles.lookup())
                    .findVirtual(Pty.class, "read", MethodType.methodType(int.class, byte[].class, int.class));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            LOG.warn("pty4j's Pty.read(byte[], int) is not reachable ({}); PTY reads allocate a buffer each. Update "
                    + "dev.holdfast.terminal.pty.PtyOutput for this pty4j version.", e.toString());
        }
        READ = read;
    }

    /** The largest read a direct read takes at once (a caller's larger read gets this much). */
    static final int DIRECT_READ_BYTES = 64 * 1024;

    private final Pty pty;
    private final InputStream fallback;
    /** Null where the direct read is not available. */
    private final DirectPtyRead direct;
    /** For reads at an offset: {@code Pty.read} fills from index 0. Grown once to the largest read asked for. */
    private byte[] scratch = new byte[0];

    private PtyOutput(Pty pty, InputStream fallback) {
        this.pty = pty;
        this.fallback = fallback;
        this.direct = DirectPtyRead.available() ? new DirectPtyRead(pty, DIRECT_READ_BYTES) : null;
    }

    /** Whether reads are Holdfast's direct calls, not pty4j's. */
    boolean readsDirectly() {
        return direct != null;
    }

    /** The output of {@code process}: the allocation-free reader where pty4j allows it, else its own stream. */
    public static InputStream of(PtyProcess process) {
        if ((READ != null || DirectPtyRead.available()) && process instanceof UnixPtyProcess unix
                && unix.getPty() != null) {
            return new PtyOutput(unix.getPty(), process.getInputStream());
        }
        return process.getInputStream();
    }

    @Override
    public int read() throws IOException {
        return fallback.read();
    }

    @Override
    public int read(byte[] buf, int offset, int length) throws IOException {
        if (offset < 0 || length < 0 || length > buf.length - offset) {
            throw new IndexOutOfBoundsException("offset " + offset + ", length " + length + ", array " + buf.length);
        }
        if (length == 0) {
            return 0;
        }
        if (direct != null) {
            return direct.read(buf, offset, length);
        }
        byte[] target = buf;
        if (offset != 0) {
            if (scratch.length < length) {
                scratch = new byte[length];
            }
            target = scratch;
        }
        int n;
        try {
            n = (int) READ.invokeExact(pty, target, length);
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IOException(e);
        }
        // pty4j's stream reports the end (EOF, EIO once the shell has gone, a closed PTY) as -1 for any n <= 0.
        if (n <= 0) {
            return -1;
        }
        if (target != buf) {
            System.arraycopy(target, 0, buf, offset, n);
        }
        return n;
    }

    @Override
    public int available() throws IOException {
        return fallback.available();
    }

    @Override
    public void close() throws IOException {
        fallback.close();
    }
}
