package dev.holdfast.app.view;

import com.techsenger.jeditermfx.core.CursorShape;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.function.LongSupplier;

/**
 * The cursor's blink: while the view has focus and blinking is on, a ticker flips the phase every
 * {@link #INTERVAL}. As GTK does, a cursor left alone for {@link #TIMEOUT} (no typing, no output) stops blinking
 * and stays on, so an idle window does no work at all. FX thread.
 */
final class CursorBlink {
    static final Duration INTERVAL = Duration.ofMillis(530);
    /** The cursor stops blinking after this long without typing or output. */
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final UiTicker ticker;
    private final LongSupplier nanoTime;
    private final Runnable phaseChanged;
    private boolean enabled = true;
    private boolean closed;
    private boolean on = true;
    private long lastActivity;
    private ScheduledFuture<?> ticking;

    /**
     * @param nanoTime the clock the timeout is measured on ({@code System::nanoTime})
     * @param phaseChanged told on every tick (the cursor is shown or hidden)
     */
    CursorBlink(UiTicker ticker, LongSupplier nanoTime, Runnable phaseChanged) {
        this.ticker = ticker;
        this.nanoTime = nanoTime;
        this.phaseChanged = phaseChanged;
    }

    /** The setting: whether blinking cursor shapes blink (some users find it distracting). */
    void setEnabled(boolean blinks, boolean focused) {
        enabled = blinks;
        on = true;
        if (!blinks) {
            stop();
        } else if (focused) {
            start();
        }
    }

    void focusChanged(boolean focused) {
        on = true;
        if (focused && enabled) {
            start();
        } else {
            stop();
        }
    }

    /** Output was painted: the cursor blinks again (when blinking is on and the view has focus). */
    void activity(boolean focused) {
        if (enabled && focused) {
            start();
        }
    }

    /** The user typed: the cursor shows at once, and blinks again. */
    void typed(boolean focused) {
        on = true;
        activity(focused);
    }

    /** Whether a cursor of {@code shape} is visible in the current phase. */
    boolean showsCursor(CursorShape shape, boolean focused) {
        boolean blinking = enabled && shape.isBlinking() && focused;
        return !blinking || on;
    }

    /** The view is gone: no focus change, paint or setting starts the blink again. */
    void close() {
        closed = true;
        stop();
    }

    void stop() {
        if (ticking != null) {
            ticking.cancel(false);
            ticking = null;
        }
    }

    private void start() {
        if (closed) {
            return;
        }
        lastActivity = nanoTime.getAsLong();
        if (ticking == null) {
            ticking = ticker.every(INTERVAL, this::tick);
        }
    }

    private void tick() {
        if (nanoTime.getAsLong() - lastActivity > TIMEOUT.toNanos()) {
            stop();
            on = true;
        } else {
            on = !on;
        }
        phaseChanged.run();
    }
}
