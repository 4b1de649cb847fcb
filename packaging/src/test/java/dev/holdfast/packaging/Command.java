package dev.holdfast.packaging;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs an external command to completion with a deadline and keeps what it printed. */
final class Command {
    private final List<String> argv;
    private final Map<String, String> environment;

    private Command(List<String> argv, Map<String, String> environment) {
        this.argv = List.copyOf(argv);
        this.environment = Map.copyOf(environment);
    }

    static Command of(String... argv) {
        return new Command(List.of(argv), Map.of());
    }

    static Command of(List<String> argv) {
        return new Command(argv, Map.of());
    }

    /** The same command with these variables added to the test's own environment. */
    Command withEnvironment(Map<String, String> extra) {
        Map<String, String> merged = new HashMap<>(environment);
        merged.putAll(extra);
        return new Command(argv, merged);
    }

    /** True when {@code name} is an executable on the PATH. */
    static boolean onPath(String name) {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                return true;
            }
        }
        return false;
    }

    Result run(Duration timeout) {
        try {
            Path out = Files.createTempFile("holdfast-cmd", ".out");
            Path err = Files.createTempFile("holdfast-cmd", ".err");
            try {
                ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(argv))
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
                builder.environment().putAll(environment);
                Process process = builder.start();
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                    throw new AssertionError(String.join(" ", argv) + " did not finish within " + timeout
                            + "; it printed:\n" + Files.readString(out) + Files.readString(err));
                }
                return new Result(String.join(" ", argv), process.exitValue(),
                        Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new AssertionError("could not run " + argv + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while running " + argv, e);
        }
    }

    record Result(String command, int exitCode, String stdout, String stderr) {
        /** This result, after failing the test unless the command exited 0. */
        Result succeeded() {
            if (exitCode != 0) {
                throw new AssertionError(command + " exited " + exitCode + "\nstdout:\n" + stdout + "\nstderr:\n" + stderr);
            }
            return this;
        }
    }
}
