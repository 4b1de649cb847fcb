package dev.holdfast.checkpoint.scrollback;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Chooses which terminals a checkpoint captures: eligible ones with output since their last capture, whose last
 * capture is old enough, not in backoff, the longest pending first. Pure. It runs on the UI thread over every open
 * terminal, so it reads only lock-free fields and allocates only for the terminals it chooses.
 *
 * <p>It chooses every due terminal, not the reference's top three: how many a checkpoint then captures is decided
 * capture by capture, on what they cost ({@link CheckpointPolicy#mayTakeAnother}), so that cheap incremental
 * captures cover every due terminal at once. A terminal left over when a checkpoint stops early stays the longest
 * pending, and comes first in the next one. Sorting the due ones (not all terminals) costs O(d log d) for d due
 * terminals, at most once per autosave tick.
 */
final class CandidateSelection {

    private static final Comparator<Candidate> LONGEST_PENDING_FIRST = Comparator.comparing(Candidate::since);

    private CandidateSelection() {
    }

    /**
     * @param progress what the coordinator knows per panel; a panel missing here is {@link PanelProgress#NEW}
     * @param now      stands in for the pending-since time of a pending terminal not yet noted
     * @param dueAfter how long after its last capture a terminal is due again
     * @return the chosen terminals, longest pending first; ties keep the roster's order
     */
    static List<CheckpointTerminal> select(List<? extends CheckpointTerminal> terminals,
                                           Map<UUID, PanelProgress> progress, Instant now, Duration dueAfter) {
        List<Candidate> due = null;
        // Indexed, not iterated: the roster is a random-access list, and an iterator is an allocation.
        for (int i = 0; i < terminals.size(); i++) {
            CheckpointTerminal terminal = terminals.get(i);
            if (!ScrollbackEligibility.allows(terminal)) {
                continue;
            }
            PanelProgress state = PanelProgress.orNew(progress.get(terminal.panelId()));
            if (!state.isPending(terminal.processedGeneration()) || state.inBackoff(now)
                    || !state.isDue(now, dueAfter)) {
                continue;
            }
            if (due == null) {
                due = new ArrayList<>();
            }
            due.add(new Candidate(terminal, state.pendingSince() != null ? state.pendingSince() : now));
        }
        if (due == null) {
            return List.of();
        }
        // A stable sort: equally long pending terminals keep the roster's order.
        due.sort(LONGEST_PENDING_FIRST);
        List<CheckpointTerminal> chosen = new ArrayList<>(due.size());
        for (Candidate candidate : due) {
            chosen.add(candidate.terminal());
        }
        return List.copyOf(chosen);
    }

    private record Candidate(CheckpointTerminal terminal, Instant since) {
    }
}
