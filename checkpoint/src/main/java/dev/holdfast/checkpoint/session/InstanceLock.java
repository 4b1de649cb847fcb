package dev.holdfast.checkpoint.session;

import dev.holdfast.checkpoint.store.PrivateFiles;
import dev.holdfast.checkpoint.store.StateDirectory;
import dev.holdfast.checkpoint.store.StateJson;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Objects;
import java.util.Set;

/**
 * Which launch owns a state directory: the one holding an exclusive lock on {@code <state>/instance.lock} for
 * its whole lifetime. The operating system releases the lock when the process ends, however it ends, so a
 * crashed owner never blocks the next launch, and two launches started at the same moment cannot both win —
 * the earlier "is the sentinel's process alive?" check let both read, restore and write.
 *
 * <p>The file is never deleted: deleting a lock file lets a third launch lock a new file of the same name while
 * the first still holds the old one.
 */
public final class InstanceLock implements AutoCloseable {

    /** What trying to take the lock gave. */
    public sealed interface Attempt {
    }

    /** This launch owns the state directory until {@link #close()} or its exit. */
    public record Acquired(InstanceLock lock) implements Attempt {
        public Acquired {
            Objects.requireNonNull(lock, "lock");
        }
    }

    /** Another running Holdfast owns it. */
    public record HeldElsewhere() implements Attempt {
    }

    /** The lock file could not be opened or locked (a read-only or unwritable state directory). */
    public record Failed(String reason) implements Attempt {
        public Failed {
            Objects.requireNonNull(reason, "reason");
        }
    }

    private final FileChannel channel;
    private final FileLock lock;

    private InstanceLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** The lock file's path in {@code directory}. */
    public static Path fileIn(StateDirectory directory) {
        return directory.root().resolve("instance.lock");
    }

    /** Tries once, without waiting. The state directory must have been {@link StateDirectory#open() opened}. */
    public static Attempt tryAcquire(StateDirectory directory) {
        Path file = fileIn(directory);
        FileChannel channel;
        try {
            channel = FileChannel.open(file, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE),
                    PosixFilePermissions.asFileAttribute(PrivateFiles.FILE_PERMISSIONS));
        } catch (IOException | UnsupportedOperationException e) {
            return new Failed(StateJson.oneLine(e.toString()));
        }
        try {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                return new HeldElsewhere();
            }
            return new Acquired(new InstanceLock(channel, lock));
        } catch (OverlappingFileLockException e) {
            // This very process holds it already (a second launch inside one JVM, as in tests).
            closeQuietly(channel);
            return new HeldElsewhere();
        } catch (IOException e) {
            closeQuietly(channel);
            return new Failed(StateJson.oneLine(e.toString()));
        }
    }

    /** Gives the state directory up; the process's exit does the same. */
    @Override
    public void close() throws IOException {
        try {
            if (lock.isValid()) {
                lock.release();
            }
        } finally {
            channel.close();
        }
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // Nothing was locked through it.
        }
    }
}
