package dev.holdfast.terminal.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.techsenger.jeditermfx.core.ArrayTerminalDataStream;
import com.techsenger.jeditermfx.core.TerminalMode;
import com.techsenger.jeditermfx.core.emulator.JediEmulator;
import com.techsenger.jeditermfx.core.input.KeyEvent;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.StyleState;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.emulation.HiddenDisplay;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * Holds JediTerm to what {@link KeyboardModes} documents: the modes a program sets are readable through
 * {@code JediTerminal.isModelEnabled}. If a JediTerm upgrade stops recording them there, the view would send
 * normal-mode arrows to vim and less, and these tests fail first.
 */
class JediTermKeyboardModesTest {

    private static final byte[] APPLICATION_UP = ByteNotation.parse("ESC OA");
    private static final byte[] NORMAL_UP = ByteNotation.parse("ESC [A");

    @Test
    void freshTerminalIsInNormalModes() throws IOException {
        JediTerminal terminal = terminalAfter("");

        assertEquals(KeyboardModes.NORMAL, modesOf(terminal));
    }

    @Test
    void decckmSetIsReportedAsCursorKeyMode() throws IOException {
        JediTerminal terminal = terminalAfter("\u001b[?1h");

        assertEquals(new KeyboardModes(true, false), modesOf(terminal));
        // JediTerm's own key encoder switched with the flag, so the flag is the emulator's real state.
        ByteNotation.assertBytes(APPLICATION_UP, terminal.getCodeForKey(KeyEvent.VK_UP, 0), "JediTerm's Up");
        ByteNotation.assertBytes(APPLICATION_UP, new KeyEncoder().encodeKey(Key.UP, Modifiers.NONE, modesOf(terminal)),
                "our Up");
    }

    @Test
    void decckmResetClearsCursorKeyMode() throws IOException {
        JediTerminal terminal = terminalAfter("\u001b[?1h" + "prompt$ " + "\u001b[?1l");

        assertEquals(KeyboardModes.NORMAL, modesOf(terminal));
        ByteNotation.assertBytes(NORMAL_UP, terminal.getCodeForKey(KeyEvent.VK_UP, 0), "JediTerm's Up");
    }

    @Test
    void deckpamIsReportedAsKeypadModeAndDeckpnmClearsIt() throws IOException {
        assertEquals(new KeyboardModes(false, true), modesOf(terminalAfter("\u001b=")));
        assertEquals(KeyboardModes.NORMAL, modesOf(terminalAfter("\u001b=" + "\u001b>")));
    }

    @Test
    void bothModesAsVimSetsThemOnStartup() throws IOException {
        // vim's t_ks for xterm: DECCKM on, then DECKPAM.
        JediTerminal terminal = terminalAfter("\u001b[?1h\u001b=");

        assertEquals(new KeyboardModes(true, true), modesOf(terminal));
    }

    /** The read the view does at each key press, as {@link KeyboardModes} documents it. */
    private static KeyboardModes modesOf(JediTerminal terminal) {
        return new KeyboardModes(terminal.isModelEnabled(TerminalMode.CursorKey),
                terminal.isModelEnabled(TerminalMode.Keypad));
    }

    private static JediTerminal terminalAfter(String output) throws IOException {
        StyleState styleState = new StyleState();
        TerminalTextBuffer buffer = new TerminalTextBuffer(80, 24, styleState);
        JediTerminal terminal = new JediTerminal(new HiddenDisplay(), buffer, styleState);
        // The emulator catches the end of the array as its EOF and stops reporting hasNext.
        JediEmulator emulator = new JediEmulator(new ArrayTerminalDataStream(output.toCharArray()), terminal);
        while (emulator.hasNext()) {
            emulator.next();
        }
        return terminal;
    }

    /** A display with no screen: these tests only read the model. */
}
