package dev.holdfast.checkpoint.clocks;

import java.util.Comparator;
import java.util.List;
import java.util.UUID;

/**
 * Which lineage a launch belongs to. A launch that owns the session (it restores what the previous one saved)
 * continues the lineage of the newest launch that owned it; a launch that leaves the session alone (another
 * Holdfast is running on this state directory, or restore is off) starts a lineage of its own, so its rows and
 * its pruning never touch the session's. With no record of an earlier owner, a lineage starts with this launch.
 * Pure.
 */
public final class LaunchLineage {
    private LaunchLineage() {
    }

    public static UUID decide(List<LaunchRow> known, UUID launchId, boolean ownsSession) {
        if (!ownsSession) {
            return launchId;
        }
        return known.stream()
                .filter(LaunchRow::ownsSession)
                .filter(l -> !l.launchId().equals(launchId))
                .max(Comparator.comparing(LaunchRow::startedAt))
                .map(LaunchRow::lineageId)
                .orElse(launchId);
    }
}
