package dev.holdfast.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher {@code ./holdfast} in a checkout of its own, with stand-ins for {@code mvn} (it logs when it starts
 * and ends, takes a second and leaves a jar) and {@code java} (it logs that it ran): when it builds, and that two
 * launches at once build once.
 */
class LauncherRebuildTest {
    private static final Path REPOSITORY = Path.of(System.getProperty("user.dir")).getParent();

    @TempDir
    Path checkout;
    @TempDir
    Path bin;

    private Path mvnLog;
    private Path javaLog;

    @BeforeEach
    void setUp() throws IOException {
        Files.copy(REPOSITORY.resolve("holdfast"), checkout.resolve("holdfast"));
        Files.createDirectories(checkout.resolve("packaging"));
        Files.copy(REPOSITORY.resolve("packaging/holdfast.jvm-options"),
                checkout.resolve("packaging/holdfast.jvm-options"));
        Files.writeString(checkout.resolve("pom.xml"), "<project/>\n");
        for (String module : List.of("terminal-core", "checkpoint", "app")) {
            Files.createDirectories(checkout.resolve(module + "/src/main/java"));
            Files.createDirectories(checkout.resolve(module + "/src/test/java"));
            Files.writeString(checkout.resolve(module + "/pom.xml"), "<project/>\n");
        }
        Files.writeString(checkout.resolve("app/src/main/java/Main.java"), "class Main {}\n");
        Files.writeString(checkout.resolve("app/src/test/java/MainTest.java"), "class MainTest {}\n");
        mvnLog = bin.resolve("mvn.log");
        javaLog = bin.resolve("java.log");
        script("mvn", "echo start >> '" + mvnLog + "'\nsleep 1\nmkdir -p app/target/lib\n"
                + ": > app/target/holdfast-app.jar\necho end >> '" + mvnLog + "'\n");
        script("java", "echo \"java $*\" >> '" + javaLog + "'\n");
    }

    private void script(String name, String body) throws IOException {
        Path file = bin.resolve(name);
        Files.writeString(file, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
    }

    private Process launch() throws IOException {
        return launch(bin + ":" + System.getenv("PATH"));
    }

    private Process launch(String path) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(checkout.resolve("holdfast").toString(), "--version")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("PATH", path);
        builder.environment().put("HOLDFAST_CDS", "off");
        return builder.start();
    }

    /**
     * A PATH with every command of this one but {@code flock}, as on macOS: the stand-ins first, then a folder of
     * links to the system's commands.
     */
    private String pathWithoutFlock(Path links) throws IOException {
        List<String> dirs = new ArrayList<>(List.of(bin.toString(), links.toString()));
        for (String dir : System.getenv("PATH").split(":")) {
            Path folder = Path.of(dir);
            if (!Files.isDirectory(folder)) {
                continue;
            }
            try (var commands = Files.list(folder)) {
                for (Path command : commands.toList()) {
                    Path link = links.resolve(command.getFileName());
                    if (!command.getFileName().toString().equals("flock")
                            && !Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                        Files.createSymbolicLink(link, command);
                    }
                }
            }
        }
        return String.join(":", dirs);
    }

    private static void awaitSuccess(Process launcher) throws InterruptedException {
        assertTrue(launcher.waitFor(60, TimeUnit.SECONDS), "the launcher ended");
        assertEquals(0, launcher.exitValue(), "the launcher's exit status");
    }

    private void launchAndWait() throws Exception {
        awaitSuccess(launch());
    }

    private void launchAndWait(String path) throws Exception {
        awaitSuccess(launch(path));
    }

    private List<String> lines(Path log) throws IOException {
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    /** Makes every file of the checkout older than the jar, as after a build. */
    private void built() throws IOException {
        Instant past = Instant.now().minusSeconds(7200);
        try (var files = Files.walk(checkout)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.setLastModifiedTime(file, FileTime.from(past));
            }
        }
        Files.setLastModifiedTime(checkout.resolve("app/target/holdfast-app.jar"),
                FileTime.from(past.plusSeconds(3600)));
    }

    @Test
    void aChangedTestSourceDoesNotRebuildButAChangedMainSourceDoes() throws Exception {
        launchAndWait();
        assertEquals(List.of("start", "end"), lines(mvnLog), "the first launch builds");

        built();
        Files.writeString(checkout.resolve("app/src/test/java/MainTest.java"), "class MainTest { int changed; }\n");
        launchAndWait();
        assertEquals(List.of("start", "end"), lines(mvnLog), "a test is not in the jar: no build");

        Files.writeString(checkout.resolve("app/src/main/java/Main.java"), "class Main { int changed; }\n");
        launchAndWait();
        assertEquals(List.of("start", "end", "start", "end"), lines(mvnLog), "a main source changed: a build");
        assertEquals(3, lines(javaLog).size(), "every launch ran Holdfast");
    }

    @Test
    void twoLaunchesAtOnceBuildOnceAndBothRunHoldfast() throws Exception {
        assumeTrue(pathHasFlock(System.getenv("PATH")), "flock(1) serialises the builds; macOS has none");
        List<Process> launchers = new ArrayList<>();
        launchers.add(launch());
        launchers.add(launch());
        for (Process launcher : launchers) {
            awaitSuccess(launcher);
        }

        assertEquals(List.of("start", "end"), lines(mvnLog), "one build; the other launch used it");
        assertEquals(2, lines(javaLog).size(), "both launches ran Holdfast");
    }

    @Test
    void withoutFlockAsOnMacOsTwoLaunchesAtOnceStillBuildOnce(@TempDir Path links) throws Exception {
        String path = pathWithoutFlock(links);
        assertTrue(!pathHasFlock(path), "flock is out of reach, as on macOS");
        List<Process> launchers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            launchers.add(launch(path));
        }
        for (Process launcher : launchers) {
            awaitSuccess(launcher);
        }

        assertEquals(List.of("start", "end"), lines(mvnLog), "one build; the other launches used it");
        assertEquals(3, lines(javaLog).size(), "every launch ran Holdfast");
        assertTrue(!Files.exists(checkout.resolve("app/target/.holdfast-build.lockdir")), "the lock is let go");
    }

    @Test
    void withoutFlockALockLeftByAKilledLaunchIsTakenOver(@TempDir Path links) throws Exception {
        String path = pathWithoutFlock(links);
        Path lock = checkout.resolve("app/target/.holdfast-build.lockdir");
        Files.createDirectories(lock);
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Files.writeString(lock.resolve("pid"), gone.pid() + "\n");

        launchAndWait(path);

        assertEquals(List.of("start", "end"), lines(mvnLog), "built despite the dead launch's lock");
        assertEquals(1, lines(javaLog).size());
        assertTrue(!Files.exists(lock), "the lock is let go");
    }

    private static boolean pathHasFlock(String path) throws Exception {
        ProcessBuilder check = new ProcessBuilder("/bin/sh", "-c", "command -v flock");
        check.environment().put("PATH", path);
        return check.start().waitFor() == 0;
    }
}
