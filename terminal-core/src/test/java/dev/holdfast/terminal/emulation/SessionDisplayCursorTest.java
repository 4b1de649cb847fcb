package dev.holdfast.terminal.emulation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.holdfast.terminal.pty.ProcessSnapshot;
import dev.holdfast.terminal.pty.ShellCommand;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The renderer draws the cursor where the session says it is: 1-based column and row of the screen. */
class SessionDisplayCursorTest {
    private static TerminalSession unstarted() {
        return new TerminalSession(new SessionSpec(UUID.randomUUID(), Path.of("/"),
                new ShellCommand(List.of("/bin/sh")), Map.of(), 80, 24, 100),
                TerminalEvents.NONE, pid -> ProcessSnapshot.UNKNOWN, Clock.systemUTC());
    }

    @Test
    void cursorIsOneBasedAfterText() {
        TerminalSession s = unstarted();
        s.writeLocal("abc");
        assertEquals(4, s.cursorX(), "column after three characters");
        assertEquals(1, s.cursorY(), "first row");
        s.writeLocal("\r\nxy");
        assertEquals(3, s.cursorX());
        assertEquals(2, s.cursorY());
    }

    @Test
    void cursorFollowsAbsolutePositioning() {
        TerminalSession s = unstarted();
        s.writeLocal("\u001b[5;10H");
        assertEquals(10, s.cursorX());
        assertEquals(5, s.cursorY());
    }
}
