package dev.holdfast.terminal.stream;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayDeque;

/**
 * Hands the emulator a terminal's PTY text through a {@link StreamNormalizer}, as the emulator pulls it.
 *
 * <p>Normalized text can be longer or shorter than what the PTY returned, so it is kept in an overflow buffer
 * and handed out at most {@code length} chars at a time; the PTY is read only once that buffer is empty. A
 * PTY read whose text normalizes to nothing (a sequence dropped, or the start of one held back) is followed by
 * another read, never by a zero-length answer, which the emulator would take for the end of the stream.
 *
 * <p>The emulator asks for more only after parsing everything it was given, so at each {@link #read} the model
 * reflects all text handed out so far. Two things hang on that moment: {@link PtyReads#beforePtyRead()} runs
 * just before each PTY read (nothing is pending then), and hyperlinks and shell marks are reported once the
 * emulator has parsed what precedes them: text is handed out only up to the end of a hyperlink sequence (or the
 * place of a shell mark), and the listener hears of it at the next call.
 *
 * <p>Not thread-safe: used by the terminal's reader thread only.
 */
public final class EmulatorFeed {
    /** What the owner learns about PTY reads, for counting output generations. */
    public interface PtyReads {
        /** A PTY read is about to happen; everything read before has been parsed. */
        void beforePtyRead();

        /** A PTY read returned data. */
        void afterPtyRead();
    }

    private final Reader pty;
    private final HyperlinkListener hyperlinks;
    private final ShellMarkListener shellMarks;
    private final PtyReads reads;
    private final StreamNormalizer normalizer;
    private final StringBuilder pending = new StringBuilder();
    private int handedOut;
    /**
     * Events not yet delivered, each with its position in {@code pending}: just after a hyperlink's sequence,
     * or where a shell mark was taken out.
     */
    private final ArrayDeque<Event> events = new ArrayDeque<>();

    private record Event(int position, Runnable delivery) {
    }

    public EmulatorFeed(Reader pty, HyperlinkListener hyperlinks, PtyReads reads) {
        this(pty, hyperlinks, ShellMarkListener.NONE, reads);
    }

    public EmulatorFeed(Reader pty, HyperlinkListener hyperlinks, ShellMarkListener shellMarks, PtyReads reads) {
        this.pty = pty;
        this.hyperlinks = hyperlinks;
        this.shellMarks = shellMarks;
        this.reads = reads;
        this.normalizer = new StreamNormalizer(new HyperlinkListener() {
            @Override
            public void hyperlinkStarted(String uri, String params) {
                events.add(new Event(pending.length(), () -> EmulatorFeed.this.hyperlinks.hyperlinkStarted(uri, params)));
            }

            @Override
            public void hyperlinkEnded() {
                events.add(new Event(pending.length(), EmulatorFeed.this.hyperlinks::hyperlinkEnded));
            }
        }, mark -> events.add(new Event(pending.length(), () -> EmulatorFeed.this.shellMarks.shellMark(mark))));
    }

    /**
     * Fills {@code buf} with up to {@code length} chars of normalized text, reading the PTY when none is
     * pending. Returns the number of chars, never 0 for a positive {@code length}, or -1 at the end of the PTY.
     */
    public int read(char[] buf, int offset, int length) throws IOException {
        while (true) {
            // Everything handed out so far has been parsed: the events up to here are due. A shell mark is taken
            // out of the text, so one can sit at the very start or end of what a read normalized to.
            deliverParsedEvents();
            if (handedOut < pending.length()) {
                int limit = events.isEmpty() ? pending.length() : events.peekFirst().position();
                int n = Math.min(length, limit - handedOut);
                pending.getChars(handedOut, handedOut + n, buf, offset);
                handedOut += n;
                return n;
            }
            pending.setLength(0);
            handedOut = 0;
            reads.beforePtyRead();
            int n = pty.read(buf, offset, length);
            if (n <= 0) {
                return n;
            }
            reads.afterPtyRead();
            if (!normalizer.normalize(buf, offset, n, pending)) {
                return n;
            }
            // Otherwise hand out the normalized text from the top of the loop, or read again if it is empty.
        }
    }

    /** True when normalized text is pending or the PTY has text. */
    public boolean ready() throws IOException {
        return handedOut < pending.length() || pty.ready();
    }

    private void deliverParsedEvents() {
        while (!events.isEmpty() && events.peekFirst().position() <= handedOut) {
            events.removeFirst().delivery().run();
        }
    }
}
