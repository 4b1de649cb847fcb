package dev.holdfast.terminal.bundle;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Installs a set of files into {@code <base>/<hash of their content>/}: directories 0700, files in the mode given.
 * The set is written into a staging directory beside it and renamed into place whole, so a program that loads from
 * it (a shell sourcing a script, pty4j loading its library) never sees a file half written; and a directory named
 * after its content is never rewritten for another version. Launches doing it at the same moment all end with the
 * same whole directory: the rename of one lands, the others find it whole. An install found damaged is replaced.
 * Small file I/O: not on the UI thread.
 */
public final class PrivateBundle {
    private static final Set<PosixFilePermission> DIRECTORY_MODE = PosixFilePermissions.fromString("rwx------");

    private PrivateBundle() {
    }

    /**
     * @param files each file's path inside the directory, and its content
     * @param fileMode the files' mode (0600 for data, 0700 for code to load and run)
     * @return the directory the files are in
     */
    public static Path install(Path base, Map<String, byte[]> files, Set<PosixFilePermission> fileMode)
            throws IOException {
        Map<String, byte[]> sorted = new TreeMap<>(files);
        Path target = base.resolve(version(sorted));
        createPrivateDirectory(base);
        if (intact(target, sorted)) {
            return target;
        }
        // Only a damaged install is removed: one that another launch renamed into place since the look above is whole.
        if (Files.exists(target) && !intact(target, sorted)) {
            deleteTree(target);
        }
        Path staging = Files.createTempDirectory(base, ".install-", attribute(DIRECTORY_MODE));
        try {
            for (Map.Entry<String, byte[]> file : sorted.entrySet()) {
                Path destination = staging.resolve(file.getKey());
                createPrivateDirectory(destination.getParent());
                Files.write(Files.createFile(destination, attribute(fileMode)), file.getValue());
            }
            try {
                Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileSystemException raced) {
                // Another launch installed the same version a moment ago. Linux's rename says so with ENOTEMPTY, which
                // Java reports as a plain FileSystemException, not as DirectoryNotEmptyException.
                if (!intact(target, sorted)) {
                    throw raced;
                }
            }
        } finally {
            deleteTree(staging);
        }
        return target;
    }

    /** The directory's name: a hash of every file's path and content. */
    static String version(Map<String, byte[]> sorted) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Map.Entry<String, byte[]> file : sorted.entrySet()) {
                digest.update(file.getKey().getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
                digest.update(file.getValue());
            }
            return HexFormat.of().formatHex(digest.digest(), 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }

    private static boolean intact(Path target, Map<String, byte[]> files) throws IOException {
        if (!Files.isDirectory(target)) {
            return false;
        }
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            Path installed = target.resolve(file.getKey());
            if (!Files.isRegularFile(installed) || !Arrays.equals(Files.readAllBytes(installed), file.getValue())) {
                return false;
            }
        }
        return true;
    }

    private static void createPrivateDirectory(Path directory) throws IOException {
        Files.createDirectories(directory, attribute(DIRECTORY_MODE));
        if (!Files.getPosixFilePermissions(directory).equals(DIRECTORY_MODE)) {
            Files.setPosixFilePermissions(directory, DIRECTORY_MODE);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    private static FileAttribute<Set<PosixFilePermission>> attribute(Set<PosixFilePermission> mode) {
        return PosixFilePermissions.asFileAttribute(mode);
    }
}
