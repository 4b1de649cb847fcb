package dev.holdfast.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The harness starts the app with the launcher's own JVM options, read as ./holdfast reads them. */
class LauncherJvmOptionsTest {

    @Test
    void commentsAndBlankLinesAreSkippedAndLinuxOptionsKeptOnlyOnLinux() {
        List<String> lines = List.of("# heap", "-Xmx2g", "", "  -XX:+UseG1GC   # the collector",
                "linux: -XX:TrimNativeHeapInterval=5000");
        assertEquals(List.of("-XX:+IgnoreUnrecognizedVMOptions", "-Xmx2g", "-XX:+UseG1GC",
                "-XX:TrimNativeHeapInterval=5000"), LauncherJvmOptions.parse(lines, true));
        assertEquals(List.of("-Xmx2g", "-XX:+UseG1GC"), LauncherJvmOptions.parse(lines, false));
    }

    @Test
    void theProjectsOwnFileGivesTheHeapAndCollectorUsersGet() throws Exception {
        List<String> options = LauncherJvmOptions.of(Path.of(System.getProperty("user.dir")).getParent());
        assertTrue(options.stream().anyMatch(o -> o.startsWith("-Xmx")), options.toString());
        assertTrue(options.stream().anyMatch(o -> o.startsWith("-XX:+Use") && o.endsWith("GC")), options.toString());
    }
}
