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
import java.util.concurrent.ThreadFactory;
import java.util.function.BooleanSupplier;

/**
 * PTY output through Holdfast's VT parser into the model. A drain thread of its own ({@link PtyReadAhead}) reads
 * the PTY as fast as it fills; this loop, on the terminal's reader thread, takes what it has read in slices of up
 * to about {@link #SLICE_BYTES}, decodes and parses each in one pass into buffers made once. A slice is whole
 * reads, and once it is parsed, the reads so far are published as processed.
 */
final class HoldfastReadLoop implements PtyReadLoop {
    /** The most bytes one PTY read asks for. */
    static final int READ_BYTES = 64 * 1024;
    /**
     * About how many bytes one slice parses under one hold of the buffer lock (whole reads: at least one). A frame and
     * a checkpoint's capture wait for the lock at most {@code TerminalSession.BUFFER_LOCK_TRY_NANOS}; the parser,
     * which now always has the next slice ready during a flood, must give it up within that. Two of Linux's 4 KB
     * PTY reads of {@code seq} parse in about 0.25 ms; with 64 KB slices (2 ms and more) no capture got the lock
     * while a tab flooded, and the load harness's tabs came back without their floods.
     */
    static final int SLICE_BYTES = 8 * 1024;

    private final PtyReadAhead readAhead;
    private final TerminalTextBuffer buffer;
    private final OutputGeneration generation;
    private final BooleanSupplier stopped;
    private final Utf8Input input = new Utf8Input(READ_BYTES);
    private final VtParser parser;
    private final LockedWork lockedWork;

    /**
     * @param terminal the model as Holdfast drives it, a {@code CorrectedTerminal}; the differential test gives it
     *     the library's own, to compare the reading alone
     * @param buffer the model's buffer, whose lock every reader of the model takes
     * @param drainThreads makes the thread that reads {@code pty}, named for the terminal; this loop stops it
     * @param lockedWork what others ask this loop to do under the buffer lock, done at the end of a slice
     */
    HoldfastReadLoop(InputStream pty, Terminal terminal, TerminalTextBuffer buffer, OutputGeneration generation,
            HyperlinkListener hyperlinks, ShellMarkListener shellMarks, JediTerminalHandler.Replies replies, String name,
            BooleanSupplier stopped, ThreadFactory drainThreads, LockedWork lockedWork) {
        this.lockedWork = lockedWork;
        this.readAhead = new PtyReadAhead(pty, generation, drainThreads);
        this.buffer = buffer;
        this.generation = generation;
        this.stopped = stopped;
        this.parser = new VtParser(new JediTerminalHandler(terminal, hyperlinks, shellMarks, replies, name));
    }

    @Override
    public void dropPartialSequence() {
        parser.cancel();
    }

    @Override
    public void run() throws IOException {
        readAhead.start();
        try {
            while (!stopped.getAsBoolean()) {
                int n = readAhead.take(input.bytes(), input.readOffset(), input.readLength(), SLICE_BYTES);
                if (n < 0) {
                    return;
                }
                int chars = input.decode(n);
                buffer.lock();
                try {
                    parser.advance(input.chars(), 0, chars);
                    lockedWork.runPending();
                } finally {
                    buffer.unlock();
                }
                generation.publishProcessed(readAhead.readsTaken());
            }
        } finally {
            readAhead.close();
            generation.publishProcessed(readAhead.readsTaken());
        }
    }
}
