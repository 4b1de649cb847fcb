package dev.holdfast.app.view;

/**
 * How often a terminal paints while output floods. A frame in which every row had changed means the output
 * scrolls faster than anybody reads it: the next frames come at most {@link RepaintScheduler#FLOOD_FPS} a second,
 * which leaves the CPU to the reader thread (what finishes the flood sooner) and the FX thread to everything else.
 * Any other frame is painted at the next pulse, so typing and a quiet screen stay immediate. Pure; FX thread.
 */
final class FramePacing {
    private final long floodFrameNanos;
    private boolean flooding;
    private long lastPaintNanos;

    FramePacing(int floodFps) {
        this.floodFrameNanos = 1_000_000_000L / floodFps;
    }

    /** Whether a frame may be painted at {@code now} (nanoseconds, the pulse's time). */
    boolean mayPaint(long now) {
        return !flooding || now - lastPaintNanos >= floodFrameNanos;
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
