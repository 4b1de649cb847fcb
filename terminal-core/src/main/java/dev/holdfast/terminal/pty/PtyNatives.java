package dev.holdfast.terminal.pty;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Unpacks pty4j's native files (its {@code libpty}, and on macOS its spawn helper) into a folder of ours, for pty4j
 * to load from ({@value #PREFERRED_FOLDER_PROPERTY}) instead of unpacking them itself.
 *
 * <p>Why: pty4j unpacks into {@code pty4j.tmpdir} on first use, and two JVMs doing that at once race. One creates
 * the folder while the other does (and fails: "Cannot extract pty4j native"), or clears and rewrites the library the
 * other is loading. Two Holdfast windows started together on a fresh account, or a launch beside a running one, left
 * one of them unable to start any shell ("Cannot load native pty executor library"; the reliability harness's
 * two-instance row found it). Here every file is written under a temporary name and renamed into place, so a reader
 * sees a whole file or none; and the folder is named after the files' content, so two versions never share one.
 */
public final class PtyNatives {
    /** pty4j's own setting: the folder it loads its native files from, {@code <folder>/<os>/<arch>/<file>}. */
    public static final String PREFERRED_FOLDER_PROPERTY = "pty4j.preferred.native.folder";
    private static final String BUNDLED = "resources/com/pty4j/native/";

    /** Where in pty4j's jar, and under the folder, this platform's files are, and their names. */
    record Platform(String subPath, List<String> names) {
    }

    private PtyNatives() {
    }

    /**
     * pty4j's layout for {@code osName} and JNA's name of the architecture ({@code com.sun.jna.Platform.ARCH}): empty
     * for a platform Holdfast does not unpack for (pty4j then unpacks as it always did).
     */
    static Optional<Platform> platform(String osName, String jnaArch) {
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.contains("mac") || os.contains("darwin")) {
            return Optional.of(new Platform("darwin", List.of("libpty.dylib", "pty4j-unix-spawn-helper")));
        }
        if (os.contains("linux")) {
            return Optional.of(new Platform("linux/" + jnaArch, List.of("libpty.so")));
        }
        if (os.contains("freebsd")) {
            return Optional.of(new Platform("freebsd/" + jnaArch, List.of("libpty.so")));
        }
        return Optional.empty();
    }

    /** Unpacks this machine's files under {@code cache}; see {@link #unpack(Path, Platform, ClassLoader)}. */
    public static Optional<Path> unpack(Path cache) throws IOException {
        Optional<Platform> platform = platform(System.getProperty("os.name", ""), com.sun.jna.Platform.ARCH);
        if (platform.isEmpty()) {
            return Optional.empty();
        }
        return unpack(cache, platform.get(), PtyNatives.class.getClassLoader());
    }

    /**
     * Writes {@code platform}'s files from pty4j's jar (found through {@code loader}) into
     * {@code cache/pty4j-<hash of their content>/<subPath>/}, each only if it is not there already with that content,
     * and returns the folder to give pty4j. Empty when the jar lacks one of them. Safe against other processes doing
     * the same at the same moment. Files and folders are private to the user (0700: the files are code to load and
     * run).
     */
    static Optional<Path> unpack(Path cache, Platform platform, ClassLoader loader) throws IOException {
        List<byte[]> contents = new ArrayList<>();
        for (String name : platform.names()) {
            try (InputStream in = loader.getResourceAsStream(BUNDLED + platform.subPath() + "/" + name)) {
                if (in == null) {
                    return Optional.empty();
                }
                contents.add(in.readAllBytes());
            }
        }
        Path root = cache.resolve("pty4j-" + hash(platform.names(), contents));
        Path folder = root.resolve(platform.subPath());
        Files.createDirectories(folder);
        for (Path dir = folder; dir.startsWith(cache); dir = dir.getParent()) {
            makePrivate(dir);
        }
        for (int i = 0; i < contents.size(); i++) {
            place(folder.resolve(platform.names().get(i)), contents.get(i));
        }
        return Optional.of(root);
    }

    /** Puts {@code content} at {@code target} unless it is there already: written aside, then renamed over it. */
    private static void place(Path target, byte[] content) throws IOException {
        if (Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS) && Files.size(target) == content.length
                && Arrays.equals(Files.readAllBytes(target), content)) {
            return;
        }
        Path temporary = Files.createTempFile(target.getParent(), target.getFileName() + ".", ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(temporary)) {
                out.write(content);
            }
            makePrivate(temporary);
            try {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    private static void makePrivate(Path path) throws IOException {
        try {
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwx------"));
        } catch (UnsupportedOperationException e) {
            // Not a POSIX file system: its ACLs already keep a user's files private.
        }
    }

    private static String hash(List<String> names, List<byte[]> contents) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (int i = 0; i < names.size(); i++) {
                digest.update(names.get(i).getBytes(java.nio.charset.StandardCharsets.UTF_8));
                digest.update((byte) 0);
                digest.update(contents.get(i));
            }
            return HexFormat.of().formatHex(digest.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }
}
