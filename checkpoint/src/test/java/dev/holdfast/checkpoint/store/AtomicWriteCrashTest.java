package dev.holdfast.checkpoint.store;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a process with SIGKILL while it rewrites a file with {@link PrivateFiles#writeAtomically} and checks
 * that the file is always one of the two complete contents. A plain truncate-and-write fails this within a few
 * rounds: the kill lands mid-write and leaves a short or mixed file.
 */
class AtomicWriteCrashTest {

    private static final int ROUNDS = 20;
    private static final Duration CHILD_DEADLINE = Duration.ofSeconds(20);
    // Different lengths and bytes, so a torn file (a prefix, or a mix of both) matches neither.
    private static final int SIZE_A = 3 * 1024 * 1024;
    private static final int SIZE_B = 2 * 1024 * 1024 + 17;

    static byte[] contentA() {
        return filled(SIZE_A, (byte) 'a');
    }

    static byte[] contentB() {
        return filled(SIZE_B, (byte) 'b');
    }

    private static byte[] filled(int size, byte value) {
        byte[] bytes = new byte[size];
        Arrays.fill(bytes, value);
        bytes[size - 1] = '\n';
        return bytes;
    }

    @TempDir
    Path dir;

    @Test
    void sigkillAtAnyMomentLeavesEitherTheOldOrTheNewContentNeverATornFile() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Path target = dir.resolve("session.json");
        byte[] a = contentA();
        byte[] b = contentB();
        PrivateFiles.writeAtomically(target, a);
        int roundsKilledMidWrite = 0;

        for (int round = 0; round < ROUNDS; round++) {
            String context = "round " + round + ", seed " + seed;
            Process child = startWriter(target, round);
            try {
                awaitCompletedWrites(child, 1 + random.nextInt(3), context);
                LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(random.nextInt(5_000)));
            } finally {
                child.destroyForcibly();
                child.waitFor();
            }

            byte[] found = Files.readAllBytes(target);
            if (!Arrays.equals(found, a) && !Arrays.equals(found, b)) {
                fail("torn file after SIGKILL (" + found.length + " bytes) in " + context);
            }
            List<Path> leftovers = temporaryFiles(target);
            if (!leftovers.isEmpty()) {
                roundsKilledMidWrite++;
                for (Path leftover : leftovers) {
                    Files.delete(leftover);
                }
            }
        }

        // Proof that the kills really landed inside writes; otherwise this test would prove nothing.
        assertTrue(roundsKilledMidWrite > 0, "no kill interrupted a write; seed " + seed);
    }

    private Process startWriter(Path target, int round) throws IOException {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        return new ProcessBuilder(java,
                "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-Xmx64m",
                "-cp", System.getProperty("java.class.path"),
                AtomicWriteLoop.class.getName(), target.toString())
                .redirectError(dir.resolve("child-" + round + ".err").toFile())
                .start();
    }

    /** Polls the child's output for completed writes, so a hung child fails the test instead of blocking it. */
    private void awaitCompletedWrites(Process child, int writes, String context) throws IOException {
        InputStream out = child.getInputStream();
        long deadline = System.nanoTime() + CHILD_DEADLINE.toNanos();
        int lines = 0;
        while (lines < writes) {
            if (out.available() > 0) {
                if (out.read() == '\n') {
                    lines++;
                }
            } else if (!child.isAlive()) {
                fail("writer exited with " + child.exitValue() + " in " + context);
            } else if (System.nanoTime() > deadline) {
                fail("writer completed " + lines + " of " + writes + " writes in " + CHILD_DEADLINE + " in " + context);
            } else {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            }
        }
    }

    private List<Path> temporaryFiles(Path target) throws IOException {
        String prefix = "." + target.getFileName() + ".";
        try (Stream<Path> listing = Files.list(dir)) {
            return listing.filter(p -> p.getFileName().toString().startsWith(prefix)).toList();
        }
    }
}
