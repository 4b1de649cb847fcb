package dev.holdfast.app.view;

import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.CharBuffer;
import com.techsenger.jeditermfx.core.model.StyleState;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The library's text buffer, counting how many lines are read during each hold of its lock: what tells
 * whether a reader holds the lock for a bounded copy or for the whole history.
 */
final class LockCountingBuffer extends TerminalTextBuffer {
    private int holds;
    private int readsThisHold;
    private int mostReadsInOneHold;
    private int readsOutsideTheLock;

    LockCountingBuffer(int columns, int rows, int historyLines) {
        super(columns, rows, new StyleState(), historyLines + 1, null);
    }

    /** Puts {@code texts} into the history, oldest first. */
    void fillHistory(List<String> texts) {
        List<TerminalLine> lines = new ArrayList<>(texts.size());
        for (String text : texts) {
            lines.add(new TerminalLine(new TerminalLine.TextEntry(TextStyle.EMPTY, new CharBuffer(text))));
        }
        getHistoryBuffer().addLines(lines);
    }

    @Override
    public void lock() {
        super.lock();
        if (holds++ == 0) {
            readsThisHold = 0;
        }
    }

    @Override
    public void unlock() {
        if (--holds == 0) {
            mostReadsInOneHold = Math.max(mostReadsInOneHold, readsThisHold);
        }
        super.unlock();
    }

    @Override
    public TerminalLine getLine(int index) {
        if (holds == 0) {
            readsOutsideTheLock++;
        }
        readsThisHold++;
        return super.getLine(index);
    }

    int mostReadsInOneHold() {
        return mostReadsInOneHold;
    }

    int readsOutsideTheLock() {
        return readsOutsideTheLock;
    }
}
