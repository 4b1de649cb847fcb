package dev.holdfast.terminal.agent.live;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * Which tabs a periodic round need not look at: a tab that ran no agent at its last look and has had no output
 * since cannot have started one that shows anything (an agent draws its screen as it starts; the command that starts
 * it is echoed first), so its processes are read again only once it has output, or after {@code maxQuiet} in any
 * case. Ten idle tabs then cost no process reads at all between those looks. Tabs with an agent, a restored
 * conversation or a report are looked at every round. Pure; owned by the service's thread.
 */
final class QuietTabs {
    /** The longest a quiet tab goes without a look. */
    static final Duration DEFAULT_MAX_QUIET = Duration.ofSeconds(10);

    private record Look(long outputGeneration, Instant at) {
    }

    private final Duration maxQuiet;
    private final Map<UUID, Look> agentFree = new HashMap<>();

    QuietTabs(Duration maxQuiet) {
        this.maxQuiet = Objects.requireNonNull(maxQuiet, "maxQuiet");
    }

    /** Whether the tab must be looked at in this round. */
    boolean due(UUID panelId, long outputGeneration, Instant now) {
        Look last = agentFree.get(panelId);
        return last == null || last.outputGeneration() != outputGeneration || !now.isBefore(last.at().plus(maxQuiet));
    }

    /** The tab was looked at: it ran no agent (and had nothing restored or reported), or it did. */
    void looked(UUID panelId, long outputGeneration, Instant now, boolean noAgent) {
        if (noAgent) {
            agentFree.put(panelId, new Look(outputGeneration, now));
        } else {
            agentFree.remove(panelId);
        }
    }

    void forget(UUID panelId) {
        agentFree.remove(panelId);
    }
}
