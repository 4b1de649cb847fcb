package dev.holdfast.checkpoint.scrollback;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Chooses which terminals a checkpoint captures: eligible ones with output since their last capture, whose last
 * capture is at least an interval old, not in backoff, the longest pending first, at most a few. Pure. It runs on the UI thread over every open terminal,
 * so it reads only lock-free fields and keeps the best few in a fixed array by insertion — a bounded top-k,
 * O(terminals × k) with k = 3, no sort and no allocation per terminal.
 */
final class CandidateSelection {

    private CandidateSelection() {
    }

    /**
     * @param progress what the coordinator knows per panel; a panel missing here is {@link PanelProgress#NEW}
     * @param now      stands in for the pending-since time of a pending terminal not yet noted
     * @param interval how long after its last capture a terminal is due again
     * @return the chosen terminals, longest pending first; ties keep the roster's order
     */
    static List<CheckpointTerminal> select(List<? extends CheckpointTerminal> terminals,
                                           Map<UUID, PanelProgress> progress, Instant now, int max,
                                           Duration interval) {
        CheckpointTerminal[] chosen = new CheckpointTerminal[max];
        Instant[] since = new Instant[max];
        int count = 0;
        // Indexed, not iterated: the roster is a random-access list, and an iterator is an allocation.
        for (int i = 0; i < terminals.size(); i++) {
            CheckpointTerminal terminal = terminals.get(i);
            if (!ScrollbackEligibility.allows(terminal)) {
                continue;
            }
            PanelProgress state = PanelProgress.orNew(progress.get(terminal.panelId()));
            if (!state.isPending(terminal.processedGeneration()) || state.inBackoff(now)
                    || !state.isDue(now, interval)) {
                continue;
            }
            Instant pendingSince = state.pendingSince() != null ? state.pendingSince() : now;
            int at = count;
            while (at > 0 && since[at - 1].isAfter(pendingSince)) {
                at--;
            }
            if (at == max) {
                continue;
            }
            int last = Math.min(count, max - 1);
            System.arraycopy(chosen, at, chosen, at + 1, last - at);
            System.arraycopy(since, at, since, at + 1, last - at);
            chosen[at] = terminal;
            since[at] = pendingSince;
            count = Math.min(count + 1, max);
        }
        return List.of(Arrays.copyOf(chosen, count));
    }
}
