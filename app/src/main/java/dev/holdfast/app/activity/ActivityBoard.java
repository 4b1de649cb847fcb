package dev.holdfast.app.activity;

import dev.holdfast.terminal.screen.TabCard;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The newest card of every open tab, as the FX thread shows it (the sidebar, the tab headers, {@code holdfast ctl}).
 * The watcher's coalesced batches land here; each batch tells the listeners once, with the tabs it changed. FX thread.
 */
public final class ActivityBoard {
    private final Map<UUID, TabCard> cards = new HashMap<>();
    private final List<Consumer<Set<UUID>>> listeners = new ArrayList<>();

    public Optional<TabCard> card(UUID panelId) {
        return Optional.ofNullable(cards.get(panelId));
    }

    /** Told the tabs whose card changed, once per batch. */
    public void addListener(Consumer<Set<UUID>> changed) {
        listeners.add(changed);
    }

    void apply(Map<UUID, TabCard> batch) {
        if (batch.isEmpty()) {
            return;
        }
        cards.putAll(batch);
        Set<UUID> changed = Set.copyOf(batch.keySet());
        for (Consumer<Set<UUID>> listener : listeners) {
            listener.accept(changed);
        }
    }

    void remove(UUID panelId) {
        if (cards.remove(panelId) != null) {
            for (Consumer<Set<UUID>> listener : listeners) {
                listener.accept(Set.of(panelId));
            }
        }
    }
}
