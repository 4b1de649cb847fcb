package dev.holdfast.checkpoint.session;

import java.util.Objects;
import java.util.UUID;

/**
 * One tab as it is saved in a session snapshot.
 *
 * @param panelId           the tab's identity, stable across restarts; scrollback checkpoints are keyed by it
 * @param customTitle       the title the user typed, or null when the tab follows its program's title
 * @param programTitle      the last title the program set (OSC 0/2), or null
 * @param workingDirectory  the shell's working directory as last known, or null when unknown
 * @param scrollback        the scrollback as text with SGR attributes, or null when not captured in this save
 * @param persistScrollback false when the user asked that this tab's scrollback never reach the disk
 * @param screenFingerprint the fingerprint of the visible screen {@code scrollback} was captured from, or null when
 *                          none was recorded (no scrollback, or a file from before it)
 * @param foreground        what the tab's foreground ran (an agent, tmux, ssh), or null: nothing to go back into,
 *                          or a file from before it
 */
public record PanelSnapshot(
        UUID panelId,
        String customTitle,
        String programTitle,
        String workingDirectory,
        String scrollback,
        boolean persistScrollback,
        String screenFingerprint,
        PanelForeground foreground) {

    public PanelSnapshot {
        Objects.requireNonNull(panelId, "panelId is missing");
        // The user's "don't persist" wins over whatever a capture produced, so no save path can write it.
        if (!persistScrollback) {
            scrollback = null;
        }
        // A fingerprint describes the screen a scrollback came from: without the scrollback it means nothing.
        if (scrollback == null) {
            screenFingerprint = null;
        }
    }

    /** A tab whose foreground ran nothing to go back into. */
    public PanelSnapshot(UUID panelId, String customTitle, String programTitle, String workingDirectory,
                         String scrollback, boolean persistScrollback, String screenFingerprint) {
        this(panelId, customTitle, programTitle, workingDirectory, scrollback, persistScrollback, screenFingerprint,
                null);
    }

    /** This tab with {@code text} as its scrollback and {@code fingerprint} as its screen's. */
    public PanelSnapshot withScrollback(String text, String fingerprint) {
        return new PanelSnapshot(panelId, customTitle, programTitle, workingDirectory, text, persistScrollback,
                fingerprint, foreground);
    }

    /** A tab without a screen fingerprint. */
    public PanelSnapshot(UUID panelId, String customTitle, String programTitle, String workingDirectory,
                         String scrollback, boolean persistScrollback) {
        this(panelId, customTitle, programTitle, workingDirectory, scrollback, persistScrollback, null);
    }
}
