package dev.holdfast.terminal.pty;

import dev.holdfast.terminal.bundle.PrivateBundle;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Unpacks pty4j's native files (its {@code libpty}, and on macOS its spawn helper) into a folder of ours, for pty4j
 * to load from ({@value #PREFERRED_FOLDER_PROPERTY}) instead of unpacking them itself.
 *
 * <p>Why: pty4j unpacks into {@code pty4j.tmpdir} on first use, and two JVMs doing that at once race. One creates
 * the folder while the other does (and fails: "Cannot extract pty4j native"), or clears and rewrites the library the
 * other is loading. Two Holdfast windows started together on a fresh account, or a launch beside a running one, left
 * one of them unable to start any shell ("Cannot load native pty executor library"; the reliability harness's
 * two-instance row found it). Here the files are installed as the shells' integration scripts are: staged beside
 * their folder and renamed into place whole ({@link PrivateBundle}), so a reader sees a whole set or none; and the
 * folder is named after the files' content, so two versions never share one.
 */
public final class PtyNatives {
    /** pty4j's own setting: the folder it loads its native files from, {@code <folder>/<os>/<arch>/<file>}. */
    public static final String PREFERRED_FOLDER_PROPERTY = "pty4j.preferred.native.folder";
    private static final String BUNDLED = "resources/com/pty4j/native/";
    private static final Set<PosixFilePermission> CODE_MODE = PosixFilePermissions.fromString("rwx------");

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
     * Installs {@code platform}'s files from pty4j's jar (found through {@code loader}) under {@code cache/pty4j/}, in
     * a folder named after their content ({@link PrivateBundle}, files 0700: code to load and run), and returns the
     * folder to give pty4j. Empty when the jar lacks one of them. Safe against other processes doing the same at the
     * same moment.
     */
    static Optional<Path> unpack(Path cache, Platform platform, ClassLoader loader) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (String name : platform.names()) {
            try (InputStream in = loader.getResourceAsStream(BUNDLED + platform.subPath() + "/" + name)) {
                if (in == null) {
                    return Optional.empty();
                }
                files.put(platform.subPath() + "/" + name, in.readAllBytes());
            }
        }
        return Optional.of(PrivateBundle.install(cache.resolve("pty4j"), files, CODE_MODE));
    }
}
