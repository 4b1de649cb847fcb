package dev.holdfast.app.view;

import java.util.function.BooleanSupplier;

/**
 * When a terminal paints. A frame in which every row had changed means the output floods, faster than anybody
 * reads it: the next frames come at most {@link RepaintScheduler#FLOOD_FPS} a second,
 * which leaves the CPU to the reader thread (what finishes the flood sooner) and the FX thread to everything else.
 * Any other frame is painted at the next pulse, so typing and a quiet screen stay immediate. And any frame waits
 * while JavaFX's renderer still draws the one before ({@link RenderThread}), at most {@link #MAX_RENDER_WAIT_PULSES}
 * pulses: painted then, it would make the pulse wait on the FX thread for the renderer. Pure; FX thread.
 */
final class FramePacing {
    /**
     * Pulses a frame waits at most for the renderer to finish the one before; then it is painted anyway, so a
     * renderer that only looks busy (a native call, say) cannot hold a view back for long.
     */
    static final int MAX_RENDER_WAIT_PULSES = 6;

    private final long floodFrameNanos;
    private boolean flooding;
    private long lastPaintNanos;
    private int renderWaits;

    FramePacing(int floodFps) {
        this.floodFrameNanos = 1_000_000_000L / floodFps;
    }

    /** Whether a frame may be painted at {@code now} (nanoseconds, the pulse's time). */
    boolean mayPaint(long now) {
        return !flooding || now - lastPaintNanos >= floodFrameNanos;
    }

    /**
     * Whether a frame due at this pulse waits for the next because the renderer is still drawing the last one.
     *
     * @param rendererBusy asked only when a frame is due: whether the renderer draws now
     */
    boolean waitsForRenderer(BooleanSupplier rendererBusy) {
        if (renderWaits < MAX_RENDER_WAIT_PULSES && rendererBusy.getAsBoolean()) {
            renderWaits++;
            return true;
        }
        renderWaits = 0;
        return false;
    }

    /**
     * A frame was painted at {@code now}.
     *
     * @param everyRowChanged every row differed from the frame before (not a repaint of everything asked for)
     */
    void painted(long now, boolean everyRowChanged) {
        lastPaintNanos = now;
        flooding = everyRowChanged;
    }
}
