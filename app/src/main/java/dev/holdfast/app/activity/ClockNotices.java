package dev.holdfast.app.activity;

import dev.holdfast.checkpoint.clocks.ClockStoreNotices;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The pane clock store's problems on their way to the notice bar. The store opens before the window exists, so what
 * it says until then is kept (a problem already over is dropped), and said once the window is there. Any thread.
 */
public final class ClockNotices implements ClockStoreNotices {
    private final Map<String, String> early = new LinkedHashMap<>();
    private ClockStoreNotices target;

    @Override
    public synchronized void show(String key, String text) {
        if (target == null) {
            early.put(key, text);
        } else {
            target.show(key, text);
        }
    }

    @Override
    public synchronized void clear(String key) {
        if (target == null) {
            early.remove(key);
        } else {
            target.clear(key);
        }
    }

    /** From now on notices go to {@code window} (which hops to the FX thread itself), the early ones first. */
    public synchronized void attach(ClockStoreNotices window) {
        target = window;
        early.forEach(window::show);
        early.clear();
    }
}
