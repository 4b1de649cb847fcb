package dev.holdfast.terminal.agent.live;

import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.binding.Binding;
import dev.holdfast.terminal.agent.conversation.Conversation;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * What a tab's conversation panel shows, as last resolved.
 *
 * @param agent the agent its foreground runs, if any
 * @param binding which conversation, or why none; empty when no supported agent runs
 * @param conversation the bound conversation as read so far, when the tab is followed and its rollout exists
 * @param readProblem why the bound conversation could not be read (its rollout unreadable), if so
 */
public record TabConversation(UUID panelId, Optional<Agent> agent, Optional<Binding> binding,
        Optional<Conversation> conversation, Optional<String> readProblem) {
    public TabConversation {
        Objects.requireNonNull(panelId, "panelId");
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(binding, "binding");
        Objects.requireNonNull(conversation, "conversation");
        Objects.requireNonNull(readProblem, "readProblem");
    }

    public static TabConversation noAgent(UUID panelId) {
        return new TabConversation(panelId, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }
}
