package dev.holdfast.terminal.agent.resume;

import dev.holdfast.terminal.agent.Agent;
import java.util.Optional;

/** How an agent is named in stored state: {@code codex}, {@code claude}. Stable across releases. */
public final class AgentNames {
    private AgentNames() {
    }

    public static String id(Agent agent) {
        return switch (agent) {
            case CODEX -> "codex";
            case CLAUDE_CODE -> "claude";
        };
    }

    public static Optional<Agent> of(String id) {
        for (Agent agent : Agent.values()) {
            if (id(agent).equals(id)) {
                return Optional.of(agent);
            }
        }
        return Optional.empty();
    }
}
