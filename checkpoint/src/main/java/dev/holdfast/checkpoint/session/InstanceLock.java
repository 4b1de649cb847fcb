package dev.holdfast.checkpoint.session;

import dev.holdfast.checkpoint.store.PrivateFiles;
import dev.holdfast.checkpoint.store.StateDirectory;
import dev.holdfast.checkpoint.store.StateJson;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
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
 * the first still holds the old one. Should something else delete or replace it (a cleaner, a user emptying the
 * directory), the owner takes the new file at its next {@link #keep()}, so later launches still find it held.
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

    /** What {@link #keep()} found. */
    public enum Hold {
        /** The file at the lock's path is the one this launch holds. */
        HELD,
        /** It had been removed or replaced; this launch holds the new one now. */
        RETAKEN,
        /** It had been removed, and another launch took the new file: two launches use the directory. */
        LOST
    }

    private final Path file;
    // Guarded by this: replaced when the file is taken again.
    private FileChannel channel;
    private FileLock lock;
    private Object fileKey;

    private InstanceLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
        this.fileKey = fileKeyOf(file);
    }

    /**
     * Checks that the file at the lock's path is still the one locked, and takes it again when it was removed or
     * replaced. Call it now and then (the sentinel's heartbeat); it costs one stat.
     */
    public synchronized Hold keep() {
        Object now = fileKeyOf(file);
        if (now != null && now.equals(fileKey)) {
            return Hold.HELD;
        }
        Attempt attempt = tryAcquire(file);
        if (!(attempt instanceof Acquired acquired)) {
            return Hold.LOST;
        }
        InstanceLock taken = acquired.lock();
        FileChannel old = channel;
        channel = taken.channel;
        lock = taken.lock;
        fileKey = taken.fileKey;
        closeQuietly(old);
        return Hold.RETAKEN;
    }

    /** The file's identity (device and inode), or null when it is not there or cannot be read. */
    private static Object fileKeyOf(Path file) {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class).fileKey();
        } catch (IOException gone) {
            return null;
        }
    }

    /** The lock file's path in {@code directory}. */
    public static Path fileIn(StateDirectory directory) {
        return directory.root().resolve("instance.lock");
    }

    /** Tries once, without waiting. The state directory must have been {@link StateDirectory#open() opened}. */
    public static Attempt tryAcquire(StateDirectory directory) {
        return tryAcquire(fileIn(directory));
    }

    private static Attempt tryAcquire(Path file) {
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
            return new Acquired(new InstanceLock(file, channel, lock));
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
    public synchronized void close() throws IOException {
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
