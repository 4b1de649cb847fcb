package dev.holdfast.app.restore;

import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.replay.DeferredHistory;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Restored tabs whose older history is not in their model yet: their last screen is back and their shell runs,
 * and the rows above come from a {@link DeferredHistory} (see {@link RestoreReplays}).
 *
 * <p>Why it is asked: until those rows are in, a copy of the tab's scrollback lacks them. A checkpoint then must
 * not replace the record this launch wrote back from the restored text (it takes such a tab as busy and tries
 * again later), and the quit save puts the rows in first. Any thread.
 */
public final class PendingHistories {
    private static final Logger LOG = LoggerFactory.getLogger(PendingHistories.class);
    /** How long the quit save waits for a tab's rows that another thread is putting in. */
    public static final Duration QUIT_WAIT = Duration.ofSeconds(5);

    private final Map<TerminalSession, DeferredHistory> pending = new ConcurrentHashMap<>();

    void add(TerminalSession session, DeferredHistory history) {
        pending.put(session, history);
    }

    /** The session's rows are in place (or its restore was given up): it is an ordinary tab again. */
    void done(TerminalSession session) {
        pending.remove(session);
    }

    /** Whether {@code session}'s restored history is still to come. */
    public boolean isPending(TerminalSession session) {
        DeferredHistory history = pending.get(session);
        return history != null && !history.isDone();
    }

    /** Whether any tab's restored history is still to come. */
    public boolean any() {
        return pending.values().stream().anyMatch(history -> !history.isDone());
    }

    /**
     * Puts {@code session}'s restored history in place now, on this thread, if it is still to come (or waits for
     * the thread putting it in, at most {@link #QUIT_WAIT}): for a copy that must hold all of it.
     */
    public void complete(TerminalSession session) {
        DeferredHistory history = pending.get(session);
        if (history == null || history.isDone()) {
            return;
        }
        try {
            if (!history.finish(QUIT_WAIT)) {
                LOG.warn("Panel {}: its restored history was not in place within {}", session.spec().panelId(),
                        QUIT_WAIT);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        done(session);
    }
}
