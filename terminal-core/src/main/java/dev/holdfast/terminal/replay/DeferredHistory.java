package dev.holdfast.terminal.replay;

import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.LinesBuffer;
import com.techsenger.jeditermfx.core.model.StyleState;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.emulation.HiddenDisplay;
import dev.holdfast.terminal.scrollback.FastHistoryTextBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The older part of a restored scrollback, put above a terminal's history after its last screen was replayed
 * and its shell started (see {@link InertReplay#beginSplit}).
 *
 * <p>Why: a tab is usable once its screen is back and its shell runs; the thousands of lines above the screen
 * are most of a replay's work, and with twenty tabs restored at once the last shell started seconds after the
 * first. Replayed first, the screen part is a screenful of rows per tab; the history comes afterwards and goes
 * above whatever the shell has printed meanwhile.
 *
 * <p>The rows are built in a terminal of their own at the target's width, the way a replay of the whole text
 * would have made them (direct rows where {@link DirectHistory} can, the emulator for the rest), so the history
 * ends up as a whole replay would have left it. Only the target's lock is taken, twice and briefly: to read its
 * size, and to put the rows in (again, built at the new width, should it have been resized meanwhile).
 *
 * <p>Runs once: the first {@link #putInPlace} does the work, later calls do nothing. Any thread.
 */
public final class DeferredHistory {
    private final FastHistoryTextBuffer target;
    private final char[] text;
    private final AtomicBoolean claimed = new AtomicBoolean();
    private final CountDownLatch finished = new CountDownLatch(1);

    DeferredHistory(FastHistoryTextBuffer target, char[] text) {
        this.target = target;
        this.text = text;
    }

    /** Characters of restored text it holds. */
    public int chars() {
        return text.length;
    }

    /** Whether its rows are in the terminal's history (or it was given up on). Any thread. */
    public boolean isDone() {
        return finished.getCount() == 0;
    }

    /**
     * {@link #putInPlace} here and now unless another thread is at it; then waits for that, at most
     * {@code within}.
     *
     * @return whether the rows are in place
     */
    public boolean finish(Duration within) throws InterruptedException {
        putInPlace();
        return finished.await(within.toNanos(), TimeUnit.NANOSECONDS);
    }

    /**
     * Builds the rows and puts them above the oldest line of the terminal's history, as far as its scrollback
     * limit leaves room. Returns at once, doing nothing, when another call has done or is doing this.
     *
     * @return the rows put in
     */
    public int putInPlace() {
        if (!claimed.compareAndSet(false, true)) {
            return 0;
        }
        try {
            while (true) {
                int width;
                int height;
                target.lock();
                try {
                    width = target.getWidth();
                    height = target.getHeight();
                } finally {
                    target.unlock();
                }
                List<TerminalLine> rows = rows(width, height);
                target.lock();
                try {
                    if (target.getWidth() == width) {
                        return target.prependHistory(rows);
                    }
                } finally {
                    target.unlock();
                }
                // Resized while the rows were built: build them again at the width the history has now.
            }
        } finally {
            finished.countDown();
        }
    }

    /** The rows the text makes in a fresh terminal: its whole history, then the screen's rows above the cursor. */
    private List<TerminalLine> rows(int width, int height) {
        StyleState style = new StyleState();
        // The library's own buffer: its lines stay objects, which go into the target as they are.
        TerminalTextBuffer scratch = new TerminalTextBuffer(width, height, style, 0, null);
        JediTerminal model = new JediTerminal(new HiddenDisplay(), scratch, style);
        PendingReplay replay = new PendingReplay(model, text, DirectHistory.plan(text, width, height, new SgrStyles()));
        while (!replay.step(Integer.MAX_VALUE / 2)) {
            // No one else sees this terminal: one step each for the direct rows and the emulator's part.
        }
        scratch.lock();
        try {
            LinesBuffer history = scratch.getHistoryBuffer();
            int above = Math.max(0, model.getCursorY() - 1);
            List<TerminalLine> rows = new ArrayList<>(history.getLineCount() + above);
            for (int i = 0; i < history.getLineCount(); i++) {
                rows.add(history.getLine(i));
            }
            for (int row = 0; row < above; row++) {
                rows.add(scratch.getScreenBuffer().getLine(row));
            }
            return rows;
        } finally {
            scratch.unlock();
        }
    }
}
