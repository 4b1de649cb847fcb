package dev.holdfast.terminal.pty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pty4j.PtyProcess;
import com.pty4j.PtyProcessBuilder;
import com.sun.management.ThreadMXBean;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A real PTY's output read through {@link PtyOutput}: every byte, in 64 KB reads, with no buffer per read. */
class PtyOutputTest {
    private static final int TOTAL = 4_000_000;

    private static PtyProcess flood() throws IOException {
        // Four million 'x's and no newline, so the line discipline passes them through unchanged.
        return new PtyProcessBuilder(new String[] {"/bin/sh", "-c", "head -c " + TOTAL + " /dev/zero | tr '\\0' x"})
                .setEnvironment(Map.of("PATH", "/usr/bin:/bin", "TERM", "dumb"))
                .setRedirectErrorStream(true)
                .start();
    }

    @Test
    void readsEveryByteAtAnyOffsetAndAllocatesNoBufferPerRead() throws Exception {
        PtyProcess process = flood();
        try {
            InputStream out = PtyOutput.of(process);
            assertTrue(out instanceof PtyOutput, "this pty4j lets Holdfast read into its own buffer");
            ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
            byte[] buffer = new byte[64 * 1024];
            long read = 0;
            long reads = 0;
            long allocatedBefore = threads.getCurrentThreadAllocatedBytes();
            while (true) {
                // Every other read at an offset, as the read loop does when a UTF-8 sequence was cut in two.
                int offset = (int) (reads % 2) * 3;
                int n = out.read(buffer, offset, buffer.length - offset);
                if (n < 0) {
                    break;
                }
                for (int i = offset; i < offset + n; i++) {
                    if (buffer[i] != 'x') {
                        throw new AssertionError("byte " + (read + i - offset) + " is " + buffer[i]);
                    }
                }
                read += n;
                reads++;
            }
            long allocated = threads.getCurrentThreadAllocatedBytes() - allocatedBefore;
            assertEquals(TOTAL, read, "every byte the program wrote");
            // pty4j's own stream allocates a buffer of the requested 64 KB per read; what is left here is its
            // wait for output (two small JNA structures per poll), a few kilobytes.
            assertTrue(allocated / reads < 16 * 1024, allocated + " bytes allocated in " + reads + " reads of "
                    + read + " bytes");
        } finally {
            process.destroy();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
