package dev.holdfast.terminal.pty;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Points pty4j at a private, stable directory for its native library.
 *
 * <p>Without {@code pty4j.tmpdir}, pty4j extracts {@code libpty} into a new {@code pty4j-*} folder in the
 * system temp directory on every run and never removes it. With it, pty4j reuses the directory and only
 * re-extracts when the checksum differs. Must run before the first pty4j class is used.
 */
public final class NativeLibraryDirectory {
    private static final Logger LOG = LoggerFactory.getLogger(NativeLibraryDirectory.class);
    public static final String PTY4J_PROPERTY = "pty4j.tmpdir";

    private NativeLibraryDirectory() {
    }

    /**
     * The cache directory for native libraries: {@code $XDG_CACHE_HOME/holdfast/native} (default
     * {@code ~/.cache/holdfast/native}); macOS {@code ~/Library/Caches/Holdfast/native}.
     */
    public static Path defaultLocation(Map<String, String> env, String osName, Path home) {
        if (osName.toLowerCase().contains("mac")) {
            return home.resolve("Library/Caches/Holdfast/native");
        }
        String xdg = env.get("XDG_CACHE_HOME");
        Path cache = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg) : home.resolve(".cache");
        return cache.resolve("holdfast/native");
    }

    /**
     * Creates {@code dir} (0700) and sets {@code pty4j.tmpdir} to it, unless the property is already set
     * (the launcher or a test chose one), and unpacks pty4j's native files there for it to load
     * ({@link PtyNatives}), unless a folder for them is set already. Returns the directory in effect.
     */
    public static Path install(Path dir) throws IOException {
        String existing = System.getProperty(PTY4J_PROPERTY);
        Path target = existing != null && !existing.isBlank() ? Path.of(existing) : dir;
        Files.createDirectories(target);
        try {
            Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwx------"));
        } catch (UnsupportedOperationException e) {
            // Not a POSIX file system (Windows): its ACLs already keep a user's cache private.
        }
        System.setProperty(PTY4J_PROPERTY, target.toAbsolutePath().toString());
        String preferred = System.getProperty(PtyNatives.PREFERRED_FOLDER_PROPERTY);
        if (preferred == null || preferred.isBlank()) {
            try {
                PtyNatives.unpack(target.toAbsolutePath()).ifPresent(folder ->
                        System.setProperty(PtyNatives.PREFERRED_FOLDER_PROPERTY, folder.toString()));
            } catch (IOException | RuntimeException e) {
                // pty4j then unpacks into the same directory itself, as it did before PtyNatives.
                LOG.warn("Could not unpack pty4j's native files into {}: {}", target, e.toString());
            }
        }
        return target;
    }
}
