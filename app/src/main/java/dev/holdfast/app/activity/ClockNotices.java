package dev.holdfast.app.activity;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The pane clock store's problems on their way to the notice bar. The store opens before the window exists, so what
 * it says until then is kept, and said once the window is there. Each problem arrives once per launch (the store
 * tells each once). Any thread.
 */
public final class ClockNotices implements Consumer<String> {
    /** The notice bar's key prefix for these notices. */
    public static final String KEY = "pane-clocks";

    private final List<String> early = new ArrayList<>();
    private Consumer<String> target;

    @Override
    public synchronized void accept(String notice) {
        if (target == null) {
            early.add(notice);
        } else {
            target.accept(notice);
        }
    }

    /** From now on notices go to {@code shown} (which hops to the FX thread itself), the early ones first. */
    public synchronized void attach(Consumer<String> shown) {
        target = shown;
        early.forEach(shown);
        early.clear();
    }
}
