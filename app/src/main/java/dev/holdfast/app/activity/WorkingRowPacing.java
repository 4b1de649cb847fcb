package dev.holdfast.app.activity;

import dev.holdfast.terminal.screen.TabState;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * Which rows the watcher hands to the pane clock store. A working tab (a build printing, a flood) shows a new screen
 * at every look, and the store's conditional write would take each one: a write per second per busy tab. A row that
 * keeps a tab working is handed over at most once per {@code interval}; a row in which the tab enters or leaves a
 * state always goes at once. A working tab's row lagging behind its screen is harmless: its fingerprint then differs
 * from the one saved with its scrollback, and a restart falls back to the last moment the launch was known alive,
 * which for a busy tab is the truth. Pure, and owned by the watcher's thread.
 */
final class WorkingRowPacing {
    private final Duration interval;
    private final Map<UUID, Handed> handed = new HashMap<>();

    private record Handed(TabState state, Instant at) {
    }

    WorkingRowPacing(Duration interval) {
        this.interval = Objects.requireNonNull(interval, "interval");
    }

    /** Whether tab {@code panelId}'s row, in {@code state} at {@code now}, goes to the store; if so, it counts. */
    boolean handOver(UUID panelId, TabState state, Instant now) {
        Handed last = handed.get(panelId);
        if (last != null && last.state() == TabState.WORKING && state == TabState.WORKING
                && now.isBefore(last.at().plus(interval))) {
            return false;
        }
        handed.put(panelId, new Handed(state, now));
        return true;
    }

    void forget(UUID panelId) {
        handed.remove(panelId);
    }
}
