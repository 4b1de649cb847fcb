package dev.holdfast.checkpoint.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Set;

/**
 * Files only the user can read (0600) in directories only the user can enter (0700), written whole or not at
 * all. Scrollback and working directories are as private as shell history, so nothing here is ever created
 * readable by others, not even for the moment between creating a file and changing its mode.
 */
public final class PrivateFiles {

    public static final Set<PosixFilePermission> FILE_PERMISSIONS = PosixFilePermissions.fromString("rw-------");
    public static final Set<PosixFilePermission> DIRECTORY_PERMISSIONS = PosixFilePermissions.fromString("rwx------");

    private static final FileAttribute<Set<PosixFilePermission>> FILE_MODE =
            PosixFilePermissions.asFileAttribute(FILE_PERMISSIONS);
    private static final FileAttribute<Set<PosixFilePermission>> DIRECTORY_MODE =
            PosixFilePermissions.asFileAttribute(DIRECTORY_PERMISSIONS);

    private PrivateFiles() {
    }

    /**
     * Replaces {@code target} with {@code bytes} so that a crash at any moment leaves either the old file or the
     * new one, never a mix: the bytes go to a temporary file in the same directory, reach the disk, and only
     * then take the target's name in one rename. The directory is synced last so the rename itself survives a
     * power cut. On failure the old file is untouched, the temporary file is gone and the exception propagates.
     */
    public static void writeAtomically(Path target, byte[] bytes) throws IOException {
        Path directory = target.toAbsolutePath().getParent();
        // A dot-name keeps half-written files out of casual listings; same directory keeps the rename atomic.
        Path temporary = Files.createTempFile(directory, "." + target.getFileName() + ".", ".tmp", FILE_MODE);
        try {
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
        syncDirectory(directory);
    }

    /**
     * Creates {@code directory} and any missing parents as 0700, and sets an existing {@code directory} (not its
     * parents, which may be shared such as {@code ~/.local/state}) to exactly 0700.
     *
     * @return true when an existing directory had a different mode and was changed
     */
    public static boolean createDirectories(Path directory) throws IOException {
        Files.createDirectories(directory, DIRECTORY_MODE);
        if (Files.getPosixFilePermissions(directory).equals(DIRECTORY_PERMISSIONS)) {
            return false;
        }
        Files.setPosixFilePermissions(directory, DIRECTORY_PERMISSIONS);
        return true;
    }

    /** Sets an existing file to 0600, for files this class did not create (moved aside, or made by a user). */
    public static void restrictToOwner(Path file) throws IOException {
        Files.setPosixFilePermissions(file, FILE_PERMISSIONS);
    }

    /**
     * Reads a whole state file, refusing one larger than {@code maxBytes} without reading it: a file that large
     * is corrupt or hostile, and reading a 3 GB file to find that out would end the process. The size is checked
     * first (so a sparse file costs nothing), and the read stops one byte past the limit in case the file grew.
     *
     * @throws FileTooLargeException when the file holds more than {@code maxBytes}
     */
    public static byte[] readBounded(Path file, int maxBytes) throws IOException {
        long size = Files.size(file);
        if (size > maxBytes) {
            throw new FileTooLargeException(file, size, maxBytes);
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            // Sized from the stat, so that a 10 MB session is one read into one array, not 8 KB chunks gathered
            // and copied. A file that grew since the stat is read on, up to one byte past the cap.
            byte[] sized = new byte[(int) size];
            int read = in.readNBytes(sized, 0, sized.length);
            if (read < sized.length) {
                return Arrays.copyOf(sized, read);
            }
            byte[] rest = in.readNBytes(maxBytes + 1 - read);
            if (rest.length == 0) {
                return sized;
            }
            bytes = Arrays.copyOf(sized, read + rest.length);
            System.arraycopy(rest, 0, bytes, read, rest.length);
        }
        if (bytes.length > maxBytes) {
            throw new FileTooLargeException(file, bytes.length, maxBytes);
        }
        return bytes;
    }

    /**
     * Deletes a file and syncs its directory, so that a read after a power cut does not find it again. For
     * deletions a later decision depends on: the launch sentinel (clean exit), outdated checkpoints.
     *
     * @return whether there was a file to delete
     */
    public static boolean deleteDurably(Path file) throws IOException {
        boolean deleted = Files.deleteIfExists(file);
        if (deleted) {
            syncDirectory(file.toAbsolutePath().getParent());
        }
        return deleted;
    }

    /**
     * Rewrites {@code target}'s bytes in place: no temporary file, so it can succeed on a full disk where
     * {@link #writeAtomically} cannot (the file's blocks are reused). A crash in the middle can leave a mix of old
     * and new bytes: only for small files whose readers treat an unreadable one as a safe default.
     */
    public static void overwriteInPlace(Path target, byte[] bytes) throws IOException {
        try (FileChannel channel = FileChannel.open(target,
                Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE), FILE_MODE)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            long position = 0;
            while (buffer.hasRemaining()) {
                position += channel.write(buffer, position);
            }
            channel.truncate(bytes.length);
            channel.force(true);
        }
    }

    /** Makes the directory's entries (creations, renames, deletions) durable. */
    public static void syncDirectory(Path directory) throws IOException {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }
}
