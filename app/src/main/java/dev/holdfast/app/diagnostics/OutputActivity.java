package dev.holdfast.app.diagnostics;

import dev.holdfast.terminal.emulation.TerminalSession;
import java.util.List;
import java.util.function.Supplier;

/**
 * How much output the terminals have read, and whether any since the last time it was asked, from the lock-free
 * output generations.
 */
public final class OutputActivity {
    private final Supplier<List<TerminalSession>> sessions;
    private long lastTotal = -1;

    public OutputActivity(Supplier<List<TerminalSession>> sessions) {
        this.sessions = sessions;
    }

    /** Called from one thread (the probe scheduler). */
    public boolean sinceLastAsked() {
        long total = reads();
        boolean changed = total != lastTotal;
        lastTotal = total;
        return changed;
    }

    /** The reads of every open terminal so far, summed; any thread. */
    public long reads() {
        long total = 0;
        for (TerminalSession s : sessions.get()) {
            total += s.generation().read();
        }
        return total;
    }
}
