package dev.holdfast.terminal.shell;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
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
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

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

    private static final Set<PosixFilePermission> DIRECTORY_MODE = PosixFilePermissions.fromString("rwx------");
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
     * Installs the scripts under {@code baseDirectory} (created 0700 when missing) and returns the integration
     * that loads them. Small file I/O: not on the UI thread.
     */
    public static ShellIntegration install(Path baseDirectory) throws IOException {
        Map<String, byte[]> contents = new LinkedHashMap<>();
        FILES.keySet().stream().sorted().forEach(name -> contents.put(name, bundled(name)));
        Path target = baseDirectory.resolve(version(contents));
        createPrivateDirectory(baseDirectory);
        if (installedIntact(target, contents)) {
            return new ShellIntegration(target);
        }
        deleteTree(target);
        Path staging = Files.createTempDirectory(baseDirectory, ".install-", attribute(DIRECTORY_MODE));
        try {
            for (Map.Entry<String, byte[]> file : contents.entrySet()) {
                Path destination = staging.resolve(FILES.get(file.getKey()));
                createPrivateDirectory(destination.getParent());
                Files.write(Files.createFile(destination, attribute(FILE_MODE)), file.getValue());
            }
            try {
                Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | DirectoryNotEmptyException raced) {
                // Another Holdfast installed the same version a moment ago.
                if (!installedIntact(target, contents)) {
                    throw raced;
                }
            }
        } finally {
            deleteTree(staging);
        }
        return new ShellIntegration(target);
    }

    private static String version(Map<String, byte[]> contents) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Map.Entry<String, byte[]> file : contents.entrySet()) {
                digest.update(file.getKey().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                digest.update((byte) 0);
                digest.update(file.getValue());
            }
            return HexFormat.of().formatHex(digest.digest(), 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean installedIntact(Path target, Map<String, byte[]> contents) throws IOException {
        if (!Files.isDirectory(target)) {
            return false;
        }
        for (Map.Entry<String, byte[]> file : contents.entrySet()) {
            Path installed = target.resolve(FILES.get(file.getKey()));
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
