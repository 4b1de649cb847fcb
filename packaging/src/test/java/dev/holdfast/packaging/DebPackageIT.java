package dev.holdfast.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The .deb: what it declares, what it holds, what its scripts do, and, as root in CI, a real install, run and
 * removal. Skipped where dpkg-deb or fakeroot is missing.
 */
@ExtendWith(BuiltPackages.Resolver.class)
class DebPackageIT {
    private static final Duration QUICK = Duration.ofSeconds(60);
    private static final Duration APT = Duration.ofMinutes(8);
    private static final List<String> JAVAFX_LIBRARIES =
            List.of("libgtk-3-0", "libxtst6", "libpango-1.0-0", "libpangoft2-1.0-0");
    private static final List<Integer> ICON_SIZES = List.of(16, 32, 48, 64, 128, 256, 512);

    @Test
    void dependsOnTheLibrariesJavaFxLoads(BuiltPackages built) {
        String info = Command.of("dpkg-deb", "-I", built.deb().toString()).run(QUICK).succeeded().stdout();
        assertEquals("holdfast", field(info, "Package"));
        assertEquals(built.appVersion() + "-1", field(info, "Version"));
        List<String> depends = Arrays.stream(field(info, "Depends").split(","))
                .map(String::strip).filter(d -> !d.isEmpty()).toList();
        assertTrue(depends.containsAll(JAVAFX_LIBRARIES), depends.toString());
        assertFalse(depends.contains("xdg-utils"), "the menu entry needs no xdg-utils: " + depends);
    }

    @Test
    void holdsTheLaunchersTheCommandTheDesktopEntryAndEveryIcon(BuiltPackages built) {
        String listing = Command.of("dpkg-deb", "-c", built.deb().toString()).run(QUICK).succeeded().stdout();
        List<String> paths = listing.lines().map(line -> line.replaceFirst("^(\\S+\\s+){5}", "")).toList();
        List<String> expected = new ArrayList<>(List.of(
                "./opt/holdfast/bin/Holdfast", "./opt/holdfast/bin/holdfast", "./opt/holdfast/bin/holdfast-ctl",
                "./opt/holdfast/lib/system-integration.sh", "./opt/holdfast/lib/app/holdfast-app.jar",
                "./opt/holdfast/lib/desktop/holdfast.desktop"));
        ICON_SIZES.forEach(n -> expected.add("./opt/holdfast/lib/icons/hicolor/" + n + "x" + n + "/apps/holdfast.png"));
        for (String path : expected) {
            assertTrue(paths.contains(path), path + " is not in the package");
        }
        // The archive depends on where the jars lie; the package scripts write it after unpacking.
        assertFalse(paths.contains("./opt/holdfast/lib/app/holdfast.jsa"), "a class-data archive made elsewhere");
    }

    @Test
    void scriptsIntegrateWithoutXdgToolsAndUndoItOnRemoval(BuiltPackages built, @TempDir Path control) throws IOException {
        Command.of("dpkg-deb", "-e", built.deb().toString(), control.toString()).run(QUICK).succeeded();
        String postinst = commands(Files.readString(control.resolve("postinst")));
        String prerm = commands(Files.readString(control.resolve("prerm")));
        assertTrue(postinst.contains("/opt/holdfast/lib/system-integration.sh install"), postinst);
        assertTrue(postinst.contains("/opt/holdfast/lib/system-integration.sh archive"), postinst);
        assertFalse(postinst.contains("xdg-desktop-menu"), postinst);
        assertTrue(prerm.contains("/opt/holdfast/lib/system-integration.sh remove"), prerm);
        assertTrue(prerm.contains("/opt/holdfast/lib/system-integration.sh remove-archive"), prerm);
    }

    @Test
    void desktopEntryIsHoldfastInTheTerminalCategoryWithItsIcon(BuiltPackages built, @TempDir Path tree)
            throws IOException {
        Command.of("dpkg-deb", "-x", built.deb().toString(), tree.toString()).run(QUICK).succeeded();
        Path entry = tree.resolve("opt/holdfast/lib/desktop/holdfast.desktop");
        String desktop = Files.readString(entry);
        assertTrue(desktop.contains("\nName=Holdfast\n"), desktop);
        assertTrue(desktop.contains("\nCategories=System;TerminalEmulator;\n"), desktop);
        assertTrue(desktop.contains("\nIcon=holdfast\n"), desktop);
        if (Command.onPath("desktop-file-validate")) {
            Command.Result validation = Command.of("desktop-file-validate", entry.toString()).run(QUICK);
            assertEquals("", validation.stdout() + validation.stderr(), "desktop-file-validate");
        }
    }

