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
 * must not outlive the start.
 *
 * <p>For {@link RenderingPipeline.Software}: {@code prism.order=sw}, and {@code GDK_GL=disable} in the process's
 * environment while GTK opens the display. GTK 3 otherwise initialises OpenGL there to pick OpenGL-friendly visuals
 * (it caches them on the root window, but an X server that resets when its last client leaves, as Xvfb does, forgets
 * them), which loads Mesa and LLVM for nothing: JavaFX draws its windows itself. Mutter does the same. The variable
 * goes again once the toolkit has started ({@link #toolkitStarted}), so no process started later inherits it and
 * loses OpenGL; Java's own copy of the environment, which the shells get, was taken before it was set.
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
