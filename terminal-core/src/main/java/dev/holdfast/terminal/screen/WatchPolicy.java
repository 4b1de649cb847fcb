package dev.holdfast.terminal.screen;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Decides which tabs need a look, from each tab's output generation: no timer per tab, and a tab with no new
 * output costs nothing. A tab is due when its generation moved since its last look and
 * {@link ActivitySettings#lookInterval()} has passed since that look (at most one fingerprint per tab per
 * interval, whatever the flood), or when its last look asked to be repeated at a time (a state that changes
 * with time alone). Pure and single-threaded: the watcher owns it.
 *
 * <p>The glue tells it of output with {@link #outputSeen} (from a tick that reads every tab's generation, or
 * from the terminal's own "model changed" events), asks {@link #due} what to look at, reports each look with
 * {@link #looked}, and sleeps until {@link #nextDue()}.
 */
public final class WatchPolicy {
    private final Duration lookInterval;
    private final Map<UUID, Tab> tabs = new HashMap<>();
    /** Tabs whose generation moved since their last look, or never looked at: the only ones that cost anything. */
    private final Set<UUID> dirty = new LinkedHashSet<>();
    /** Tabs whose last look asked to be repeated at a time. */
    private final Map<UUID, Instant> rechecks = new HashMap<>();

    private static final class Tab {
        long lookedGeneration = Long.MIN_VALUE;
        long seenGeneration = Long.MIN_VALUE;
        Instant lookedAt;
    }

    public WatchPolicy(ActivitySettings settings) {
        this.lookInterval = Objects.requireNonNull(settings, "settings").lookInterval();
    }

    /** Starts watching {@code tab}; its first look is due at once. */
    public void add(UUID tab) {
        if (tabs.putIfAbsent(tab, new Tab()) == null) {
            dirty.add(tab);
        }
    }

    public void remove(UUID tab) {
        tabs.remove(tab);
        dirty.remove(tab);
        rechecks.remove(tab);
    }

    /** {@code tab}'s output generation is now {@code generation}. Cheap: call it as often as convenient. */
    public void outputSeen(UUID tab, long generation) {
        Tab t = tabs.get(tab);
        if (t == null) {
            return;
        }
        t.seenGeneration = generation;
        if (generation != t.lookedGeneration) {
            dirty.add(tab);
        }
    }

    /** The tabs to look at now. */
    public List<UUID> due(Instant now) {
        List<UUID> due = new ArrayList<>();
        for (UUID id : dirty) {
            Tab t = tabs.get(id);
            if (t.lookedAt == null || !now.isBefore(t.lookedAt.plus(lookInterval))) {
                due.add(id);
            }
        }
        for (Map.Entry<UUID, Instant> recheck : rechecks.entrySet()) {
            if (!now.isBefore(recheck.getValue()) && !dirty.contains(recheck.getKey())) {
                due.add(recheck.getKey());
            }
        }
        return due;
    }

    /**
     * {@code tab} was looked at, its screen copied at {@code generation}.
     *
     * @param lookAgainAt when to look again even without output, or null
     */
    public void looked(UUID tab, long generation, Instant at, Instant lookAgainAt) {
        Tab t = tabs.get(tab);
        if (t == null) {
            return;
        }
        t.lookedGeneration = generation;
        t.lookedAt = at;
        if (lookAgainAt == null) {
            rechecks.remove(tab);
        } else {
            rechecks.put(tab, lookAgainAt);
        }
        if (t.seenGeneration == generation || t.seenGeneration == Long.MIN_VALUE) {
            dirty.remove(tab);
        }
    }

    /**
     * When the next tab falls due, as far as is known now (a time not after now: at once); empty when none will
     * without new output.
     */
    public Optional<Instant> nextDue() {
        Instant next = null;
        for (UUID id : dirty) {
            Tab t = tabs.get(id);
            Instant at = t.lookedAt == null ? Instant.MIN : t.lookedAt.plus(lookInterval);
            next = next == null || at.isBefore(next) ? at : next;
        }
        for (Instant again : rechecks.values()) {
            if (next == null || again.isBefore(next)) {
                next = again;
            }
        }
        return Optional.ofNullable(next);
    }

    /** How many tabs are watched. */
    public int size() {
        return tabs.size();
    }
}
