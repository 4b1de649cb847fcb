package dev.holdfast.app.view;

import java.util.function.LongSupplier;
import javafx.application.ConditionalFeature;
import javafx.application.Platform;

/**
 * Whether JavaFX's render thread is still drawing the last frame. A pulse that has changed nodes to hand over
 * waits on the FX thread until that frame is drawn (the scene's synchronisation), so a view that paints into a
 * frame the renderer has not finished makes the whole window wait: on a busy machine, where the renderer gets a
 * core only now and then, those waits were the FX thread's longest stalls (0.3-1.3 s restoring twenty tabs, the
 * load harness's floods). A view that sees it busy paints at a later pulse instead, and the FX thread stays free for
 * input and everything else.
 *
 * <p>JavaFX says nothing of its renderer, so this looks at the thread itself: Quantum's one render thread
 * ({@value #NAME_PREFIX}…) waits for its next job when idle and is runnable while it draws. Where no such thread is
 * found (another toolkit, a JavaFX that names it otherwise), it is never taken as busy and views paint as before.
 *
 * <p>Only on Prism's software pipeline ({@link #forThisPipeline}): there the renderer's work is the CPU's, and a
 * starved renderer is what the pulse waits for. On a GPU pipeline the render thread is also runnable while it waits
 * in the driver for the screen's refresh (vsync), where holding a frame back a pulse would add a frame of latency
 * to every keystroke that comes at that moment; so there views paint as before. FX thread only.
 */
public final class RenderThread {
    static final String NAME_PREFIX = "QuantumRenderer";
    /** How long a failed look for the thread is trusted before looking again (a renderer that is not there yet). */
    static final long LOOK_AGAIN_NANOS = 1_000_000_000L;

    private final String namePrefix;
    private final LongSupplier nanoTime;
    private Thread renderer;
    private long lookedAt;
    private boolean looked;

    /**
     * @param namePrefix how the renderer's thread is named (the first live thread so named is it), or null for a
     *     renderer never taken as busy
     */
    RenderThread(String namePrefix, LongSupplier nanoTime) {
        this.namePrefix = namePrefix;
        this.nanoTime = nanoTime;
    }

    /**
     * JavaFX's renderer where Prism renders in software (no 3D, which every GPU pipeline has); elsewhere one that is
     * never busy. FX thread, once the toolkit has started.
     */
    public static RenderThread forThisPipeline() {
        return new RenderThread(Platform.isSupported(ConditionalFeature.SCENE3D) ? null : NAME_PREFIX, System::nanoTime);
    }

    /** Whether the renderer is drawing now. */
    public boolean busy() {
        if (namePrefix == null) {
            return false;
        }
        Thread thread = renderer();
        return thread != null && thread.getState() == Thread.State.RUNNABLE;
    }

    private Thread renderer() {
        if (renderer != null && renderer.isAlive()) {
            return renderer;
        }
        long now = nanoTime.getAsLong();
        if (looked && now - lookedAt < LOOK_AGAIN_NANOS) {
            return null;
        }
        looked = true;
        lookedAt = now;
        renderer = find();
        return renderer;
    }

    private Thread find() {
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        Thread[] threads = new Thread[root.activeCount() + 16];
        int n = root.enumerate(threads, true);
        for (int i = 0; i < n; i++) {
            if (threads[i].getName().startsWith(namePrefix)) {
                return threads[i];
            }
        }
        return null;
    }
}
