package dev.holdfast.terminal.shell;

import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.scrollback.FastHistoryTextBuffer;
import dev.holdfast.terminal.scrollback.RewrapAnchors;
import dev.holdfast.terminal.scrollback.RingLinesBuffer;
import dev.holdfast.terminal.stream.ShellMark;
import dev.holdfast.terminal.stream.ShellMarkListener;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.WeakHashMap;

/**
 * One terminal's shell-integration record: the rows where its prompts start (for "jump to the previous / next
 * prompt") and the {@link ShellStatus} of its shell (phase, last commands, working directory).
 *
 * <p>Prompt rows are kept as the line objects the prompts were printed on, as {@code HyperlinkTable} keeps
 * links: those objects move from the screen into the history unchanged, so a mark stays on its prompt as it
 * scrolls, and a line evicted from the history takes its mark with it (weak keys). Marks are written on the
 * reader thread and read by the UI, both under the buffer lock; the status is published for lock-free reads.
 */
public final class PromptMarks implements ShellMarkListener {
    private final JediTerminal terminal;
    private final TerminalTextBuffer buffer;
    private final CommandTracker tracker;
    private final Map<TerminalLine, Boolean> promptLines = Collections.synchronizedMap(new WeakHashMap<>());
    private volatile ShellStatus status = ShellStatus.NONE;

    public PromptMarks(JediTerminal terminal, TerminalTextBuffer buffer, Clock clock) {
        this.terminal = terminal;
        this.buffer = buffer;
        this.tracker = new CommandTracker(clock);
    }

    @Override
    public void shellMark(ShellMark mark) {
        if (mark instanceof ShellMark.PromptStarted) {
            buffer.lock();
            try {
                if (!buffer.isUsingAlternateBuffer()) {
                    TerminalLine line = buffer.getLine(terminal.getCursorY() - 1);
                    // The mark is keyed by the line object, which the history would otherwise pack away.
                    FastHistoryTextBuffer.keepAsObject(buffer, line);
                    promptLines.put(line, Boolean.TRUE);
                }
            } finally {
                buffer.unlock();
            }
        }
        status = tracker.apply(mark);
    }

    /**
     * Where the prompts are, each at the start of its line: for a change of width to find them again in the lines
     * it makes ({@link #rewrapped}). Caller holds the buffer lock.
     */
    public Map<TerminalLine, RewrapAnchors.Place> places() {
        Map<TerminalLine, RewrapAnchors.Place> places = new IdentityHashMap<>();
        synchronized (promptLines) {
            for (TerminalLine line : promptLines.keySet()) {
                places.put(line, new RewrapAnchors.Place(line, 0));
            }
        }
        return places;
    }

    /**
     * After a change of width: the prompts on the lines they were found on ({@code found}: old line → new place);
     * the old lines are gone from the buffer, and a prompt not found again is dropped. Caller holds the buffer lock.
     */
    public void rewrapped(Map<TerminalLine, RewrapAnchors.Place> found) {
        synchronized (promptLines) {
            promptLines.clear();
            for (RewrapAnchors.Place place : found.values()) {
                promptLines.put(place.line(), Boolean.TRUE);
            }
        }
    }

    /** What the shell has reported so far. Any thread, no lock. */
    public ShellStatus status() {
        return status;
    }

    /**
     * The nearest prompt above {@code row} (a buffer row: negative in the history, 0 the screen's top), or empty.
     * A prompt whose line has since been erased no longer counts. Caller holds the buffer lock.
     */
    public OptionalInt previousPrompt(int row) {
        int first = -buffer.getHistoryLinesCount();
        for (int r = Math.min(row - 1, buffer.getHeight() - 1); r >= first; r--) {
            if (isPrompt(r)) {
                return OptionalInt.of(r);
            }
        }
        return OptionalInt.empty();
    }

    /** The nearest prompt below {@code row}, or empty. Caller holds the buffer lock. */
    public OptionalInt nextPrompt(int row) {
        int last = buffer.getHeight() - 1;
        for (int r = Math.max(row + 1, -buffer.getHistoryLinesCount()); r <= last; r++) {
            if (isPrompt(r)) {
                return OptionalInt.of(r);
            }
        }
        return OptionalInt.empty();
    }

    /** Every prompt row, top to bottom. Caller holds the buffer lock. */
    public List<Integer> promptRows() {
        List<Integer> rows = new ArrayList<>();
        for (int r = -buffer.getHistoryLinesCount(); r < buffer.getHeight(); r++) {
            if (isPrompt(r)) {
                rows.add(r);
            }
        }
        return rows;
    }

    private boolean isPrompt(int row) {
        TerminalLine line;
        if (row < 0 && buffer.getHistoryBuffer() instanceof RingLinesBuffer history) {
            // Prompt lines are kept as objects; a packed line is no prompt, and is not unpacked to find that out.
            line = history.objectAt(history.getLineCount() + row);
            if (line == null) {
                return false;
            }
        } else {
            line = buffer.getLine(row);
        }
        return promptLines.containsKey(line) && !line.getText().isBlank();
    }
}
