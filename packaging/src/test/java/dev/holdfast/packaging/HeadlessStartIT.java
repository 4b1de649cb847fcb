package dev.holdfast.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.opentest4j.TestAbortedException;

/**
 * The app image started for real, as the installed command, on a virtual X display (xvfb-run): it reaches a
 * shell prompt, loads its native libraries from the image, obeys {@code holdfast ctl}, and says nothing on the
 * console. Skipped where xvfb-run is missing.
 */
@ExtendWith(BuiltPackages.Resolver.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HeadlessStartIT {
    /** From launch to the first shell prompt, on a loaded two-core machine without a class-data archive. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration CTL_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration ECHO_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration QUIT_TIMEOUT = Duration.ofSeconds(30);

    private Path image;
    private Path root;
    private Path state;
    private Process xvfbRun;

    /** Why this machine cannot start Holdfast headless, or null. Checked per test so each one reports skipped. */
    private String cannotStart;

    @BeforeAll
    void startHoldfast(BuiltPackages built) throws IOException {
        if (!System.getProperty("os.name").startsWith("Linux")) {
            cannotStart = "the headless start runs on Linux";
            return;
        }
        if (!Command.onPath("xvfb-run")) {
            cannotStart = "starting Holdfast headless needs xvfb-run (Debian: apt-get install xvfb xauth)";
            return;
        }
        try {
            image = built.image().toRealPath();
        } catch (TestAbortedException noImage) {
            cannotStart = noImage.getMessage();
            return;
        }
        root = Files.createTempDirectory("holdfast-headless");
        state = root.resolve("state");
        Path home = Files.createDirectories(root.resolve("home"));
        ProcessBuilder builder = new ProcessBuilder("xvfb-run", "-a", "-s", "-screen 0 1280x800x24",
                image.resolve("bin/holdfast").toString())
                .directory(home.toFile())
                .redirectOutput(root.resolve("console.out").toFile())
                .redirectError(root.resolve("console.err").toFile());
        builder.environment().putAll(Map.of(
                "HOLDFAST_STATE_DIR", state.toString(),
                "XDG_CACHE_HOME", root.resolve("cache").toString(),
                "XDG_CONFIG_HOME", root.resolve("config").toString(),
                "HOME", home.toString(),
                "SHELL", "/bin/bash"));
        xvfbRun = builder.start();
        waitFor("the first shell prompt (log line 'started [')", START_TIMEOUT,
                () -> logContains("started [") || !xvfbRun.isAlive());
        assertTrue(xvfbRun.isAlive(), "Holdfast exited before its first prompt:\n" + console() + log());
    }

    @BeforeEach
    void skipWhereItCannotStart() {
        Skip.unless(cannotStart == null, String.valueOf(cannotStart));
    }

    @Test
    @Order(1)
    void reachesItsFirstShellPromptWithTheStateDirectoryItWasGiven() {
        assertTrue(logContains("started ["), log());
        assertTrue(Files.isDirectory(state.resolve("logs")));
    }

    @Test
    @Order(2)
    void loadsEveryNativeLibraryFromTheImage() throws IOException {
        long pid = holdfastProcess().orElseThrow(() -> new AssertionError("no Holdfast process under xvfb-run")).pid();
        List<String> mapped;
        try (Stream<String> lines = Files.lines(Path.of("/proc/" + pid + "/maps"))) {
            mapped = lines.map(line -> line.replaceFirst("^(\\S+\\s+){5}", "").strip())
                    .filter(path -> path.matches(".*/lib(pty|glass\\w*|prism_\\w+|javafx_\\w+|jnidispatch|sqlitejdbc)\\.so"))
                    .distinct().toList();
        }
        for (String library : List.of("libpty.so", "libglassgtk3.so", "libjnidispatch.so", "libprism_sw.so")) {
            assertTrue(mapped.stream().anyMatch(path -> path.endsWith("/" + library)), library + " not loaded: " + mapped);
        }
        for (String path : mapped) {
            assertTrue(path.startsWith(image + "/"), path + " was loaded from outside the image");
        }
        try (Stream<Path> cached = Files.walk(root.resolve("cache"))) {
            assertEquals(List.of(), cached.filter(p -> p.toString().endsWith(".so")).toList(),
                    "native libraries unpacked into the user's cache");
        }
    }

    @Test
    @Order(3)
    void opensATabThroughCtlAndReadsItsEchoBack() throws IOException {
        Skip.unless(startsControlServer(image.resolve("lib/app/holdfast-app.jar")),
                "the app does not start its control server yet (no class outside app/control uses ControlServer)");
        waitFor("the control socket", CTL_TIMEOUT, () -> Files.exists(state.resolve("control.sock")));

        String panel = ctl("new-tab").succeeded().stdout().strip();
        assertFalse(panel.isEmpty(), "new-tab printed no panel id");
        // The typed line shows $((6*7)); only the shell's answer contains 42.
        ctl("send", "--panel", panel, "--text", "echo hold$((6*7))fast").succeeded();
        ctl("send", "--panel", panel, "--keys", "Enter").succeeded();
        StringBuilder lastScreen = new StringBuilder();
        try {
            waitFor("'hold42fast' on the new tab's screen", ECHO_TIMEOUT, () -> {
                Command.Result read = ctl("read", "--panel", panel);
                lastScreen.setLength(0);
                lastScreen.append(read.stdout()).append(read.stderr());
                return read.exitCode() == 0 && read.stdout().contains("hold42fast");
            });
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; the screen last read:\n" + lastScreen, e);
        }
    }

    @Test
    @Order(4)
    void saysNothingOnTheConsole() throws IOException {
        assertEquals("", console(), "Holdfast wrote to the console a desktop launch would hide");
    }

    @AfterAll
    void quit() throws IOException, InterruptedException {
        if (xvfbRun == null) {
            return;
        }
        if (Files.exists(state.resolve("control.sock"))) {
            ctl("quit");
        }
        Optional<ProcessHandle> holdfast = holdfastProcess();
        if (!xvfbRun.waitFor(QUIT_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            holdfast.ifPresent(ProcessHandle::destroy);
            if (!xvfbRun.waitFor(QUIT_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                holdfast.ifPresent(ProcessHandle::destroyForcibly);
                xvfbRun.descendants().forEach(ProcessHandle::destroyForcibly);
                xvfbRun.destroyForcibly();
            }
        }
    }

    private Command.Result ctl(String... arguments) {
        List<String> argv = new ArrayList<>(List.of(image.resolve("bin/holdfast").toString(), "ctl"));
        argv.addAll(List.of(arguments));
        return Command.of(argv).withEnvironment(Map.of("HOLDFAST_STATE_DIR", state.toString())).run(CTL_TIMEOUT);
    }

    /** The launcher process (bin/holdfast execs bin/Holdfast, which runs the JVM in its own process). */
    private Optional<ProcessHandle> holdfastProcess() {
        String launcher = image.resolve("bin/Holdfast").toString();
        return xvfbRun.descendants()
                .filter(p -> p.info().command().map(launcher::equals).orElse(false))
                .findFirst();
    }

    /** Whether any class outside the control package refers to ControlServer, i.e. the app starts one. */
    static boolean startsControlServer(Path appJar) throws IOException {
        byte[] name = "dev/holdfast/app/control/ControlServer".getBytes(StandardCharsets.ISO_8859_1);
        try (JarFile jar = new JarFile(appJar.toFile())) {
            for (JarEntry entry : jar.stream().toList()) {
                if (entry.getName().endsWith(".class") && !entry.getName().startsWith("dev/holdfast/app/control/")) {
                    try (InputStream in = jar.getInputStream(entry)) {
                        if (indexOf(in.readAllBytes(), name) >= 0) {
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private boolean logContains(String text) {
        return log().contains(text);
    }

    private String log() {
        try {
            Path log = state.resolve("logs/holdfast.log");
            return Files.exists(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            return "";
        }
    }

    private String console() throws IOException {
        return Files.readString(root.resolve("console.out")) + Files.readString(root.resolve("console.err"));
    }

    private static void waitFor(String what, Duration timeout, BooleanSupplier condition) {
        Instant deadline = Instant.now().plus(timeout);
        while (!condition.getAsBoolean()) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("gave up after " + timeout.toSeconds() + " s waiting for " + what);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, e);
            }
        }
    }
}
