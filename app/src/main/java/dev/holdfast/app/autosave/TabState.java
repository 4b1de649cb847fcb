package dev.holdfast.app.autosave;

import dev.holdfast.terminal.emulation.TerminalSession;
import java.util.Objects;
import java.util.UUID;

/**
 * One tab as the saver needs it, gathered on the FX thread. The session is carried so that its working
 * directory can be read from the OS later, off the FX thread.
 */
public record TabState(UUID panelId, String customTitle, String programTitle, TerminalSession session,
                       boolean persistScrollback) {
    public TabState {
        Objects.requireNonNull(panelId, "panelId");
        Objects.requireNonNull(session, "session");
    }
}
