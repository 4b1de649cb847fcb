package dev.holdfast.app.rendering;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GpuDeviceNodesTest {
    @TempDir
    Path dev;

    private Set<String> names() {
        return GpuDeviceNodes.under(dev).stream().map(p -> Path.of(p).getFileName().toString()).collect(Collectors.toSet());
    }

    @Test
    void findsDrmNvidiaAndWslNodesAndNothingElse() throws IOException {
        Files.createDirectories(dev.resolve("dri/by-path"));
        for (String node : List.of("dri/card0", "dri/renderD128", "nvidia0", "nvidiactl", "dxg", "null", "tty1")) {
            Files.createFile(dev.resolve(node));
        }

        assertEquals(Set.of("card0", "renderD128", "nvidia0", "dxg"), names());
    }

    @Test
    void aMachineWithoutAGpuHasNone() throws IOException {
        Files.createFile(dev.resolve("null"));

        assertEquals(Set.of(), names());
        assertEquals(List.of(), GpuDeviceNodes.under(dev.resolve("missing")));
    }
}
