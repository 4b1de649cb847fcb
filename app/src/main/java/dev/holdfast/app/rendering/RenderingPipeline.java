package dev.holdfast.app.rendering;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Which of JavaFX's rendering pipelines Holdfast asks for, decided before the toolkit starts.
 *
 * <p>Left alone on Linux, Prism tries its OpenGL pipeline (ES2) first and GTK probes OpenGL when it opens the
 * display. Where the only OpenGL is Mesa's software rasteriser (llvmpipe: Xvfb, VNC and remote-desktop servers, a
 * machine or container without a GPU), both load Mesa and LLVM (56 MB of resident libraries, 60 MB of RSS in all)
 * and then Prism refuses the renderer anyway ("Failed Graphics Hardware Qualifier check": it accepts only the
 * vendors AMD, ATI, Intel, NVIDIA, nouveau and X.Org, and software GL reports "Mesa", "Mesa/X.org" or "VMware")
 * and paints with its software pipeline. In that case Holdfast starts on the software pipeline directly, and
 * keeps GTK from loading OpenGL: the same painting, without the libraries.
 *
 * <p>The case is recognised without loading any OpenGL: hardware OpenGL needs a GPU device node (Mesa's DRI
 * drivers, NVIDIA's, WSL's), or a display server that hands the client one (DRI3, DRI2) or renders for it
 * (NVIDIA's GLX). With neither, Mesa can only rasterise in software. Anything unknown keeps Prism's own order, so
 * a machine with a GPU always gets its hardware pipeline; so does an explicit {@code -Dprism.order} or
 * {@code -Dprism.forceGPU=true} (for example through {@code JAVA_TOOL_OPTIONS}).
 */
public final class RenderingPipeline {
    /** X extensions through which a display gives its clients hardware OpenGL. */
    public static final Set<String> HARDWARE_GL_EXTENSIONS = Set.of("DRI3", "DRI2", "NV-GLX");

    private RenderingPipeline() {
    }

    /** What to ask JavaFX for, and why (for the log). */
    public sealed interface Choice {
        String reason();
    }

    /** Prism's own order: OpenGL (ES2) when it qualifies, else software. */
    public record PrismDefault(String reason) implements Choice {
    }

    /** Prism's software pipeline from the start, with GTK's OpenGL probe disabled. */
    public record Software(String reason) implements Choice {
    }

    /**
     * What decides.
     *
     * @param osName             {@code os.name}
     * @param properties         the system properties the toolkit reads ({@code prism.order}, {@code prism.forceGPU},
     *                           {@code glass.platform}); an absent one is missing from the map
     * @param gpuDevices         the GPU device nodes this process can see ({@code /dev/dri/renderD128}, ...)
     * @param hardwareExtensions asks the display which of {@link #HARDWARE_GL_EXTENSIONS} it offers; empty when it
     *                           could not be asked. Only called when no GPU device node is visible.
     */
    public record Inputs(String osName, Map<String, String> properties, List<String> gpuDevices,
                         Supplier<Optional<Set<String>>> hardwareExtensions) {
        public Inputs {
            properties = Map.copyOf(properties);
            gpuDevices = List.copyOf(gpuDevices);
        }
    }

    public static Choice choose(Inputs in) {
        if (!in.osName().toLowerCase(Locale.ROOT).contains("linux")) {
            return new PrismDefault("not Linux");
        }
        String platform = in.properties().get("glass.platform");
        if (platform != null && !platform.equalsIgnoreCase("gtk")) {
            return new PrismDefault("glass.platform is " + platform);
        }
        String order = in.properties().get("prism.order");
        if (order != null) {
            return new PrismDefault("prism.order is set to " + order);
        }
        if (Boolean.parseBoolean(in.properties().get("prism.forceGPU"))) {
            return new PrismDefault("prism.forceGPU is set");
        }
        if (!in.gpuDevices().isEmpty()) {
            return new PrismDefault("GPU device " + in.gpuDevices().get(0));
        }
        Optional<Set<String>> offered = in.hardwareExtensions().get();
        if (offered.isEmpty()) {
            return new PrismDefault("no GPU device node, and the display could not be asked for DRI");
        }
        if (!offered.get().isEmpty()) {
            return new PrismDefault("the display offers " + String.join(", ", offered.get().stream().sorted().toList()));
        }
        return new Software("no GPU device node, and the display offers none of DRI3, DRI2, NV-GLX: "
                + "OpenGL would be Mesa's software rasteriser, which Prism refuses");
    }
}
