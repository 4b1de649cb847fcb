package dev.holdfast.terminal.agent.binding;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs a tab's binding when it changes, not on every round (a round runs every second): what the log holds is
 * the story of which conversation each tab showed and why. Used by one thread.
 */
public final class BindingLog {
    private static final Logger LOG = LoggerFactory.getLogger(BindingLog.class);

    private final String agent;
    private final String conversation;
    private final Map<UUID, Binding> lastLogged = new HashMap<>();

    /**
     * @param agent        the agent's name in the log ("Codex")
     * @param conversation what the agent calls a conversation ("thread", "session")
     */
    public BindingLog(String agent, String conversation) {
        this.agent = Objects.requireNonNull(agent, "agent");
        this.conversation = Objects.requireNonNull(conversation, "conversation");
    }

    public void resolved(UUID panelId, Binding binding) {
        Binding before = lastLogged.put(panelId, binding);
        if (binding.equals(before)) {
            return;
        }
        if (binding instanceof Binding.Bound b) {
            LOG.info("Panel {}: {} {} {} ({})", panelId, agent, conversation, b.sessionId(), b.source());
        } else if (binding instanceof Binding.Unavailable u) {
            LOG.info("Panel {}: {} conversation unavailable: {}", panelId, agent, u.explanation());
        }
    }

    /** The tab closed. */
    public void forget(UUID panelId) {
        lastLogged.remove(panelId);
    }
}
