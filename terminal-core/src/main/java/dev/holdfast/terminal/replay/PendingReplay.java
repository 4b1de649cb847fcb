package dev.holdfast.terminal.replay;

import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import dev.holdfast.terminal.stream.HyperlinkListener;
import dev.holdfast.terminal.vt.JediTerminalHandler;
import dev.holdfast.terminal.vt.VtParser;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sanitized text on its way into a terminal, fed in bounded steps (from {@link InertReplay#begin}). A step
 * never ends inside an SGR sequence or between the halves of a surrogate pair, so every slice parses on its
 * own. Use it from one thread at a time.
 *
 * <p>The steps first put the rows {@link DirectHistory} built into the history, a few lines per step, then feed
 * the rest through the emulator. The direct rows are only valid for the fresh terminal and the width they were
 * planned for: if the terminal is not fresh at the first step, the whole text goes through the emulator; if it
 * was resized meanwhile, the emulator takes over at the next line.
 */
public final class PendingReplay {
    private static final Logger LOG = LoggerFactory.getLogger(PendingReplay.class);
    private static final char ESC = 0x1b;

    private final JediTerminal terminal;
    private final char[] chars;
    private final DirectHistory.Plan plan;
    /** The next direct line to put in; {@code plan.lines().size()} once the emulator has taken over. */
    private int nextLine;
    private int position;

    PendingReplay(JediTerminal terminal, char[] chars, DirectHistory.Plan plan) {
        this.terminal = terminal;
        this.chars = chars;
        this.plan = plan;
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
        if (nextLine < plan.lines().size()) {
            stepDirect(maxChars);
            return isDone();
        }
        int end = sliceEnd(maxChars);
        feed(terminal, chars, position, end);
        position = end;
        return isDone();
    }

    /** Puts direct lines worth up to {@code maxChars} of text (at least one line) into the history. */
    private void stepDirect(int maxChars) {
        TerminalTextBuffer buffer = terminal.getTerminalTextBuffer();
        buffer.lock();
        try {
            if (buffer.getWidth() != plan.width() || (nextLine == 0 && !fresh(buffer))) {
                // Planned for another terminal: the emulator writes from the next line on, as it would have.
                LOG.debug("Replay: {} of {} direct lines left to the emulator (width {}, planned for {})",
                        plan.lines().size() - nextLine, plan.lines().size(), buffer.getWidth(), plan.width());
                handOver(nextLine);
                nextLine = plan.lines().size();
                return;
            }
            List<TerminalLine> rows = new ArrayList<>();
            int fed = 0;
            while (nextLine < plan.lines().size() && (fed == 0 || fed < maxChars)) {
                DirectHistory.Line line = plan.lines().get(nextLine++);
                rows.addAll(line.rows());
                fed += line.end() - line.start();
                position = line.end();
            }
            buffer.getHistoryBuffer().addLines(rows);
            if (nextLine == plan.lines().size()) {
                handOver(nextLine);
            }
        } finally {
            buffer.unlock();
        }
    }

    /**
     * Gives the emulator, which writes from direct line {@code next} on, the SGR state the direct lines before it
     * left: they went into the history without the terminal's style state, and a line may carry its colour into
     * the next. Caller holds the lock.
     */
    private void handOver(int next) {
        if (next > 0) {
            terminal.characterAttributes(plan.lines().get(next - 1).styleAfter());
        }
    }

    /** Nothing written yet: no history, a blank screen, the cursor home. */
    private boolean fresh(TerminalTextBuffer buffer) {
        if (buffer.isUsingAlternateBuffer() || buffer.getHistoryLinesCount() != 0 || terminal.getCursorX() != 1
                || terminal.getCursorY() != 1) {
            return false;
        }
        for (int row = 0; row < buffer.getScreenLinesCount(); row++) {
            TerminalLine line = buffer.getScreenBuffer().getLine(row);
            if (!line.isNulOrEmpty() || line.isWrapped()) {
                return false;
            }
        }
        return true;
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

    /** Runs {@code chars[from, to)} through the replay's emulator into the terminal, under the buffer lock. */
    static void feed(JediTerminal terminal, char[] chars, int from, int to) {
        TerminalTextBuffer buffer = terminal.getTerminalTextBuffer();
        // Holdfast's parser, as live output is read (a sequence the model chokes on costs that sequence), so a
        // replay keeps what it keeps live: crossed-out text, colon SGRs. Text goes in cut to the cells left on
        // the row, so a wide character is never lost at a wrap.
        VtParser parser = new VtParser(new JediTerminalHandler(WrapWithoutFill.around(terminal),
                HyperlinkListener.NONE, JediTerminalHandler.Replies.DISCARD, "replay"));
        buffer.lock();
        try {
            parser.advance(chars, from, to);
        } finally {
            buffer.unlock();
        }
    }
}
