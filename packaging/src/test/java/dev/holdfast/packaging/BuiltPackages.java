package dev.holdfast.packaging;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The app image and .deb that {@code build-installers.sh} built for this test run, or why it could not.
 * Built once per run, on first use, and shared by every test class through JUnit's root store: building
 * takes a minute or two (jlink, jpackage, the training start), and the suite has to stay fast.
 */
final class BuiltPackages {
    /** How long one build may take on a loaded two-core machine. */
    static final Duration BUILD_TIMEOUT = Duration.ofMinutes(12);
    /** build-installers.sh's exit status for "a tool this build needs is missing". */
    static final int EXIT_MISSING_TOOL = 3;

    final Path output;
    final String version;
    private final String skipReason;
    private final String failure;
    private final String debSkipReason;

    private BuiltPackages(Path output, String version, String skipReason, String failure, String debSkipReason) {
        this.output = output;
        this.version = version;
        this.skipReason = skipReason;
        this.failure = failure;
        this.debSkipReason = debSkipReason;
    }

    /** The app image ({@code Holdfast/}), after skipping or failing the test when there is none. */
    Path image() {
        if (skipReason != null) {
            Skip.because(skipReason);
        }
        if (failure != null) {
            throw new AssertionError(failure);
        }
        return output.resolve("Holdfast");
    }

    /** The .deb, after skipping the test when it could not be built here. */
    Path deb() {
        image();
        Skip.unless(debSkipReason == null, String.valueOf(debSkipReason));
        try (Stream<Path> files = Files.list(output)) {
            return files.filter(f -> f.getFileName().toString().matches("holdfast_.*\\.deb")).findFirst()
                    .orElseThrow(() -> new AssertionError("build-installers.sh made no .deb in " + output));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Package version as the installers carry it: numbers only. */
    String appVersion() {
        return version.replaceFirst("-.*$", "");
    }

    static BuiltPackages build() {
        Path script = Path.of(System.getProperty("holdfast.packaging.script"));
        Path input = Path.of(System.getProperty("holdfast.packaging.input"));
        Path output = Path.of(System.getProperty("holdfast.packaging.output"));
        String version = System.getProperty("holdfast.version");

        String debSkipReason = null;
        List<String> types = new ArrayList<>(List.of("app-image"));
        if (!System.getProperty("os.name").startsWith("Linux")) {
            debSkipReason = "a .deb is built on Linux only";
        } else if (!Command.onPath("dpkg-deb") || !Command.onPath("fakeroot")) {
            debSkipReason = "building a .deb needs dpkg-deb and fakeroot (Debian: apt-get install dpkg-dev fakeroot)";
        } else {
            types.add("deb");
        }
        List<String> argv = List.of("bash", script.toString(), "--input", input.toString(),
                "--dest", output.toString(), "--types", String.join(",", types), "--version", version);
        System.out.println("[packaging] building " + String.join(", ", types) + " into " + output
                + " (log: " + output.resolveSibling("it-build.log") + ")");
        long started = System.nanoTime();
        // The tests look into the .deb, not at its size: fast gzip instead of dpkg-deb's default xz.
        Command.Result result = Command.of(argv)
                .withEnvironment(Map.of("DPKG_DEB_COMPRESSOR_TYPE", "gzip", "DPKG_DEB_COMPRESSOR_LEVEL", "1"))
                .run(BUILD_TIMEOUT);
        writeLog(output.resolveSibling("it-build.log"), result);
        System.out.printf("[packaging] build-installers.sh exited %d after %d s%n", result.exitCode(),
                (System.nanoTime() - started) / 1_000_000_000L);
        if (result.exitCode() == EXIT_MISSING_TOOL) {
            return new BuiltPackages(output, version, lastLine(result.stderr()), null, debSkipReason);
        }
        if (result.exitCode() != 0) {
            return new BuiltPackages(output, version, null, "build-installers.sh exited " + result.exitCode()
                    + "; the end of its output:\n" + tail(result.stderr(), 40), debSkipReason);
        }
        return new BuiltPackages(output, version, null, null, debSkipReason);
    }

    private static void writeLog(Path log, Command.Result result) {
        try {
            Files.createDirectories(log.getParent());
            Files.writeString(log, result.stdout() + result.stderr());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String lastLine(String text) {
        String[] lines = text.strip().split("\n");
        return lines[lines.length - 1].replaceFirst("^build-installers: ", "");
    }

    private static String tail(String text, int lines) {
        String[] all = text.split("\n");
        return String.join("\n", java.util.Arrays.copyOfRange(all, Math.max(0, all.length - lines), all.length));
    }

    /** Hands each test the one build of this run. */
    static final class Resolver implements ParameterResolver {
        private static final ExtensionContext.Namespace NAMESPACE =
                ExtensionContext.Namespace.create(BuiltPackages.class);

        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getParameter().getType() == BuiltPackages.class;
        }

        @Override
        public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
            return context.getRoot().getStore(NAMESPACE)
                    .getOrComputeIfAbsent(BuiltPackages.class, key -> build(), BuiltPackages.class);
        }
    }
}
