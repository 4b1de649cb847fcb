package dev.holdfast.terminal.screen;

import java.util.ArrayList;
import java.util.List;

/**
 * The tail of a tab's activity: its last state changes and commands, oldest first, bounded in count and in
 * size (defaults 20 entries and 4 KB, {@link ActivitySettings}), the oldest dropped first.
 */
public record ActivityLog(List<ActivityEntry> entries) {
    public static final ActivityLog EMPTY = new ActivityLog(List.of());

    public ActivityLog {
        entries = List.copyOf(entries);
    }

    /** This log with {@code entry} added last, then trimmed to {@code maxEntries} and {@code maxBytes}. */
    public ActivityLog with(ActivityEntry entry, int maxEntries, int maxBytes) {
        List<ActivityEntry> all = new ArrayList<>(entries.size() + 1);
        all.addAll(entries);
        all.add(entry);
        int from = Math.max(0, all.size() - maxEntries);
        int bytes = 0;
        for (int i = from; i < all.size(); i++) {
            bytes += all.get(i).estimatedBytes();
        }
        // The newest entry always stays, even alone over the budget (its texts are capped where they arise).
        while (bytes > maxBytes && from < all.size() - 1) {
            bytes -= all.get(from).estimatedBytes();
            from++;
        }
        return new ActivityLog(all.subList(from, all.size()));
    }

    /** The log's size in its budget: each entry's text in UTF-8 plus a fixed cost per entry. */
    public int estimatedBytes() {
        int bytes = 0;
        for (ActivityEntry entry : entries) {
            bytes += entry.estimatedBytes();
        }
        return bytes;
    }
}
