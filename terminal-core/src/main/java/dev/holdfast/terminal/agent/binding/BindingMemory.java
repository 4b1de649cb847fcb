package dev.holdfast.terminal.agent.binding;

import dev.holdfast.terminal.pty.ProcessIdentity;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * The last binding of each tab, least recently used dropped first once {@code capacity} are held (re-inserted
 * on every hit, so active tabs stay). One thread uses it.
 *
 * <p>A remembered screen match is what keeps a tab's conversation while its answer has scrolled away; every
 * remembered binding tells other tabs in the same directory that its conversation is this tab's.
 */
public final class BindingMemory {

    /**
     * @param process the agent process the binding was made for: another process starts over
     * @param sessionId the conversation
     * @param source what made it
     * @param since a conversation begun from here on may be one this process moved to
     */
    public record Remembered(ProcessIdentity process, String sessionId, BindingSource source, Instant since) {
        public Remembered {
            Objects.requireNonNull(process, "process");
            Objects.requireNonNull(sessionId, "sessionId");
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(since, "since");
        }
    }

    private final int capacity;
    private final LinkedHashMap<UUID, Remembered> entries;

    public BindingMemory(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.capacity = capacity;
        this.entries = new LinkedHashMap<>(16, 0.75f, false);
    }

    /** The tab's binding, re-inserted as the most recently used. */
    public Optional<Remembered> get(UUID panelId) {
        Remembered r = entries.remove(panelId);
        if (r == null) {
            return Optional.empty();
        }
        entries.put(panelId, r);
        return Optional.of(r);
    }

    /** The tab's binding without counting as a use (for telling other tabs what is whose). */
    public Optional<Remembered> peek(UUID panelId) {
        return Optional.ofNullable(entries.get(panelId));
    }

    public void put(UUID panelId, Remembered remembered) {
        entries.remove(panelId);
        entries.put(panelId, remembered);
        while (entries.size() > capacity) {
            UUID eldest = entries.keySet().iterator().next();
            entries.remove(eldest);
        }
    }

    public void forget(UUID panelId) {
        entries.remove(panelId);
    }

    public int size() {
        return entries.size();
    }

    /** The tabs remembered, least recently used first. */
    public List<UUID> panels() {
        return List.copyOf(entries.keySet());
    }
}
