package dev.holdfast.checkpoint.scrollback;

import dev.holdfast.checkpoint.session.PanelSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshot;
import dev.holdfast.checkpoint.session.WindowFrame;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

/**
 * The session to restore, with checkpoints and the last scrollback-bearing snapshot merged in, and where each
 * tab's scrollback came from. Pure.
 *
 * @param snapshot the session to restore, or null when there is none
 * @param sources  per panel of {@code snapshot}, in tab order, where its scrollback came from
 * @param seeds    the restored scrollback of every tab, to write back at once as checkpoints of this launch, so
 *                 that a crash at any moment after this launch brings back at least what it restored
 */
public record RestorePlan(SessionSnapshot snapshot, Map<UUID, RestoreSource> sources, List<ScrollbackSeed> seeds) {

    public RestorePlan {
        sources = Collections.unmodifiableMap(new LinkedHashMap<>(sources));
        seeds = List.copyOf(seeds);
    }

    /**
     * Merges what was kept of each tab's scrollback into the snapshot's tabs: the newest of
     * <ul>
     *   <li>the snapshot's own scrollback, when it was saved with scrollback (quit, power-off, update relaunch),
     *       dated by its {@code scrollbackCapturedAt};</li>
     *   <li>the last snapshot saved with scrollback ({@code withScrollback}), kept while later autosaves, which
     *       carry none, replaced it;</li>
     *   <li>the tab's checkpoint, dated by its capture.</li>
     * </ul>
     * A snapshot at least as new as a checkpoint wins, also for a tab whose scrollback it deliberately left out.
     * The periodic autosave carries no scrollback and no marker, so after a crash its tabs are filled from their
     * checkpoints or the last quit. A tab whose user opted out of persisting scrollback takes none, whatever is
     * on disk. Which checkpoints are valid is the caller's business ({@link CheckpointRecovery}).
     *
     * @param snapshot       the loaded session, or null when there was none or it was unreadable
     * @param withScrollback the last snapshot saved with scrollback, when newer than {@code snapshot}'s, or null
     * @param checkpoints    the valid checkpoint records
     */
    public static RestorePlan merge(SessionSnapshot snapshot, SessionSnapshot withScrollback,
                                    List<ScrollbackRecord> checkpoints) {
        Objects.requireNonNull(checkpoints, "checkpoints");
        if (snapshot == null) {
            return new RestorePlan(null, Map.of(), List.of());
        }
        Map<UUID, ScrollbackRecord> byPanel = new HashMap<>();
        // One file per panel makes one record per panel; should a caller pass more, the newest counts.
        for (ScrollbackRecord record : checkpoints) {
            byPanel.merge(record.panelId(), record, (a, b) -> a.capturedAt().isAfter(b.capturedAt()) ? a : b);
        }
        Map<UUID, PanelSnapshot> generation = new HashMap<>();
        if (withScrollback != null && withScrollback.scrollbackCapturedAt() != null) {
            for (PanelSnapshot panel : withScrollback.panels()) {
                generation.put(panel.panelId(), panel);
            }
        }
        List<PanelSnapshot> panels = new ArrayList<>(snapshot.panels().size());
        Map<UUID, RestoreSource> sources = new LinkedHashMap<>();
        List<ScrollbackSeed> seeds = new ArrayList<>();
        for (PanelSnapshot panel : snapshot.panels()) {
            Candidate best = panel.persistScrollback()
                    ? newest(panel, snapshot, generation.get(panel.panelId()), withScrollback,
                            byPanel.get(panel.panelId()))
                    : Candidate.NONE;
            PanelSnapshot restored = Objects.equals(best.text(), panel.scrollback())
                    && Objects.equals(best.screenFingerprint(), panel.screenFingerprint()) ? panel
                    : panel.withScrollback(best.text(), best.screenFingerprint());
            panels.add(restored);
            sources.put(panel.panelId(), best.source());
            if (restored.scrollback() != null) {
                seeds.add(new ScrollbackSeed(panel.panelId(), restored.scrollback(), best.at(), best.agent(),
                        restored.screenFingerprint()));
            }
        }
        SessionSnapshot merged = new SessionSnapshot(snapshot.version(), snapshot.createdAt(), snapshot.window(),
                panels, snapshot.selectedIndex(), snapshot.scrollbackCapturedAt(), snapshot.sidebar());
        return new RestorePlan(merged, sources, seeds);
    }

