package dev.holdfast.terminal.shell;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShellIntegrationScriptsTest {
    @TempDir
    Path dir;

    @Test
    void installsEveryScriptPrivatelyUnderADirectoryNamedAfterTheirContents() throws Exception {
        Path base = dir.resolve("cache/shell-integration");
        ShellIntegration integration = ShellIntegrationScripts.install(base);
        Path root = integration.scriptsDirectory();
        assertEquals(base, root.getParent());
        for (Map.Entry<String, String> file : ShellIntegrationScripts.FILES.entrySet()) {
            Path installed = root.resolve(file.getValue());
            assertArrayEquals(ShellIntegrationScripts.bundled(file.getKey()), Files.readAllBytes(installed));
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(installed)));
        }
        try (Stream<Path> all = Files.walk(base)) {
            all.filter(Files::isDirectory).forEach(d -> assertEquals("rwx------", mode(d), d.toString()));
        }
        assertTrue(Files.isRegularFile(root.resolve("zsh/.zshenv")), "zsh reads .zshenv with its dot");
    }

    @Test
    void installingAgainKeepsTheSameDirectoryAndRepairsATamperedScript() throws Exception {
        ShellIntegration first = ShellIntegrationScripts.install(dir);
        Path bash = first.scriptsDirectory().resolve(ShellIntegration.BASH_SCRIPT);
        Files.writeString(bash, "echo tampered");
        ShellIntegration second = ShellIntegrationScripts.install(dir);
        assertEquals(first, second);
        assertArrayEquals(ShellIntegrationScripts.bundled("holdfast.bash"), Files.readAllBytes(bash));
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(1, left.count(), "no staging directory left behind");
        }
    }

    private static String mode(Path p) {
        try {
            return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
