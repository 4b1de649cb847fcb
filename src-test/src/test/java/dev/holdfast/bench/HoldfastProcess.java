package dev.holdfast.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.holdfast.app.control.ControlClient;
import dev.holdfast.app.control.ControlCommand;
import dev.holdfast.app.control.ControlProtocol;
import dev.holdfast.checkpoint.store.StateDirectory;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The real app in a JVM of its own, headless (Monocle), on a private state directory, home and config, driven
 * through its control socket; for the benchmarks. {@link #close()} quits it (killing it if it does not go) and
 * deletes its directory, unless {@code -Dholdfast.bench.keep=true}.
 */
public final class HoldfastProcess implements AutoCloseable {
    public static final String PROMPT = "READY$";

    private final Path work;
    private final StateDirectory state;
    private final Path home;
    private Process app;
    private long launchedNanos;

    private HoldfastProcess(Path work) throws IOException {
        this.work = work;
        this.home = Files.createDirectories(work.resolve("home"));
        Files.writeString(home.resolve(".bash_profile"), "PS1='" + PROMPT + " '\nHISTFILE=/dev/null\n");
        this.state = new StateDirectory(work.resolve("state"), work.resolve("config")).open();
    }

    /** A fresh directory to prepare before {@link #launch}; a short path, as Unix socket paths are limited. */
    public static HoldfastProcess prepare(String name) throws IOException {
        return new HoldfastProcess(Files.createTempDirectory(Path.of("/tmp"), name));
    }

    public StateDirectory state() {
        return state;
    }

    public Path home() {
        return home;
    }

    public Path logs() {
        return state.logsDir();
    }

    /**
     * Starts the build under {@code appRoot} (its {@code app/target}); the monocle jar comes from this JVM's class
     * path. {@code -Dholdfast.bench.jvmArgs} adds JVM options (a profiler, say).
     */
    public void launch(Path appRoot) throws IOException {
        launch(appRoot, Map.of());
    }

    /** The private directory everything lives in (state, config, home). */
    public Path work() {
        return work;
    }

    /** Starts the build as {@link #launch(Path)} does, with {@code extraEnvironment} on top of its own. */
    public void launch(Path appRoot, Map<String, String> extraEnvironment) throws IOException {
        Path jar = appRoot.resolve("app/target/holdfast-app.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("build the app first: " + jar);
        }
        String monocle = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(p -> p.contains("openjfx-monocle")).findFirst().orElseThrow();
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"), "-Xms64m", "-Xmx2g", "-XX:+UseG1GC",
                "-Dfile.encoding=UTF-8", "-Dglass.platform=Monocle", "-Dmonocle.platform=Headless",
                "-Dprism.order=sw", "-Djava.awt.headless=true",
                "-cp", jar + File.pathSeparator + appRoot.resolve("app/target/lib") + "/*" + File.pathSeparator
                        + monocle));
        String extra = System.getProperty("holdfast.bench.jvmArgs", "").strip();
        if (!extra.isEmpty()) {
            command.addAll(1, List.of(extra.split("\\s+")));
        }
        command.add("dev.holdfast.app.Main");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(work.resolve("app.out").toFile());
        Map<String, String> env = builder.environment();
        env.remove("DISPLAY");
        env.put("HOLDFAST_STATE_DIR", state.root().toString());
        env.put("XDG_CONFIG_HOME", work.resolve("config").toString());
        env.put("XDG_CACHE_HOME", work.resolve("cache").toString());
        env.put("HOME", home.toString());
        env.put("SHELL", "/bin/bash");
        env.putAll(extraEnvironment);
        launchedNanos = System.nanoTime();
        app = builder.start();
    }

    /** Milliseconds since {@link #launch}. */
    double millisSinceLaunch() {
        return (System.nanoTime() - launchedNanos) / 1_000_000.0;
    }

    /** Connects once a `list` is answered; fails when the app exits or {@code within} passes. */
    public ControlClient connect(Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            if (!app.isAlive()) {
                throw new IllegalStateException("the app exited with " + app.exitValue() + "; see " + logs());
            }
            try {
                ControlClient client = ControlClient.connect(state.controlSocket(), Duration.ofSeconds(30));
                try {
                    call(client, ControlCommand.LIST, JsonNodeFactory.instance.objectNode());
                    return client;
                } catch (IOException notYet) {
                    client.close();
                }
            } catch (IOException notYet) {
                // Not listening yet.
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no control socket within " + within.toSeconds() + " s");
            }
            Thread.sleep(10);
        }
    }

    public static JsonNode call(ControlClient client, ControlCommand command, JsonNode args) throws IOException {
        ControlProtocol.Response response = client.request(command, args);
        if (response instanceof ControlProtocol.Success success) {
            return success.result();
        }
        throw new IOException(command.wireName() + " failed: " + ((ControlProtocol.Failure) response).error());
    }

    /** {@code kill -9}: the app gets no chance to save or hang up its shells' children; waits until it is gone. */
    public void kill9() throws InterruptedException {
        app.destroyForcibly();
        if (!app.waitFor(20, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the app did not die of SIGKILL");
        }
    }

    @Override
    public void close() throws Exception {
        try {
            if (app != null && app.isAlive()) {
                try (ControlClient client = ControlClient.connect(state.controlSocket(), Duration.ofSeconds(10))) {
                    call(client, ControlCommand.QUIT, JsonNodeFactory.instance.objectNode());
                } catch (IOException gone) {
                    // Killed below if it does not end.
                }
            }
            if (app != null && !app.waitFor(20, TimeUnit.SECONDS)) {
                app.descendants().forEach(ProcessHandle::destroyForcibly);
                app.destroyForcibly();
                app.waitFor(10, TimeUnit.SECONDS);
            }
        } finally {
            if (Boolean.getBoolean("holdfast.bench.keep")) {
                System.out.println("kept " + work);
            } else {
                deleteRecursively(work);
            }
        }
    }

    private static void deleteRecursively(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }
}
