package dev.holdfast.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The app's JVM options as {@code ./holdfast} and the installed launchers pass them, read from
 * {@code packaging/holdfast.jvm-options}: one option a line, {@code #} starts a comment, {@code linux:} marks an
 * option for Linux only. The harness and the benchmarks start the app with these, so that what they measure is
 * the heap and the collector users get.
 */
final class LauncherJvmOptions {
    static final String FILE = "packaging/holdfast.jvm-options";
    /** What a build from before the options file had in its launcher. */
    static final List<String> BEFORE_THE_FILE = List.of("-Xms64m", "-Xmx2g", "-XX:+UseG1GC", "-Dfile.encoding=UTF-8");

    private LauncherJvmOptions() {
    }

    /** The options of the build at {@code appRoot}; an older build without the file gets its launcher's flags. */
    static List<String> of(Path appRoot) throws IOException {
        Path file = appRoot.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return BEFORE_THE_FILE;
        }
        return parse(Files.readAllLines(file), System.getProperty("os.name", "").toLowerCase().contains("linux"));
    }

    static List<String> parse(List<String> lines, boolean linux) {
        List<String> options = new ArrayList<>();
        for (String line : lines) {
            int comment = line.indexOf('#');
            String option = (comment < 0 ? line : line.substring(0, comment)).strip();
            if (option.startsWith("linux:")) {
                if (!linux) {
                    continue;
                }
                option = option.substring("linux:".length()).strip();
            }
            if (!option.isEmpty()) {
                options.add(option);
            }
        }
        if (linux) {
            // As ./holdfast does: a JDK 17 older than an option (17.0.9's C heap trim) ignores it, not refuses.
            options.add(0, "-XX:+IgnoreUnrecognizedVMOptions");
        }
        return List.copyOf(options);
    }
}
