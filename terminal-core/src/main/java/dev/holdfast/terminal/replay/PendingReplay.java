package dev.holdfast.terminal.replay;

import com.techsenger.jeditermfx.core.emulator.JediEmulator;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.emulation.CellBoundedTextStream;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sanitized text on its way into a terminal, fed in bounded steps (from {@link InertReplay#begin}). A step
 * never ends inside an SGR sequence or between the halves of a surrogate pair, so every slice parses on its
 * own. Use it from one thread at a time.
 */
public final class PendingReplay {
    private static final Logger LOG = LoggerFactory.getLogger(PendingReplay.class);
    private static final char ESC = 0x1b;
    /** After this many emulator failures in one slice the slice is abandoned rather than retried forever. */
    private static final int MAX_FAULTS_PER_SLICE = 16;

    private final JediTerminal terminal;
    private final char[] chars;
    private int position;

    PendingReplay(JediTerminal terminal, char[] chars) {
        this.terminal = terminal;
        this.chars = chars;
    }

    /**
     * Feeds up to about {@code maxChars} more characters, holding the buffer lock for just this slice. A slice
     * may run a little over {@code maxChars} only to finish an SGR sequence longer than that.
     *
     * @return true when everything has been fed
     */
    public boolean step(int maxChars) {
        if (maxChars < 1) {
            throw new IllegalArgumentException("maxChars must be positive: " + maxChars);
        }
        if (isDone()) {
            return true;
        }
        int end = sliceEnd(maxChars);
        feed(terminal, chars, position, end);
        position = end;
        return isDone();
    }

    public boolean isDone() {
        return position >= chars.length;
    }

    public int remainingChars() {
        return chars.length - position;
    }

    private int sliceEnd(int maxChars) {
        int end = (int) Math.min(chars.length, (long) position + maxChars);
        if (end == chars.length) {
            return end;
        }
        // Sanitized text has ESC only as the start of an SGR, whose parameters never contain 'm'.
        int lastEsc = lastIndexOf(ESC, position, end);
        if (lastEsc >= 0 && indexOf('m', lastEsc, end) < 0) {
            if (lastEsc > position) {
                end = lastEsc;
            } else {
                int m = indexOf('m', lastEsc, chars.length);
                end = m < 0 ? chars.length : m + 1;
            }
        }
        if (end < chars.length && Character.isHighSurrogate(chars[end - 1]) && Character.isLowSurrogate(chars[end])) {
            end = end - 1 > position ? end - 1 : end + 1;
        }
        return end;
    }

    private int lastIndexOf(char c, int from, int to) {
        for (int i = to - 1; i >= from; i--) {
            if (chars[i] == c) {
                return i;
            }
        }
        return -1;
    }

    private int indexOf(char c, int from, int to) {
        for (int i = from; i < to; i++) {
            if (chars[i] == c) {
                return i;
            }
        }
        return -1;
    }

    /** Runs {@code chars[from, to)} through a JediTerm emulator into the terminal, under the buffer lock. */
    static void feed(JediTerminal terminal, char[] chars, int from, int to) {
        TerminalTextBuffer buffer = terminal.getTerminalTextBuffer();
        JediEmulator emulator = new JediEmulator(new CellBoundedTextStream(chars, from, to - from),
                WrapWithoutFill.around(terminal));
        buffer.lock();
        try {
            int faults = 0;
            while (emulator.hasNext()) {
                try {
                    emulator.next();
                } catch (IOException e) {
                    // End of the slice.
                    break;
                } catch (RuntimeException e) {
                    // As in the PTY reader: input the emulator chokes on costs that input, not the restore.
                    if (faults++ == 0) {
                        LOG.warn("Replay: emulator failed on restored text; continuing", e);
                    }
                    if (faults >= MAX_FAULTS_PER_SLICE) {
                        break;
                    }
                }
            }
        } finally {
            buffer.unlock();
        }
    }
}