    /**
     * As a new user would: install with apt (which pulls the dependencies), run the command, find the menu entry
     * and icon, remove, and find nothing left. Changes the machine, so it runs only as root with CI=true (or
     * HOLDFAST_TEST_INSTALL=1), and never over a Holdfast that was installed before.
     */
    @Test
    void installsRunsAndUninstallsCleanly(BuiltPackages built) throws IOException {
        Path deb = built.deb();
        boolean root = "root".equals(System.getProperty("user.name"));
        boolean allowed = "true".equals(System.getenv("CI")) || "1".equals(System.getenv("HOLDFAST_TEST_INSTALL"));
        Skip.unless(root && allowed, "installing the .deb needs root and CI=true (or HOLDFAST_TEST_INSTALL=1)");
        Skip.unless(Command.onPath("apt-get"), "installing the .deb needs apt-get");
        Skip.unless(Command.of("dpkg", "-s", "holdfast").run(QUICK).exitCode() != 0,
                "a holdfast package is already installed on this machine; not replacing it");

        Map<String, String> noninteractive = Map.of("DEBIAN_FRONTEND", "noninteractive");
        boolean dependenciesPresent = Command.of(Stream.concat(Stream.of("dpkg", "-s"), JAVAFX_LIBRARIES.stream()).toList())
                .run(QUICK).exitCode() == 0;
        if (!dependenciesPresent) {
            Command.of("apt-get", "update", "-q").withEnvironment(noninteractive).run(APT).succeeded();
        }
        try {
            Command.of("apt-get", "install", "-y", "-q", "--no-install-recommends", deb.toAbsolutePath().toString())
                    .withEnvironment(noninteractive).run(APT).succeeded();

            Path command = Path.of("/usr/bin/holdfast");
            assertEquals(Path.of("/opt/holdfast/bin/holdfast"), Files.readSymbolicLink(command));
            Command.Result version = Command.of(command.toString(), "--version").run(QUICK).succeeded();
            assertEquals("Holdfast " + built.version + "\n", version.stdout());
            assertEquals("", version.stderr());

            String desktop = Files.readString(Path.of("/usr/share/applications/holdfast.desktop"));
            assertTrue(desktop.contains("\nExec=/opt/holdfast/bin/Holdfast\n"), desktop);
            for (int n : ICON_SIZES) {
                assertTrue(Files.isRegularFile(Path.of("/usr/share/icons/hicolor/" + n + "x" + n + "/apps/holdfast.png")));
            }
            assertTrue(Files.isRegularFile(Path.of("/opt/holdfast/lib/app/holdfast.jsa")),
                    "postinst wrote no class-data archive");
        } finally {
            Command.Result purge = Command.of("apt-get", "purge", "-y", "-q", "holdfast")
                    .withEnvironment(noninteractive).run(APT);
            assertEquals(0, purge.exitCode(), purge.stdout() + purge.stderr());
        }
        assertFalse(Files.exists(Path.of("/opt/holdfast")), "/opt/holdfast is left behind");
        assertFalse(Files.exists(Path.of("/usr/bin/holdfast"), java.nio.file.LinkOption.NOFOLLOW_LINKS));
        assertFalse(Files.exists(Path.of("/usr/share/applications/holdfast.desktop")));
        assertFalse(Files.exists(Path.of("/usr/share/pixmaps/holdfast.png")));
        for (int n : ICON_SIZES) {
            assertFalse(Files.exists(Path.of("/usr/share/icons/hicolor/" + n + "x" + n + "/apps/holdfast.png")));
        }
    }

    /** A shell script without its comments. */
    private static String commands(String script) {
        return script.lines().filter(line -> !line.strip().startsWith("#")).collect(Collectors.joining("\n"));
    }

    private static String field(String controlInfo, String name) {
        return controlInfo.lines().map(String::strip)
                .filter(line -> line.startsWith(name + ":"))
                .map(line -> line.substring(name.length() + 1).strip())
                .findFirst().orElseThrow(() -> new AssertionError("no " + name + " field in:\n" + controlInfo));
    }
}
