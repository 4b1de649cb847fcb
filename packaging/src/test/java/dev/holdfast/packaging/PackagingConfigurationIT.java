package dev.holdfast.packaging;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaging configuration that needs no packaging tool to check: the macOS build (run here as a dry run,
 * built for real only on macOS), the Linux package declarations, and the generated icons.
 */
class PackagingConfigurationIT {
    private static final Duration QUICK = Duration.ofSeconds(60);
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private final Path icons = Path.of(System.getProperty("holdfast.packaging.icons"));

    @Test
    void macBuildMakesAnAppDmgAndPkgWithTheBundleIdAndIcns(@TempDir Path dest) {
        List<String> commands = dryRun("mac", dest);
        String image = jpackage(commands, "app-image");
        assertTrue(image.contains(" --mac-package-identifier dev.holdfast "), image);
        assertTrue(image.contains(" --mac-package-name Holdfast "), image);
        assertTrue(image.contains(" --icon " + icons.resolve("holdfast.icns") + " "), image);
        assertTrue(image.contains(" --main-class dev.holdfast.app.Main "), image);
        assertTrue(image.contains("holdfast-ctl="), "the ctl launcher: " + image);
        assertTrue(image.contains("-Dpty4j.preferred.native.folder=\\$APPDIR/native/pty4j"), image);
        for (String type : List.of("dmg", "pkg")) {
            String installer = jpackage(commands, type);
            assertTrue(installer.contains(" --app-image " + dest.resolve("work/image/Holdfast.app") + " "), installer);
            assertTrue(installer.contains(" --mac-package-identifier dev.holdfast"), installer);
        }
        assertTrue(commands.stream().anyMatch(c -> c.contains("resources/com/pty4j/native/darwin/")),
                "pty4j's macOS natives are unpacked: " + commands);
    }

    @Test
    void linuxBuildDeclaresJavaFxLibrariesAndOverridesTheMaintainerScripts(@TempDir Path dest) {
        List<String> commands = dryRun("linux", dest);
        String deb = jpackage(commands, "deb");
        assertTrue(deb.contains(
                " --linux-package-deps libgtk-3-0\\,\\ libxtst6\\,\\ libpango-1.0-0\\,\\ libpangoft2-1.0-0"), deb);
        assertTrue(deb.contains(" --resource-dir "), deb);
        assertTrue(deb.contains(" --install-dir /opt "), deb);
        String rpm = jpackage(commands, "rpm");
        assertTrue(rpm.contains(" --resource-dir "), rpm);
    }

    @Test
    void everyLinuxIconSizeIsRenderedAtItsSize() throws IOException {
        for (int n : List.of(16, 32, 48, 64, 128, 256, 512)) {
            byte[] png = Files.readAllBytes(icons.resolve("hicolor/" + n + "x" + n + "/apps/holdfast.png"));
            assertEquals(n, pngWidth(png), n + "x" + n);
        }
        assertTrue(Files.readString(icons.resolve("holdfast.svg")).contains("<svg"));
    }

    @Test
    void icnsHoldsEveryMacSizeAsPng() throws IOException {
        ByteBuffer icns = ByteBuffer.wrap(Files.readAllBytes(icons.resolve("holdfast.icns")));
        assertEquals("icns", type(icns));
        assertEquals(icns.capacity(), icns.getInt(), "the header's length");
        Map<String, Integer> widths = new LinkedHashMap<>();
        while (icns.hasRemaining()) {
            String type = type(icns);
            int length = icns.getInt();
            byte[] png = new byte[length - 8];
            icns.get(png);
            assertArrayEquals(PNG_SIGNATURE, Arrays.copyOf(png, 8), type + " is not a PNG");
            widths.put(type, pngWidth(png));
        }
        assertEquals(Map.of("ic11", 32, "ic12", 64, "ic07", 128, "ic13", 256, "ic08", 256, "ic14", 512,
                "ic09", 512, "ic10", 1024), widths);
    }

    private List<String> dryRun(String platform, Path dest) {
        Command.Result result = Command.of("bash", System.getProperty("holdfast.packaging.script"), "--dry-run",
                "--platform", platform, "--input", dest.resolve("in").toString(), "--dest", dest.toString(),
                "--version", System.getProperty("holdfast.version")).run(QUICK).succeeded();
        return result.stderr().lines().filter(line -> line.startsWith("+ ")).map(line -> line + " ").toList();
    }

    private static String jpackage(List<String> commands, String type) {
        return commands.stream().filter(c -> c.contains("jpackage ") && c.contains(" --type " + type + " "))
                .findFirst().orElseThrow(() -> new AssertionError("no jpackage --type " + type + " in " + commands));
    }

    private static String type(ByteBuffer buffer) {
        byte[] type = new byte[4];
        buffer.get(type);
        return new String(type, StandardCharsets.US_ASCII);
    }

    /** The width in a PNG's IHDR chunk, which follows the 8-byte signature and the chunk's length and type. */
    private static int pngWidth(byte[] png) {
        return ByteBuffer.wrap(png, 16, 4).getInt();
    }
}
