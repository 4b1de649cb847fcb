package dev.holdfast.terminal.shell;

import dev.holdfast.terminal.bundle.PrivateBundle;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Puts the integration scripts, shipped as resources, where shells can read them: a directory named after a hash
 * of their contents inside a private base directory (0700 directories, 0600 files), so two Holdfast versions
 * running at once each keep their own, and an installed set is never rewritten under a starting shell.
 * Installing is idempotent and safe against another Holdfast installing at the same moment.
 */
public final class ShellIntegrationScripts {
    private static final String RESOURCES = "/dev/holdfast/terminal/shell/scripts/";

    /** Resource name → path inside the installed directory. */
    static final Map<String, String> FILES = files();

    private static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");

    private ShellIntegrationScripts() {
    }

    private static Map<String, String> files() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("holdfast.bash", ShellIntegration.BASH_SCRIPT);
        // Kept without its leading dot in the jar: build tools skip dot-files.
        files.put("holdfast.zshenv", ShellIntegration.ZSH_DIRECTORY + "/.zshenv");
        files.put("holdfast.fish", ShellIntegration.FISH_DATA_DIRECTORY + "/fish/vendor_conf.d/holdfast.fish");
        return Map.copyOf(files);
    }

    /** The bundled script named {@code resource} (a key of {@link #FILES}). */
    static byte[] bundled(String resource) {
        try (InputStream in = ShellIntegrationScripts.class.getResourceAsStream(RESOURCES + resource)) {
            if (in == null) {
                throw new IllegalStateException("integration script " + resource + " is missing from the build");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Installs the scripts under {@code baseDirectory} (created 0700 when missing), in a directory named after their
     * content ({@link PrivateBundle}), and returns the integration that loads them. Small file I/O: not on the UI
     * thread.
     */
    public static ShellIntegration install(Path baseDirectory) throws IOException {
        Map<String, byte[]> scripts = new LinkedHashMap<>();
        FILES.forEach((resource, installedAs) -> scripts.put(installedAs, bundled(resource)));
        return new ShellIntegration(PrivateBundle.install(baseDirectory, scripts, FILE_MODE));
    }
}