    /**
     * The session to restore when no saved session could be read but valid checkpoints were found: the crash came
     * before the launch's first session save (a full disk, a crash within a second of a fresh start), or both
     * session files are gone. Each checkpoint becomes a tab, oldest capture first, in the home directory; null when
     * there are none. (With a session, a checkpoint of a tab it does not name is a closed tab's, and is not
     * restored: see {@link #merge}.)
     */
    public static SessionSnapshot fromCheckpointsAlone(List<ScrollbackRecord> checkpoints, WindowFrame window) {
        if (checkpoints.isEmpty()) {
            return null;
        }
        Instant newest = checkpoints.stream().map(ScrollbackRecord::capturedAt).max(Instant::compareTo).orElseThrow();
        Set<UUID> seen = new HashSet<>();
        List<PanelSnapshot> panels = new ArrayList<>();
        for (ScrollbackRecord record : checkpoints.stream()
                .sorted(Comparator.comparing(ScrollbackRecord::capturedAt)).toList()) {
            if (seen.add(record.panelId())) {
                panels.add(new PanelSnapshot(record.panelId(), null, null, null, null, true));
            }
        }
        return new SessionSnapshot(newest, window, panels, 0, null);
    }

    /** Where the panel's scrollback came from; {@link RestoreSource.None} for a panel not in the plan. */
    public RestoreSource sourceOf(UUID panelId) {
        return sources.getOrDefault(panelId, new RestoreSource.None());
    }

    private static Candidate newest(PanelSnapshot panel, SessionSnapshot snapshot, PanelSnapshot kept,
                                    SessionSnapshot withScrollback, ScrollbackRecord checkpoint) {
        Candidate best = Candidate.NONE;
        if (snapshot.scrollbackCapturedAt() != null) {
            best = Candidate.saved(snapshot.scrollbackCapturedAt(), panel);
        } else if (panel.scrollback() != null) {
            // A snapshot with scrollback but no marker predates the marker; its own time is the best known.
            best = Candidate.saved(snapshot.createdAt(), panel);
        }
        if (kept != null && kept.persistScrollback() && isNewer(withScrollback.scrollbackCapturedAt(), best)) {
            best = Candidate.saved(withScrollback.scrollbackCapturedAt(), kept);
        }
        // Strictly newer: a save at least as new as the checkpoint wins.
        if (checkpoint != null && isNewer(checkpoint.capturedAt(), best)) {
            best = new Candidate(checkpoint.capturedAt(), checkpoint.scrollback(),
                    new RestoreSource.Checkpoint(checkpoint.capturedAt(), checkpoint.agent()), checkpoint.agent(),
                    checkpoint.screenFingerprint());
        }
        return best.text() == null ? Candidate.NONE : best;
    }

    private static boolean isNewer(Instant at, Candidate than) {
        return than.at() == null || at.isAfter(than.at());
    }

    /** @param screenFingerprint the fingerprint saved with {@code text}: it travels with the text it describes */
    private record Candidate(Instant at, String text, RestoreSource source, boolean agent, String screenFingerprint) {
        static final Candidate NONE = new Candidate(null, null, new RestoreSource.None(), false, null);

        static Candidate saved(Instant at, PanelSnapshot panel) {
            return new Candidate(at, panel.scrollback(), new RestoreSource.CleanQuitSnapshot(at), false,
                    panel.screenFingerprint());
        }
    }
}
