package dev.holdfast.app.rendering;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The device nodes through which a Linux process reaches a GPU: DRM's ({@code /dev/dri/card0},
 * {@code /dev/dri/renderD128}: Mesa's hardware drivers), NVIDIA's ({@code /dev/nvidia0}) and WSL's
 * ({@code /dev/dxg}). Only that they exist is read; nothing is opened.
 */
public final class GpuDeviceNodes {
    private static final Pattern DRI = Pattern.compile("card\\d+|renderD\\d+");
    private static final Pattern DEV = Pattern.compile("nvidia\\d+|dxg");

    private GpuDeviceNodes() {
    }

    /** The nodes under {@code dev} (normally {@code /dev}), in no particular order; none when it cannot be read. */
    public static List<String> under(Path dev) {
        List<String> found = new ArrayList<>();
        collect(dev.resolve("dri"), DRI, found);
        collect(dev, DEV, found);
        return found;
    }

    private static void collect(Path dir, Pattern names, List<String> found) {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                if (names.matcher(entry.getFileName().toString()).matches()) {
                    found.add(entry.toString());
                }
            }
        } catch (IOException | SecurityException e) {
            // An unreadable /dev says nothing either way; the display is asked next.
        }
    }
}
