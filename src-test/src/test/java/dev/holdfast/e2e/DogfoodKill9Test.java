package dev.holdfast.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Runs the kill -9 dogfood script in its fast mode against the built app, headless: start, three tabs of
 * coloured output (one still printing), a checkpoint, kill -9, relaunch, kill -9 again at once, relaunch,
 * clean quit, relaunch — every marker must come back each time.
 */
class DogfoodKill9Test {
    private static final long TIMEOUT_MINUTES = 5;

    @Test
    void scrollbackSurvivesKill9TwiceAndACleanQuit() throws Exception {
        Path root = Path.of(System.getProperty("user.dir")).getParent();
        Path script = root.resolve("src-test/dogfood/kill9.sh");
        assertTrue(Files.isRegularFile(root.resolve("app/target/holdfast-app.jar")), "the app is built before src-test");
        String monocle = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(p -> p.contains("openjfx-monocle")).findFirst().orElseThrow();

        ProcessBuilder builder = new ProcessBuilder(List.of("bash", script.toString(), "--fast"))
                .directory(root.toFile())
                .redirectErrorStream(true);
        builder.environment().remove("DISPLAY");
        builder.environment().put("HOLDFAST_MONOCLE_JAR", monocle);
        Process process = builder.start();
        Path log = Files.createTempFile("kill9", ".log");
        try {
            byte[] output;
            Thread reader = new Thread(() -> {
                try {
                    Files.write(log, process.getInputStream().readAllBytes());
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }, "kill9-output");
            reader.start();
            boolean finished = process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES);
            if (!finished) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
            reader.join(10_000);
            output = Files.readAllBytes(log);
            String text = new String(output, StandardCharsets.UTF_8);
            System.out.println(text);
            assertTrue(finished, "the dogfood script finished within " + TIMEOUT_MINUTES + " minutes:\n" + text);
            assertTrue(text.contains(" passed, 0 failed"), text);
            assertEquals(0, process.exitValue(), text);
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
