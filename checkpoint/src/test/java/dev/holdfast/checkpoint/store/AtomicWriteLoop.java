package dev.holdfast.checkpoint.store;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The child process of {@link AtomicWriteCrashTest}: rewrites one file with two alternating contents as fast as
 * it can, printing a line after each completed write, until it is killed.
 */
public final class AtomicWriteLoop {

    private AtomicWriteLoop() {
    }

    public static void main(String[] args) throws IOException {
        Path target = Path.of(args[0]);
        byte[][] contents = {AtomicWriteCrashTest.contentA(), AtomicWriteCrashTest.contentB()};
        for (long written = 0; ; written++) {
            PrivateFiles.writeAtomically(target, contents[(int) (written % 2)]);
            System.out.println(written);
            System.out.flush();
        }
    }
}
