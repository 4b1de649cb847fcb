package dev.holdfast.terminal.emulation;

import com.techsenger.jeditermfx.core.emulator.JediEmulator;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.stream.HyperlinkListener;
import dev.holdfast.terminal.stream.ShellMarkListener;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PTY output through the library's emulator ({@code JediEmulator}), behind Holdfast's stream normaliser: the
 * path before Holdfast's own parser, kept selectable for one release ({@link EmulatorParser#JEDITERM}).
 *
 * <p>The emulator pulls its input through a {@link GenerationCountingConnector}, which publishes the processed
 * generation when the emulator asks for more (everything before has been parsed then). Replies reach the
 * writer through the terminal's output stream, which the session points at it.
 */
final class JediTermReadLoop implements PtyReadLoop {
    private static final Logger LOG = LoggerFactory.getLogger(JediTermReadLoop.class);
    private static final int LOGGED_FAULTS = 10;

    private final JediEmulator emulator;
    private final OutputGeneration generation;
    private final BooleanSupplier stopped;
    private final String name;
    private final TerminalTextBuffer buffer;
    private final LockedWork lockedWork;

    /**
     * @param buffer the model's buffer, whose lock the emulator takes for each of its operations
     * @param lockedWork what others ask this loop to do under the buffer lock, done between two operations
     */
    JediTermReadLoop(InputStream pty, JediTerminal terminal, TerminalTextBuffer buffer, OutputGeneration generation,
            HyperlinkListener hyperlinks, ShellMarkListener shellMarks, Consumer<byte[]> writer, String name,
            BooleanSupplier stopped, LockedWork lockedWork) {
        GenerationCountingConnector connector = new GenerationCountingConnector(
                new InputStreamReader(pty, StandardCharsets.UTF_8), generation, writer, name, hyperlinks, shellMarks);
        this.emulator = new JediEmulator(new CellBoundedTtyStream(connector), terminal);
        this.generation = generation;
        this.stopped = stopped;
        this.name = name;
        this.buffer = buffer;
        this.lockedWork = lockedWork;
    }

    @Override
    public void run() throws IOException {
        int faults = 0;
        try {
            while (!stopped.getAsBoolean() && emulator.hasNext()) {
                try {
                    emulator.next();
                    if (lockedWork.isPending()) {
                        // The emulator locks per operation: between two, the lock is this thread's for the asking.
                        buffer.lock();
                        try {
                            lockedWork.runPending();
                        } finally {
                            buffer.unlock();
                        }
                    }
                } catch (RuntimeException e) {
                    // A sequence the emulator chokes on must not end the terminal; drop it and carry on.
                    if (faults++ < LOGGED_FAULTS) {
                        LOG.warn("Terminal {}: emulator failed on input; continuing", name, e);
                    }
                }
            }
        } finally {
            generation.publishProcessed();
        }
    }
}
