package dev.holdfast.checkpoint.session;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

/**
 * The window and its tabs as saved to {@code session.json}.
 *
 * @param version              the file format; a build reads only {@link #CURRENT_VERSION}
 * @param createdAt            when this snapshot was taken
 * @param panels               the tabs in order, with distinct panel ids
 * @param selectedIndex        the selected tab; 0 when there are no tabs
 * @param scrollbackCapturedAt when the panels' scrollback was captured (quit, power-off, update relaunch), or
 *                             null for the periodic autosave, which carries none; scrollback checkpoints newer
 *                             than this win the restore merge
 * @param sidebar              the sidebar as it was left, or null (a snapshot from before it: hidden)
 */
public record SessionSnapshot(
        int version,
        Instant createdAt,
        WindowFrame window,
        List<PanelSnapshot> panels,
        int selectedIndex,
        Instant scrollbackCapturedAt,
        SidebarState sidebar) {

    public static final int CURRENT_VERSION = 1;

    public SessionSnapshot {
        if (version != CURRENT_VERSION) {
            throw new IllegalArgumentException(
                    "version " + version + " is not supported (this build reads version " + CURRENT_VERSION + ")");
        }
        Objects.requireNonNull(createdAt, "createdAt is missing");
        Objects.requireNonNull(window, "window is missing");
        Objects.requireNonNull(panels, "panels are missing");
        Set<UUID> seen = new HashSet<>();
        for (int i = 0; i < panels.size(); i++) {
            PanelSnapshot panel = panels.get(i);
            if (panel == null) {
                throw new NullPointerException("panel " + i + " is missing");
            }
            // Checkpoints and pane clocks are keyed by panel id: two tabs sharing one would restore each other's.
            if (!seen.add(panel.panelId())) {
                throw new IllegalArgumentException("panel id " + panel.panelId() + " appears more than once");
            }
        }
        panels = List.copyOf(panels);
        int validUpperBound = Math.max(panels.size(), 1);
        if (selectedIndex < 0 || selectedIndex >= validUpperBound) {
            throw new IllegalArgumentException(
                    "selected tab " + selectedIndex + " is outside the " + panels.size() + " tabs");
        }
    }

    /** A snapshot without a sidebar state. */
    public SessionSnapshot(int version, Instant createdAt, WindowFrame window, List<PanelSnapshot> panels,
                           int selectedIndex, Instant scrollbackCapturedAt) {
        this(version, createdAt, window, panels, selectedIndex, scrollbackCapturedAt, null);
    }

    /** A snapshot in the current format, without a sidebar state. */
    public SessionSnapshot(
            Instant createdAt,
            WindowFrame window,
            List<PanelSnapshot> panels,
            int selectedIndex,
            Instant scrollbackCapturedAt) {
        this(CURRENT_VERSION, createdAt, window, panels, selectedIndex, scrollbackCapturedAt, null);
    }

    /** This snapshot with {@code state} as its sidebar. */
    public SessionSnapshot withSidebar(SidebarState state) {
        return new SessionSnapshot(version, createdAt, window, panels, selectedIndex, scrollbackCapturedAt, state);
    }
}
