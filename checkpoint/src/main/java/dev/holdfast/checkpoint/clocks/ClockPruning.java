package dev.holdfast.checkpoint.clocks;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * Which stored rows go, after the first full listing of this launch's tabs (restore done). Pure.
 * <ul>
 *   <li>Rows of this launch's lineage whose panels are not among the tabs: they were closed. Only preloaded rows
 *       are candidates, and a delete only happens while the row is still as preloaded, so a row another instance
 *       wrote meanwhile survives.</li>
 *   <li>Rows of another lineage once that instance is provably gone (none of its launches is running) and its
 *       newest activity (its rows' writes and its launches) is {@code retention} old. The age is the instance's,
 *       not the row's, so a long-idle pane is kept with its siblings; until then the rows are the only record of
 *       what that instance ran.</li>
 *   <li>Launch records no longer needed: of this lineage all but the newest (this launch records itself), of a
 *       pruned lineage all.</li>
 * </ul>
 */
public final class ClockPruning {
    private ClockPruning() {
    }

    /** What to delete. */
    public record Plan(List<PaneClockRow> rows, List<UUID> launches) {
        public Plan {
            rows = List.copyOf(rows);
            launches = List.copyOf(launches);
        }
    }

    public static Plan plan(PaneClockPreload preload, UUID lineage, Set<UUID> livePanels,
                            Predicate<LaunchRow> running, Instant now, Duration retention) {
        List<PaneClockRow> rows = new ArrayList<>();
        List<UUID> launches = new ArrayList<>();
        Map<UUID, List<PaneClockRow>> otherRows = new HashMap<>();
        for (PaneClockRow row : preload.rows().values()) {
            UUID rowLineage = row.key().lineageId();
            if (rowLineage.equals(lineage)) {
                if (!livePanels.contains(row.key().panelId())) {
                    rows.add(row);
                }
            } else {
                otherRows.computeIfAbsent(rowLineage, k -> new ArrayList<>()).add(row);
            }
        }
        Map<UUID, List<LaunchRow>> launchesByLineage = new HashMap<>();
        for (LaunchRow launch : preload.launches()) {
            launchesByLineage.computeIfAbsent(launch.lineageId(), k -> new ArrayList<>()).add(launch);
        }
        Set<UUID> otherLineages = new HashSet<>(otherRows.keySet());
        launchesByLineage.keySet().stream().filter(l -> !l.equals(lineage)).forEach(otherLineages::add);
        for (UUID other : otherLineages) {
            List<PaneClockRow> itsRows = otherRows.getOrDefault(other, List.of());
            List<LaunchRow> itsLaunches = launchesByLineage.getOrDefault(other, List.of());
            if (itsLaunches.stream().anyMatch(running)) {
                continue;
            }
            Instant newest = Instant.MIN;
            for (PaneClockRow row : itsRows) {
                newest = later(newest, row.updatedAt());
            }
            for (LaunchRow launch : itsLaunches) {
                newest = later(newest, launch.startedAt());
            }
            if (!newest.plus(retention).isAfter(now)) {
                rows.addAll(itsRows);
                itsLaunches.forEach(l -> launches.add(l.launchId()));
            }
        }
        List<LaunchRow> mine = new ArrayList<>(launchesByLineage.getOrDefault(lineage, List.of()));
        mine.sort(Comparator.comparing(LaunchRow::startedAt).reversed());
        for (int i = 1; i < mine.size(); i++) {
            if (!running.test(mine.get(i))) {
                launches.add(mine.get(i).launchId());
            }
        }
        return new Plan(rows, launches);
    }

    private static Instant later(Instant a, Instant b) {
        return b.isAfter(a) ? b : a;
    }
}
