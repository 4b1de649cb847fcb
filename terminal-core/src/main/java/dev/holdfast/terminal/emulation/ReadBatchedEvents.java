package dev.holdfast.terminal.emulation;

import com.techsenger.jeditermfx.core.CursorShape;
import java.util.Objects;

/**
 * A terminal's events with its model-change notices gathered per PTY read: while the reader thread parses a
 * read, a change only sets a flag, and the owner hears of it once, when everything read so far is in the model
 * ({@link #readParsed}). Every other event, and every change made on another thread (a resize, a replay), is
 * passed on at once.
 *
 * <p>Why: the model reports a change at every write, cursor move and scroll, so a coloured flood made about a
 * hundred notices per line, each a chain of calls through the view to a volatile read; they were a twentieth of
 * the reader thread's time. A view cannot show a read half parsed anyway: it paints at its next frame.
 */
final class ReadBatchedEvents implements TerminalEvents {
    private final TerminalEvents events;
    /** The thread whose changes are gathered; set before it starts. */
    private volatile Thread reader;
    /** A change is waiting to be told. Reader thread only. */
    private boolean pending;

    ReadBatchedEvents(TerminalEvents events) {
        this.events = Objects.requireNonNull(events, "events");
    }

    /** Gathers the changes {@code thread} makes from now on. Call before the thread starts. */
    void gatherOn(Thread thread) {
        reader = thread;
    }

    /** Reader thread: everything read so far is in the model; a change it made is told now. */
    void readParsed() {
        if (pending && Thread.currentThread() == reader) {
            pending = false;
            events.modelChanged();
        }
    }

    @Override
    public void modelChanged() {
        if (Thread.currentThread() == reader) {
            pending = true;
        } else {
            events.modelChanged();
        }
    }

    @Override
    public void titleChanged(String title) {
        events.titleChanged(title);
    }

    @Override
    public void bell() {
        events.bell();
    }

    @Override
    public void cursorShapeChanged(CursorShape shape) {
        events.cursorShapeChanged(shape);
    }

    @Override
    public void ended(SessionEnd end) {
        readParsed();
        events.ended(end);
    }
}
