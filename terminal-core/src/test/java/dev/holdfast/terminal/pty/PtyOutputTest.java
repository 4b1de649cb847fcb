package dev.holdfast.terminal.pty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pty4j.PtyProcess;
import com.pty4j.PtyProcessBuilder;
import com.sun.jna.Platform;
import com.sun.management.ThreadMXBean;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
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
            boolean direct = ((PtyOutput) out).readsDirectly();
            assertEquals(Platform.isLinux(), direct, "Holdfast's own calls on Linux, pty4j's elsewhere");
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
            // pty4j's own stream allocates a buffer of the requested 64 KB per read; pty4j's wait for output, two
            // small JNA structures per poll, a few kilobytes; the direct calls, nothing.
            assertTrue(allocated / reads < (direct ? 256 : 16 * 1024), allocated + " bytes allocated in " + reads
                    + " reads of " + read + " bytes");
        } finally {
            process.destroy();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aReadWaitingForOutputEndsWhenTheStreamIsClosed() throws Exception {
        // The shell's child keeps the PTY open, so only the close can end the wait.
        PtyProcess process = new PtyProcessBuilder(new String[] {"/bin/sh", "-c", "echo ready; sleep 60"})
                .setEnvironment(Map.of("PATH", "/usr/bin:/bin", "TERM", "dumb"))
                .start();
        try {
            InputStream out = PtyOutput.of(process);
            byte[] buffer = new byte[64 * 1024];
            StringBuilder seen = new StringBuilder();
            while (!seen.toString().contains("ready")) {
                int n = out.read(buffer, 0, buffer.length);
                assertTrue(n > 0, "output before the close");
                seen.append(new String(buffer, 0, n, StandardCharsets.US_ASCII));
            }
            CompletableFuture<Integer> waiting = new CompletableFuture<>();
            Thread reader = new Thread(() -> {
                try {
                    waiting.complete(out.read(buffer, 0, buffer.length));
                } catch (IOException | RuntimeException e) {
                    waiting.completeExceptionally(e);
                }
            }, "pty-output-test-reader");
            reader.start();
            // Close once the read waits in poll (Holdfast's or pty4j's), so that the close is what ends the wait.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!waitsInPoll(reader) && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertTrue(waitsInPoll(reader), "the read waits for output");
            out.close();
            assertEquals(-1, waiting.get(10, TimeUnit.SECONDS), "the waiting read ends at the close");
        } finally {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static boolean waitsInPoll(Thread reader) {
        for (StackTraceElement frame : reader.getStackTrace()) {
            if (frame.getMethodName().equals("poll")) {
                return true;
            }
        }
        return false;
    }
}
