package dev.holdfast.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The app image's launchers answer like the repository's ./holdfast, with the options they need baked in. */
@ExtendWith(BuiltPackages.Resolver.class)
class AppImageIT {
    private static final Duration QUICK = Duration.ofSeconds(60);

    @Test
    void theCommandAndTheLauncherPrintTheVersionAndNothingElse(BuiltPackages built) {
        Path image = built.image();
        for (String launcher : List.of("bin/holdfast", "bin/Holdfast")) {
            Command.Result result = Command.of(image.resolve(launcher).toString(), "--version").run(QUICK).succeeded();
            assertEquals("Holdfast " + built.version + "\n", result.stdout(), launcher);
            assertEquals("", result.stderr(), launcher + " wrote to the console");
        }
    }

    @Test
    void theCommandHandsCtlToTheControlClient(BuiltPackages built, @TempDir Path state) {
        Path command = built.image().resolve("bin/holdfast");
        Command.Result help = Command.of(command.toString(), "ctl", "--help").run(QUICK).succeeded();
        assertTrue(help.stdout().startsWith("Usage: holdfast ctl"), help.stdout());

        Command.Result list = Command.of(command.toString(), "ctl", "list")
                .withEnvironment(Map.of("HOLDFAST_STATE_DIR", state.toString())).run(QUICK);
        assertEquals(2, list.exitCode(), "exit status for 'no Holdfast running'; stderr: " + list.stderr());
    }

    @Test
    void launcherBakesHeapEncodingAndNativeLibraryOptions(BuiltPackages built) throws IOException {
        Path appDir = built.image().resolve("lib/app");
        List<String> options = Files.readAllLines(appDir.resolve("Holdfast.cfg")).stream()
                .filter(line -> line.startsWith("java-options="))
                .map(line -> line.substring("java-options=".length()))
                .toList();
        assertTrue(options.contains("-Xmx2g"), options.toString());
        assertTrue(options.contains("-Dfile.encoding=UTF-8"), options.toString());
        assertTrue(options.contains("-XX:SharedArchiveFile=$APPDIR/holdfast.jsa"), options.toString());
        // Each library is pointed at a native library that is really in the image, so none unpacks its own.
        assertTrue(options.contains("-Dpty4j.preferred.native.folder=$APPDIR/native/pty4j"), options.toString());
        assertTrue(options.contains("-Dorg.sqlite.lib.path=$APPDIR/native/sqlite"), options.toString());
        assertTrue(options.contains("-Djna.boot.library.path=$APPDIR/native/jna"), options.toString());
        String arch = System.getProperty("os.arch").matches("amd64|x86_64") ? "x86-64" : "aarch64";
        assertTrue(Files.isRegularFile(appDir.resolve("native/pty4j/linux/" + arch + "/libpty.so")));
        assertTrue(Files.isRegularFile(appDir.resolve("native/sqlite/libsqlitejdbc.so")));
        assertTrue(Files.isRegularFile(appDir.resolve("native/jna/libjnidispatch.so")));
        assertTrue(Files.isRegularFile(appDir.resolve("lib/libglassgtk3.so")), "JavaFX natives next to its jars");
    }

    @Test
    void bothLaunchersStartFromTheClassDataArchive(BuiltPackages built) {
        Path image = built.image();
        // With a recorded class list it holds the app's classes; without one (no Xvfb at build time), the JDK's.
        // JAVA_TOOL_OPTIONS reaches the JVM itself (JDK_JAVA_OPTIONS would not: jpackage launchers ignore it).
        String archive = "Opened archive " + realPath(image.resolve("lib/app/holdfast.jsa"));
        Map<String, String> logCds = Map.of("JAVA_TOOL_OPTIONS", "-Xlog:cds=info");
        Command.Result app = Command.of(image.resolve("bin/holdfast").toString(), "--version")
                .withEnvironment(logCds).run(QUICK).succeeded();
        assertTrue(app.stdout().contains(archive), app.stdout());
        Command.Result ctl = Command.of(image.resolve("bin/holdfast").toString(), "ctl", "--help")
                .withEnvironment(logCds).run(QUICK).succeeded();
        assertTrue(ctl.stdout().contains(archive), ctl.stdout());
    }

    /**
     * What the package scripts run, tried on an empty prefix: a minimal system has no menu or icon directories
     * (jpackage's xdg-desktop-menu step fails there), and removal must leave nothing behind.
     */
    @Test
    void systemIntegrationWorksOnAnEmptyPrefixAndRemovalLeavesNothing(BuiltPackages built, @TempDir Path prefix)
            throws IOException {
        Path image = built.image().toRealPath();
        Path script = image.resolve("lib/system-integration.sh");
        Command.of(script.toString(), "install", "--prefix", prefix.toString()).run(QUICK).succeeded();

        assertEquals(image.resolve("bin/holdfast"), Files.readSymbolicLink(prefix.resolve("bin/holdfast")));
        String desktop = Files.readString(prefix.resolve("share/applications/holdfast.desktop"));
        assertTrue(desktop.contains("\nExec=" + image.resolve("bin/Holdfast") + "\n"), desktop);
        for (int n : List.of(16, 32, 48, 64, 128, 256, 512)) {
            assertTrue(Files.isRegularFile(prefix.resolve("share/icons/hicolor/" + n + "x" + n + "/apps/holdfast.png")));
        }
        Command.Result viaLink = Command.of(prefix.resolve("bin/holdfast").toString(), "--version").run(QUICK).succeeded();
        assertEquals("Holdfast " + built.version + "\n", viaLink.stdout());

        Command.of(script.toString(), "remove", "--prefix", prefix.toString()).run(QUICK).succeeded();
        try (Stream<Path> left = Files.walk(prefix)) {
            assertEquals(List.of(), left.filter(p -> !Files.isDirectory(p)).toList(), "left behind after remove");
        }
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            throw new AssertionError(path + " is missing", e);
        }
    }
}
