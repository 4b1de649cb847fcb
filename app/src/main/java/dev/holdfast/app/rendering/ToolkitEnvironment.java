package dev.holdfast.app.rendering;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies a {@link RenderingPipeline.Choice} before the JavaFX toolkit starts, and takes back afterwards what
 * must not outlive the start. For {@link RenderingPipeline.Software}:
 * <ul>
 * <li>{@code prism.order=sw}.
 * <li>{@code GDK_GL=disable} in the process's environment while GTK opens the display. GTK 3 otherwise initialises
 * OpenGL there to pick OpenGL-friendly visuals, which loads Mesa and LLVM for nothing: JavaFX draws its windows
 * itself. (GTK caches the visuals on the root window, but an X server that resets when its last client leaves, as
 * Xvfb does, forgets them.) Mutter does the same. The variable goes again once the toolkit has started
 * ({@link #toolkitStarted}), so no process started later inherits it; Java's own copy of the environment, which the
 * shells get, was taken before it was set.
 * <li>{@code prism.disableRegionCaching=true}: Prism keeps the painted backgrounds of shaded, rounded controls
 * (Modena's tabs, buttons, scroll bar) in one 2048x1024 texture, on the software pipeline an 8 MB array in the Java
 * heap. Without it one idle tab held 142 MB of RSS against 148 (memory-bench.sh --only 1, three runs each,
 * alternated, load average 2.4-3.2), and the painting cost the same: the render thread's CPU over three {@code cat}s
 * of 50 MB of coloured lines in a tab was 1.05-2.37 s with the cache (mean 1.76 s) and 1.58-2.17 s without
 * (mean 1.80 s; six runs each, alternated, load average 1.6-2.1).
 * </ul>
 * Measured together (memory-bench.sh, main's build and this one alternated, three runs each, load average 1.9-5.5):
 * one idle tab 142-149 MB of RSS against 204-207 MB.
 */
public final class ToolkitEnvironment {
    private static final Logger LOG = LoggerFactory.getLogger(ToolkitEnvironment.class);
    static final String GDK_GL = "GDK_GL";

    interface LibC extends Library {
        int setenv(String name, String value, int overwrite);

        int unsetenv(String name);
    }

    private final LibC libc;

    private ToolkitEnvironment(LibC libc) {
        this.libc = libc;
    }

    /**
     * Decides the pipeline for this process and applies it.
     *
     * @param env Java's view of the environment: {@code DISPLAY}, and {@code GDK_GL} if a user set it
     */
    public static ToolkitEnvironment prepare(Map<String, String> env, Properties system) {
        Map<String, String> properties = new HashMap<>();
        for (String name : new String[] {"prism.order", "prism.forceGPU", "glass.platform"}) {
            String value = system.getProperty(name);
            if (value != null) {
                properties.put(name, value);
            }
        }
        RenderingPipeline.Choice choice = RenderingPipeline.choose(new RenderingPipeline.Inputs(
                system.getProperty("os.name", ""), properties, GpuDeviceNodes.under(Path.of("/dev")),
                () -> X11Extensions.offered(env.get("DISPLAY"), RenderingPipeline.HARDWARE_GL_EXTENSIONS)));
        if (!(choice instanceof RenderingPipeline.Software)) {
            LOG.info("Rendering: JavaFX's own choice of pipeline ({})", choice.reason());
            return new ToolkitEnvironment(null);
        }
        system.setProperty("prism.order", "sw");
        if (system.getProperty("prism.disableRegionCaching") == null) {
            system.setProperty("prism.disableRegionCaching", "true");
        }
        LibC libc = env.containsKey(GDK_GL) ? null : setGdkGl();
        LOG.info("Rendering: software pipeline{} ({})", libc == null ? "" : ", GTK without OpenGL", choice.reason());
        return new ToolkitEnvironment(libc);
    }

    private static LibC setGdkGl() {
        try {
            LibC libc = Native.load("c", LibC.class);
            return libc.setenv(GDK_GL, "disable", 0) == 0 ? libc : null;
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            LOG.debug("GDK_GL not set: {}", e.toString());
            return null;
        }
    }

    /** Called once the toolkit has started (GTK has read its environment). */
    public void toolkitStarted() {
        if (libc != null) {
            libc.unsetenv(GDK_GL);
        }
    }
}
