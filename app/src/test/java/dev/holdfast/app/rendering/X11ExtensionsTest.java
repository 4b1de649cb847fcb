package dev.holdfast.app.rendering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class X11ExtensionsTest {
    private static boolean onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    @Test
    void aDisplayThatIsNotThereCannotBeAsked() {
        assertEquals(Optional.empty(), X11Extensions.offered(":9876", Set.of("BIG-REQUESTS")));
        assertEquals(Optional.empty(), X11Extensions.offered(null, Set.of("BIG-REQUESTS")));
    }

    @Test
    void xvfbOffersItsCoreExtensionsButNoHardwareGl() throws IOException, InterruptedException {
        assumeTrue(System.getProperty("os.name", "").toLowerCase().contains("linux") && onPath("Xvfb"),
                "needs Xvfb (Debian: apt-get install xvfb)");
        int number = 170;
        while (Files.exists(Path.of("/tmp/.X11-unix/X" + number)) || Files.exists(Path.of("/tmp/.X" + number + "-lock"))) {
            number++;
        }
        Process xvfb = new ProcessBuilder("Xvfb", ":" + number, "-nolisten", "tcp", "-screen", "0", "640x480x24")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            Path socket = Path.of("/tmp/.X11-unix/X" + number);
            long deadline = System.nanoTime() + 20_000_000_000L;
            Optional<Set<String>> offered = Optional.empty();
            while (offered.isEmpty() && System.nanoTime() < deadline && xvfb.isAlive()) {
                if (Files.exists(socket)) {
                    offered = X11Extensions.offered(":" + number, Set.of("BIG-REQUESTS", "DRI3", "DRI2", "NV-GLX"));
                }
                if (offered.isEmpty()) {
                    Thread.sleep(50);
                }
            }

            assertTrue(offered.isPresent(), "Xvfb never answered");
            assertEquals(Set.of("BIG-REQUESTS"), offered.get());
        } finally {
            xvfb.destroy();
            xvfb.waitFor();
        }
    }
}
