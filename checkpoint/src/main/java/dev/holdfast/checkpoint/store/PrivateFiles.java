package dev.holdfast.checkpoint.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
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

    private static void syncDirectory(Path directory) throws IOException {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }
}
