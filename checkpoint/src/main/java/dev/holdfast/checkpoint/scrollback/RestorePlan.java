package dev.holdfast.checkpoint.scrollback;

import dev.holdfast.checkpoint.session.LaunchRecord;
import dev.holdfast.checkpoint.session.PanelSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshot;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * The session to restore, with checkpoints merged in, and where each tab's scrollback came from. Pure.
 *
 * @param snapshot the session to restore, or null when there is none
 * @param sources  per panel of {@code snapshot}, in tab order, where its scrollback came from
 * @param seeds    scrollback to write back as checkpoints of this launch once the tabs are up; empty unless the
 *                 previous launch ended uncleanly
 */
public record RestorePlan(SessionSnapshot snapshot, Map<UUID, RestoreSource> sources, List<ScrollbackSeed> seeds) {

    public RestorePlan {
        sources = Collections.unmodifiableMap(new LinkedHashMap<>(sources));
        seeds = List.copyOf(seeds);
    }

    /**
     * Merges checkpoints into the startup snapshot.
     *
     * <ul>
     *   <li>Only after an unclean launch: after a clean exit the snapshot has everything, and any checkpoint is
     *       a leftover.</li>
     *   <li>When the snapshot was saved with scrollback at least as recently as a checkpoint was taken, the
     *       snapshot wins — also for a tab whose scrollback it deliberately left out.</li>
     *   <li>Otherwise the checkpoint fills the tab's scrollback: the periodic autosave carries no scrollback and
     *       no {@code scrollbackCapturedAt}, so after a crash its tabs are filled from their checkpoints.</li>
     *   <li>A tab whose user opted out of persisting scrollback takes no checkpoint, whatever is on disk.</li>
     * </ul>
     *
     * @param snapshot    the loaded session, or null when there was none or it was unreadable
     * @param checkpoints records the store accepted for the launch that ended uncleanly
     */
    public static RestorePlan merge(SessionSnapshot snapshot, LaunchRecord launch, List<ScrollbackRecord> checkpoints) {
        Objects.requireNonNull(launch, "launch");
        if (snapshot == null) {
            return new RestorePlan(null, Map.of(), List.of());
        }
        boolean afterCrash = launch.previousWasUnclean();
        Map<UUID, ScrollbackRecord> byPanel = new HashMap<>();
        if (afterCrash) {
            // One file per panel makes one record per panel; should a caller pass more, the newest counts.
            for (ScrollbackRecord record : checkpoints) {
                byPanel.merge(record.panelId(), record,
                        (a, b) -> a.capturedAt().isAfter(b.capturedAt()) ? a : b);
            }
        }
        Instant savedWithScrollbackAt = snapshot.scrollbackCapturedAt();
        List<PanelSnapshot> panels = new ArrayList<>(snapshot.panels().size());
        Map<UUID, RestoreSource> sources = new LinkedHashMap<>();
        List<ScrollbackSeed> seeds = new ArrayList<>();
        for (PanelSnapshot panel : snapshot.panels()) {
            ScrollbackRecord checkpoint = panel.persistScrollback() ? byPanel.get(panel.panelId()) : null;
            PanelSnapshot restored = panel;
            RestoreSource source;
            if (checkpoint != null && (savedWithScrollbackAt == null
                    || savedWithScrollbackAt.isBefore(checkpoint.capturedAt()))) {
                restored = new PanelSnapshot(panel.panelId(), panel.customTitle(), panel.programTitle(),
                        panel.workingDirectory(), checkpoint.scrollback(), panel.persistScrollback(),
                        checkpoint.screenFingerprint());
                source = new RestoreSource.Checkpoint(checkpoint.capturedAt(), checkpoint.agent());
            } else if (panel.scrollback() != null) {
                // A snapshot with scrollback but no marker predates the marker; its own time is the best known.
                source = new RestoreSource.CleanQuitSnapshot(
                        savedWithScrollbackAt != null ? savedWithScrollbackAt : snapshot.createdAt());
            } else {
                source = new RestoreSource.None();
            }
            panels.add(restored);
            sources.put(panel.panelId(), source);
            if (afterCrash && restored.scrollback() != null) {
                seeds.add(seedOf(restored, source));
            }
        }
        SessionSnapshot merged = new SessionSnapshot(snapshot.version(), snapshot.createdAt(), snapshot.window(),
                panels, snapshot.selectedIndex(), snapshot.scrollbackCapturedAt());
        return new RestorePlan(merged, sources, seeds);
    }

    /** Where the panel's scrollback came from; {@link RestoreSource.None} for a panel not in the plan. */
    public RestoreSource sourceOf(UUID panelId) {
        return sources.getOrDefault(panelId, new RestoreSource.None());
    }

    private static ScrollbackSeed seedOf(PanelSnapshot panel, RestoreSource source) {
        if (source instanceof RestoreSource.Checkpoint checkpoint) {
            return new ScrollbackSeed(panel.panelId(), panel.scrollback(), checkpoint.capturedAt(), checkpoint.agent());
        }
        RestoreSource.CleanQuitSnapshot saved = (RestoreSource.CleanQuitSnapshot) source;
        return new ScrollbackSeed(panel.panelId(), panel.scrollback(), saved.capturedAt(), false);
    }
}
