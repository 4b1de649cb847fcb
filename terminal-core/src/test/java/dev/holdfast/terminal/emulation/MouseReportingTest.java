package dev.holdfast.terminal.emulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.TerminalOutputStream;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseButtonCodes;
import com.techsenger.jeditermfx.core.input.MouseEvent;
import dev.holdfast.terminal.pty.ProcessSnapshot;
import dev.holdfast.terminal.pty.ShellCommand;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The view hands the emulator 0-based cell coordinates relative to the screen; programs must receive the
 * 1-based xterm coordinates of the cell that was clicked.
 */
class MouseReportingTest {
    private final ByteArrayOutputStream sent = new ByteArrayOutputStream();

    private TerminalSession terminalWithRecordedOutput() {
        TerminalSession s = new TerminalSession(new SessionSpec(UUID.randomUUID(), Path.of("/"),
                new ShellCommand(List.of("/bin/sh")), Map.of(), 80, 24, 100),
                TerminalEvents.NONE, pid -> ProcessSnapshot.UNKNOWN, Clock.systemUTC());
        s.terminal().setTerminalOutput(new TerminalOutputStream() {
            @Override
            public void sendBytes(byte[] bytes, boolean userInput) {
                sent.writeBytes(bytes);
            }

            @Override
            public void sendString(String text, boolean userInput) {
                sent.writeBytes(text.getBytes(StandardCharsets.UTF_8));
            }
        });
        return s;
    }

    @Test
    void sgrMouseReportsOneBasedCellOfTheClick() {
        TerminalSession s = terminalWithRecordedOutput();
        s.writeLocal("\u001b[?1000h\u001b[?1006h");
        assertTrue(s.mouseReporting());
        s.terminal().mousePressed(4, 2, new MouseEvent(MouseButtonCodes.LEFT, 0));
        s.terminal().mouseReleased(4, 2, new MouseEvent(MouseButtonCodes.LEFT, 0));
        assertEquals("\u001b[<0;5;3M\u001b[<0;5;3m", sent.toString(StandardCharsets.UTF_8));
    }

    @Test
    void noReportsWhenTheProgramDidNotAsk() {
        TerminalSession s = terminalWithRecordedOutput();
        assertFalse(s.mouseReporting());
        s.writeLocal("\u001b[?1000h\u001b[?1000l");
        assertFalse(s.mouseReporting(), "reporting switched off again");
    }
}
