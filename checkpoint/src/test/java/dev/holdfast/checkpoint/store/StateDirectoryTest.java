package dev.holdfast.checkpoint.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateDirectoryTest {

    private static final Path HOME = Path.of("/home/dana");
    private static final String LINUX = "Linux";
    private static final String MAC = "Mac OS X";

    @Test
    void linuxStateDefaultsToLocalStateAndConfigToDotConfig() {
        StateDirectory dir = StateDirectory.resolve(Map.of(), LINUX, HOME);

        assertEquals(Path.of("/home/dana/.local/state/holdfast"), dir.root());
        assertEquals(Path.of("/home/dana/.config/holdfast"), dir.configDirectory());
    }

    @Test
    void linuxFollowsAbsoluteXdgVariables() {
        StateDirectory dir = StateDirectory.resolve(
                Map.of("XDG_STATE_HOME", "/data/state", "XDG_CONFIG_HOME", "/data/config"), LINUX, HOME);

        assertEquals(Path.of("/data/state/holdfast"), dir.root());
        assertEquals(Path.of("/data/config/holdfast"), dir.configDirectory());
    }

    @Test
    void relativeOrBlankXdgVariablesAreIgnoredAsTheSpecRequires() {
        StateDirectory relative = StateDirectory.resolve(
                Map.of("XDG_STATE_HOME", "state", "XDG_CONFIG_HOME", "config"), LINUX, HOME);
        StateDirectory blank = StateDirectory.resolve(
                Map.of("XDG_STATE_HOME", " ", "XDG_CONFIG_HOME", ""), LINUX, HOME);

        for (StateDirectory dir : new StateDirectory[] {relative, blank}) {
            assertEquals(Path.of("/home/dana/.local/state/holdfast"), dir.root());
            assertEquals(Path.of("/home/dana/.config/holdfast"), dir.configDirectory());
        }
    }

    @Test
    void macOsKeepsStateAndConfigInApplicationSupportAndIgnoresXdg() {
        StateDirectory dir = StateDirectory.resolve(Map.of("XDG_STATE_HOME", "/data/state"), MAC, HOME);

        Path applicationSupport = Path.of("/home/dana/Library/Application Support/Holdfast");
        assertEquals(applicationSupport, dir.root());
        assertEquals(applicationSupport, dir.configDirectory());
    }

    @Test
    void overrideMovesStateButNotConfigOnEveryPlatform() {
        Map<String, String> env = Map.of("HOLDFAST_STATE_DIR", "/tmp/hf-state", "XDG_STATE_HOME", "/data/state");

        StateDirectory linux = StateDirectory.resolve(env, LINUX, HOME);
        StateDirectory mac = StateDirectory.resolve(env, MAC, HOME);

        assertEquals(Path.of("/tmp/hf-state"), linux.root());
        assertEquals(Path.of("/home/dana/.config/holdfast"), linux.configDirectory());
        assertEquals(Path.of("/tmp/hf-state"), mac.root());
        assertEquals(Path.of("/home/dana/Library/Application Support/Holdfast"), mac.configDirectory());
    }

    @Test
    void blankOverrideIsIgnored() {
        StateDirectory dir = StateDirectory.resolve(Map.of("HOLDFAST_STATE_DIR", "  "), LINUX, HOME);

        assertEquals(Path.of("/home/dana/.local/state/holdfast"), dir.root());
    }

    @Test
    void fromEnvironmentResolvesThisProcesssEnvironment() {
        assertEquals(
                StateDirectory.resolve(System.getenv(), System.getProperty("os.name"),
                        Path.of(System.getProperty("user.home"))),
                StateDirectory.fromEnvironment());
    }

    @Test
    void filesInsideHaveTheirDesignatedNames() {
        Path root = Path.of("/s");
        StateDirectory dir = new StateDirectory(root, Path.of("/c"));

        assertEquals(root.resolve("session.json"), dir.sessionFile());
        assertEquals(root.resolve("session.previous.json"), dir.previousSessionFile());
        assertEquals(root.resolve("launch.sentinel"), dir.sentinelFile());
        assertEquals(root.resolve("scrollback"), dir.scrollbackDir());
        assertEquals(root.resolve("logs"), dir.logsDir());
        assertEquals(root.resolve("panes.sqlite"), dir.panesDatabase());
        assertEquals(root.resolve("control.sock"), dir.controlSocket());
    }

    @Test
    void openCreatesTheDirectoryAndMissingParentsOwnerOnly(@TempDir Path temp) throws IOException {
        Path root = temp.resolve("a").resolve("b").resolve("holdfast");
        StateDirectory dir = new StateDirectory(root, temp.resolve("config"));

        assertSame(dir, dir.open());

        assertEquals("rwx------", mode(root));
        assertEquals("rwx------", mode(temp.resolve("a")));
        assertEquals("rwx------", mode(temp.resolve("a").resolve("b")));
    }

    @Test
    void openTightensAnExistingLooseDirectoryButNotItsParent(@TempDir Path temp) throws IOException {
        Path parent = Files.createDirectory(temp.resolve("shared"));
        Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path root = Files.createDirectory(parent.resolve("holdfast"));
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(root.resolve("session.json"), "{}");

        new StateDirectory(root, temp).open();

        assertEquals("rwx------", mode(root));
        assertEquals("rwxr-xr-x", mode(parent));
        assertEquals("{}", Files.readString(root.resolve("session.json")));
    }

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }
}
