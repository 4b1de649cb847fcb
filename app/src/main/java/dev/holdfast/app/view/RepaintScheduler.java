package dev.holdfast.app.view;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;

/**
 * When the view paints. The reader thread only flips a flag ({@link #modelChanged}); a pulse-driven timer on the
 * FX thread then paints at the next pulse. The timer stops itself when the terminal is quiet, so an idle tab
 * costs nothing, and while output floods it paints at {@link #FLOOD_FPS}.
 */
public final class RepaintScheduler {
    /** Frames per second while every row changes each frame (a flood of output). */
    public static final int FLOOD_FPS = 20;
    private static final int IDLE_PULSES_BEFORE_STOP = 30;

    /** What a frame did. */
    enum Painted {
        /** Nothing could be painted yet (the view has no size). */
        NOTHING,
        /** The model was busy (a reader held its lock): nothing was painted, the next pulse tries again. */
        DEFERRED,
        SOME_ROWS,
        /** Every row had changed: output is flooding. */
        EVERY_ROW
    }

    /** Paints one frame; {@code everything} asks for every row, changed or not. FX thread. */
    interface Frame {
        Painted paint(boolean everything);
    }

    private final Frame frame;
    private final BooleanSupplier shown;
    private final AtomicBoolean dirty = new AtomicBoolean(true);
    private boolean everything = true;
    private final FramePacing pacing = new FramePacing(FLOOD_FPS);
    private final RenderThread renderer;
    private int idlePulses;
    /** Written on the FX thread; read by the reader thread, which wakes a stopped timer (see modelChanged). */
    private volatile boolean running;

    private final AnimationTimer timer = new AnimationTimer() {
        @Override
        public void handle(long now) {
            pulse(now);
        }
    };

    /**
     * @param shown whether the view is in a scene (a view that is not shown never starts the timer)
     */
    RepaintScheduler(Frame frame, BooleanSupplier shown, RenderThread renderer) {
        this.frame = frame;
        this.shown = shown;
        this.renderer = renderer;
    }

    private void pulse(long now) {
        if (!pacing.mayPaint(now)) {
            return;
        }
        if ((everything || dirty.get()) && pacing.waitsForRenderer(renderer::busy)) {
            return;
        }
        if (dirty.getAndSet(false) || everything) {
            idlePulses = 0;
            boolean all = everything;
            Painted painted = frame.paint(all);
            if (painted == Painted.DEFERRED) {
                // Tried again at the very next pulse, not a flood frame later.
                dirty.set(true);
                return;
            }
            if (painted != Painted.NOTHING) {
                pacing.painted(now, !all && painted == Painted.EVERY_ROW);
                everything = false;
            }
        } else if (++idlePulses > IDLE_PULSES_BEFORE_STOP) {
            stop();
            // A change that raced with stopping must not be lost.
            if (dirty.get()) {
                start();
            }
        }
    }

    /** Any thread: the terminal's model changed. Cheap and non-blocking. */
    void modelChanged() {
        // Called on the reader thread for every write and cursor move: a plain read first keeps the common case
        // (already dirty) free of atomic instructions, and a running timer needs no wake-up: it paints what is
        // dirty at its next pulse. Posting to the FX thread can wait for the thread's current frame.
        if (!dirty.get() && dirty.compareAndSet(false, true) && !running) {
            Platform.runLater(this::start);
        }
    }

    /** Repaints what changed. FX thread. */
    void request() {
        dirty.set(true);
        start();
    }

    /** Repaints every row (colours, scroll position or overlays changed). FX thread. */
    void requestEverything() {
        everything = true;
        request();
    }

    private void start() {
        if (!running && shown.getAsBoolean()) {
            running = true;
            idlePulses = 0;
            timer.start();
        }
    }

    /** Stops painting until the next change. FX thread. */
    void stop() {
        timer.stop();
        running = false;
    }
}
