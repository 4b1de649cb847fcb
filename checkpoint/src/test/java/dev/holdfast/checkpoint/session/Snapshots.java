package dev.holdfast.checkpoint.session;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** Sample snapshots for the session tests. */
final class Snapshots {

    static final UUID SHELL = UUID.fromString("11111111-1111-4111-8111-111111111111");
    static final UUID AGENT = UUID.fromString("22222222-2222-4222-8222-222222222222");
    static final WindowFrame WINDOW = new WindowFrame(-1920.5, 40, 1440, 900, true);

    private Snapshots() {
    }

    static PanelSnapshot panel(UUID id) {
        return new PanelSnapshot(id, null, null, null, null, true);
    }

    /** Two tabs with every optional field set on one and none on the other. */
    static SessionSnapshot full(Instant createdAt) {
        PanelSnapshot shell = new PanelSnapshot(SHELL, "build", "bash: ~/src", "/home/dana/src",
                "\u001b[1;31merror\u001b[0m: caf\u00e9 \uD83D\uDE80\r\nline \"two\"\r\n", true);
        return new SessionSnapshot(createdAt, WINDOW, List.of(shell, panel(AGENT)), 1, createdAt.minusSeconds(2));
    }

    /** An autosave: one tab, no scrollback. */
    static SessionSnapshot autosave(Instant createdAt, String workingDirectory) {
        PanelSnapshot shell = new PanelSnapshot(SHELL, null, "bash", workingDirectory, null, true);
        return new SessionSnapshot(createdAt, WINDOW, List.of(shell), 0, null);
    }
}
