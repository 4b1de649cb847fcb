package dev.holdfast.terminal.export;

import com.techsenger.jeditermfx.core.ArrayTerminalDataStream;
import com.techsenger.jeditermfx.core.emulator.JediEmulator;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.StyleState;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.emulation.HiddenDisplay;
import java.io.IOException;

/** A real JediTerm model with no UI and no PTY, for tests: feed it text as a shell would, then read it. */
public final class HeadlessTerminal {
    private final JediTerminal terminal;

    public HeadlessTerminal(int columns, int rows, int historyLines) {
        StyleState style = new StyleState();
        TerminalTextBuffer buffer = new TerminalTextBuffer(columns, rows, style, historyLines, null);
        this.terminal = new JediTerminal(new HiddenDisplay(), buffer, style);
    }

    public JediTerminal terminal() {
        return terminal;
    }

    public TerminalTextBuffer buffer() {
        return terminal.getTerminalTextBuffer();
    }

    /** Feeds raw text through the emulator, unsanitized, as the PTY reader does (with JediTerm's own stream). */
    public HeadlessTerminal feed(String text) {
        JediEmulator emulator = new JediEmulator(new ArrayTerminalDataStream(text.toCharArray()), terminal);
        buffer().lock();
        try {
            while (emulator.hasNext()) {
                emulator.next();
            }
        } catch (IOException e) {
            // End of the text.
        } finally {
            buffer().unlock();
        }
        return this;
    }

    /** What {@link ScrollbackCapture} then {@link VtExport} make of the terminal now. */
    public String export() {
        return new VtExport(new SgrFormatter()).format(new ScrollbackCapture(new PrimaryBuffers()).capture(terminal));
    }
}
