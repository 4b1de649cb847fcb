package dev.holdfast.app.control;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * One tab as {@code list} reports it.
 *
 * @param panelId           the tab's restart-stable id
 * @param title             what the tab strip shows
 * @param cwd               the shell's working directory as an absolute path, or null when it is not known
 * @param shellPid          the shell's process id, or null when no shell is running (it has exited)
 * @param foregroundCommand the name of the process in the terminal's foreground (the shell's own name when it is
 *                          at its prompt), or null when it is not known
 * @param selected          whether this is the window's selected tab
 * @param restored          whether the tab was brought back from a previous launch
 * @param agent             the coding agent that runs in the tab ({@code codex}, {@code claude-code}), or null
 * @param state             {@code working}, {@code waiting}, {@code idle} or {@code exited}; null before the
 *                          activity watcher's first look
 * @param stateSince        when the tab entered its state, or null
 * @param lastActivityAt    when its visible screen last really changed, or null
 */
public record TabInfo(UUID panelId, String title, String cwd, Long shellPid, String foregroundCommand,
                      boolean selected, boolean restored, String agent, String state, Instant stateSince,
                      Instant lastActivityAt) {
    public TabInfo {
        Objects.requireNonNull(panelId, "panelId");
        Objects.requireNonNull(title, "title");
        if (shellPid != null && shellPid <= 0) {
            throw new IllegalArgumentException("shell pid must be positive: " + shellPid);
        }
    }

    /** A tab without its activity. */
    public TabInfo(UUID panelId, String title, String cwd, Long shellPid, String foregroundCommand, boolean selected,
                   boolean restored, String agent) {
        this(panelId, title, cwd, shellPid, foregroundCommand, selected, restored, agent, null, null, null);
    }
}
