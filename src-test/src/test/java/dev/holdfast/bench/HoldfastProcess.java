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
 * through its control socket; for the benchmarks and the reliability harness. It may be launched again on the
 * same directories after it ended or was {@link #kill9() killed}. {@link #close()} quits it (killing it if it
 * does not go) and deletes its directory, unless {@code -Dholdfast.bench.keep=true}.
 */
public final class HoldfastProcess implements AutoCloseable, Ctl {
    public static final String PROMPT = "READY$";

    private final Path work;
    private final StateDirectory state;
    private final Path home;
    private final Map<String, String> environment = new java.util.LinkedHashMap<>();
    private List<String> jvmOptions = List.of();
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

    public Path work() {
        return work;
    }

    public Path logs() {
        return state.logsDir();
    }

    /** Writes the app's {@code settings.json} (read at the next launch). */
    public void settings(String json) throws IOException {
        Path file = Files.createDirectories(work.resolve("config/holdfast")).resolve("settings.json");
        Files.writeString(file, json);
    }

    /** Sets an environment variable for the launches that follow (a {@code SHELL}, say). */
    public void environment(String name, String value) {
        environment.put(name, value);
    }

    /** JVM options for the launches that follow, after the launcher's (a class-data archive, say). */
    public void jvmOptions(List<String> options) {
        jvmOptions = List.copyOf(options);
    }

    /** The running app's process, or null before the first launch. */
    public Process process() {
        return app;
    }

    public boolean alive() {
        return app != null && app.isAlive();
    }

    /** SIGKILL to the app (its shells lose their terminal and end); returns once it is gone. */
    public void kill9() throws InterruptedException {
        if (app == null) {
            return;
        }
        app.destroyForcibly();
        if (!app.waitFor(20, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the app survived SIGKILL for 20 s");
        }
    }

    /** One request on a connection of its own, as {@code holdfast ctl} makes; throws when it fails. */
    @Override
    public JsonNode ctl(ControlCommand command, JsonNode args) throws IOException {
        try (ControlClient client = ControlClient.connect(state.controlSocket(), Duration.ofSeconds(30))) {
            return call(client, command, args);
        }
    }

    /**
     * Starts the build under {@code appRoot} (its {@code app/target}) with the launcher's JVM options; the monocle
     * jar comes from this JVM's class path. {@code -Dholdfast.bench.jvmArgs} adds JVM options (a profiler, say).
     */
    public void launch(Path appRoot) throws IOException {
        launch(appRoot, Map.of());
    }

    /** Starts the build as {@link #launch(Path)} does, with {@code extraEnvironment} on top of its own, this once. */
    public void launch(Path appRoot, Map<String, String> extraEnvironment) throws IOException {
        launchedNanos = System.nanoTime();
        app = start(appRoot, extraEnvironment);
    }

    /**
     * Starts one more instance on the same directories, which the caller ends (a second Holdfast on one state
     * directory, say).
     */
    public Process start(Path appRoot) throws IOException {
        return start(appRoot, Map.of());
    }

    private Process start(Path appRoot, Map<String, String> extraEnvironment) throws IOException {
        Path jar = appRoot.resolve("app/target/holdfast-app.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("build the app first: " + jar);
        }
        String monocle = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(p -> p.contains("openjfx-monocle")).findFirst().orElseThrow();
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(LauncherJvmOptions.of(appRoot));
        command.addAll(List.of("-Dglass.platform=Monocle", "-Dmonocle.platform=Headless",
                "-Dprism.order=sw", "-Djava.awt.headless=true",
                "-cp", jar + File.pathSeparator + appRoot.resolve("app/target/lib") + "/*" + File.pathSeparator
                        + monocle));
        command.addAll(command.size() - 2, jvmOptions);
        String extra = System.getProperty("holdfast.bench.jvmArgs", "").strip();
        if (!extra.isEmpty()) {
            // Before the class path, after the launcher's: of two heap sizes, the JVM takes the later.
            command.addAll(command.size() - 2, List.of(extra.split("\\s+")));
        }
        command.add("dev.holdfast.app.Main");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(work.resolve("app.out").toFile()));
        Map<String, String> env = builder.environment();
        env.remove("DISPLAY");
        env.put("HOLDFAST_STATE_DIR", state.root().toString());
        env.put("XDG_CONFIG_HOME", work.resolve("config").toString());
        env.put("XDG_CACHE_HOME", work.resolve("cache").toString());
        env.put("HOME", home.toString());
        env.put("SHELL", "/bin/bash");
        env.putAll(environment);
        env.putAll(extraEnvironment);
        return builder.start();
    }

    /** The app's process id, for reading its threads' CPU and its memory from {@code /proc}. */
    long pid() {
        return app.pid();
    }

    /** Milliseconds since {@link #launch}. */
    public double millisSinceLaunch() {
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

    public static void deleteRecursively(Path directory) throws IOException {
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
