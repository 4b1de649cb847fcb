package dev.holdfast.terminal.emulation;

import com.techsenger.jeditermfx.core.Terminal;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.stream.HyperlinkListener;
import dev.holdfast.terminal.stream.ShellMarkListener;
import dev.holdfast.terminal.vt.JediTerminalHandler;
import dev.holdfast.terminal.vt.Utf8Input;
import dev.holdfast.terminal.vt.VtParser;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.BooleanSupplier;

/**
 * PTY output through Holdfast's VT parser into the model: reads of up to {@link #READ_BYTES} into buffers made
 * once, decoded and parsed in one pass each. A read that returns is parsed whole before the next read, so the
 * processed generation is published just before each read.
 */
final class HoldfastReadLoop implements PtyReadLoop {
    /** The most bytes one PTY read asks for: a flood is parsed in large slices, not a PTY buffer at a time. */
    static final int READ_BYTES = 64 * 1024;

    private final InputStream pty;
    private final TerminalTextBuffer buffer;
    private final OutputGeneration generation;
    private final BooleanSupplier stopped;
    private final Utf8Input input = new Utf8Input(READ_BYTES);
    private final VtParser parser;

    /**
     * @param terminal the model as Holdfast drives it, a {@code CorrectedTerminal}; the differential test gives it
     *     the library's own, to compare the reading alone
     * @param buffer the model's buffer, whose lock every reader of the model takes
     */
    HoldfastReadLoop(InputStream pty, Terminal terminal, TerminalTextBuffer buffer, OutputGeneration generation,
            HyperlinkListener hyperlinks, ShellMarkListener shellMarks, JediTerminalHandler.Replies replies, String name,
            BooleanSupplier stopped) {
        this.pty = pty;
        this.buffer = buffer;
        this.generation = generation;
        this.stopped = stopped;
        this.parser = new VtParser(new JediTerminalHandler(terminal, hyperlinks, shellMarks, replies, name));
    }

    @Override
    public void run() throws IOException {
        try {
            while (!stopped.getAsBoolean()) {
                generation.publishProcessed();
                int n = pty.read(input.bytes(), input.readOffset(), input.readLength());
                if (n < 0) {
                    return;
                }
                if (n == 0) {
                    continue;
                }
                generation.recordRead();
                int chars = input.decode(n);
                buffer.lock();
                try {
                    parser.advance(input.chars(), 0, chars);
                } finally {
                    buffer.unlock();
                }
            }
        } finally {
            generation.publishProcessed();
        }
    }
}
