package dev.holdfast.checkpoint.store;

import java.io.IOException;
import java.nio.file.Path;

/**
 * How a small state file reaches the disk. Production code writes atomically through {@link PrivateFiles}; a test
 * that needs the disk to be full at a given moment passes a writer that fails then.
 */
@FunctionalInterface
public interface StateWriter {

    /** Temporary file, fsync, rename, directory sync: {@link PrivateFiles#writeAtomically}. */
    StateWriter ATOMIC = PrivateFiles::writeAtomically;

    /** Replaces {@code target} with {@code bytes}, whole or not at all. */
    void write(Path target, byte[] bytes) throws IOException;
}
