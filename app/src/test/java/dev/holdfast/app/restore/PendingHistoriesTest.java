package dev.holdfast.app.restore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.emulation.SessionSpec;
import dev.holdfast.terminal.emulation.TerminalEvents;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.pty.ProcessInspector;
import dev.holdfast.terminal.pty.ShellCommand;
import dev.holdfast.terminal.replay.InertReplay;
import dev.holdfast.terminal.replay.ReplaySanitizer;
import dev.holdfast.terminal.replay.SplitReplay;
import java.nio.file.Path;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A copy that must hold a restored tab's whole scrollback gets it, however far its restore has come. */
class PendingHistoriesTest {
    @TempDir
    Path dir;

    private final InertReplay replay =
            new InertReplay(new ReplaySanitizer(), Clock.systemUTC(), DateTimeFormatter.ISO_LOCAL_DATE_TIME);

    @Test
    void completingATabWhoseHistoryIsStillToComePutsItAllInItsModel() {
        TerminalSession tab = new TerminalSession(new SessionSpec(UUID.randomUUID(), dir,
                new ShellCommand(List.of("/bin/sh")), Map.of(), 80, 24, 10_000), TerminalEvents.NONE,
                ProcessInspector.forCurrentOs(), Clock.systemUTC());
        String scrollback = "\u001b[32mrestored line\u001b[0m\r\n".repeat(2_000);
        SplitReplay split = replay.beginSplit(tab.terminal(), scrollback);
        while (!split.screen().step(4_096)) {
            // The last screen first, as the restore feeds it.
        }
        PendingHistories histories = new PendingHistories();
        histories.add(tab, split.history().orElseThrow());
        assertTrue(histories.isPending(tab));
        assertTrue(histories.any());
        assertTrue(historyLines(tab) < 100, "the screen's part alone: " + historyLines(tab));

        histories.complete(tab);

        assertFalse(histories.isPending(tab));
        assertFalse(histories.any());
        assertEquals(2_000 + 1 - 24, historyLines(tab), "every restored line but the screen's");
        tab.close();
    }

    private static int historyLines(TerminalSession tab) {
        tab.buffer().lock();
        try {
            return tab.buffer().getHistoryLinesCount();
        } finally {
            tab.buffer().unlock();
        }
    }
}
