package dev.holdfast.app.conversation;

import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.binding.Binding;
import dev.holdfast.terminal.agent.conversation.Conversation;
import dev.holdfast.terminal.agent.live.TabConversation;
import java.util.Objects;
import java.util.Optional;

/**
 * What a tab's conversation panel shows for the tab's latest state. Pure.
 *
 * <p>The one rule that matters: a conversation is shown only under the binding it was read for. When the binding
 * goes (unavailable, another thread, no agent), what was shown goes with it at once.
 */
public sealed interface PanelContent {

    /** The heading of the panel in this state. */
    String heading();

    /** No coding agent runs in the tab's foreground. */
    record NoAgent() implements PanelContent {
        @Override
        public String heading() {
            return "No coding agent runs in this tab";
        }
    }

    /** An agent whose conversations Holdfast does not read runs in the tab. */
    record Unsupported(Agent agent) implements PanelContent {
        public Unsupported {
            Objects.requireNonNull(agent, "agent");
        }

        @Override
        public String heading() {
            return agent.displayName();
        }

        public String message() {
            return "Holdfast does not read " + agent.displayName() + "'s conversations.";
        }
    }

    /**
     * The tab's agent is in a conversation Holdfast cannot name, or cannot read.
     *
     * @param reason why, as a sentence
     */
    record Unavailable(Agent agent, String reason) implements PanelContent {
        public Unavailable {
            Objects.requireNonNull(agent, "agent");
            Objects.requireNonNull(reason, "reason");
        }

        @Override
        public String heading() {
            return agent.displayName();
        }
    }

    /** Bound, and the conversation is being read. */
    record Reading(Agent agent, Binding.Bound binding) implements PanelContent {
        public Reading {
            Objects.requireNonNull(agent, "agent");
            Objects.requireNonNull(binding, "binding");
        }

        @Override
        public String heading() {
            return agent.displayName();
        }
    }

    /** Bound, with the conversation as read so far. */
    record Showing(Agent agent, Binding.Bound binding, Conversation conversation) implements PanelContent {
        public Showing {
            Objects.requireNonNull(agent, "agent");
            Objects.requireNonNull(binding, "binding");
            Objects.requireNonNull(conversation, "conversation");
        }

        @Override
        public String heading() {
            return conversation.title().filter(t -> !t.isBlank()).orElse(agent.displayName());
        }

        public String threadId() {
            return binding.sessionId();
        }
    }

    /**
     * @param shown what the panel shows now: kept when the new state is bound to the same thread but carries no
     *     copy of it (the state was published while the panel was closed)
     */
    static PanelContent of(TabConversation state, Optional<Showing> shown) {
        if (state.agent().isEmpty()) {
            return new NoAgent();
        }
        Agent agent = state.agent().get();
        if (state.binding().isEmpty()) {
            return new Unsupported(agent);
        }
        if (state.binding().get() instanceof Binding.Unavailable unavailable) {
            return new Unavailable(agent, sentence(unavailable.explanation()));
        }
        Binding.Bound bound = (Binding.Bound) state.binding().get();
        if (state.readProblem().isPresent()) {
            return new Unavailable(agent, sentence(state.readProblem().get()));
        }
        if (state.conversation().isPresent()) {
            return new Showing(agent, bound, state.conversation().get());
        }
        return shown.filter(s -> s.threadId().equals(bound.sessionId()))
                .<PanelContent>map(s -> new Showing(agent, bound, s.conversation()))
                .orElse(new Reading(agent, bound));
    }

    /** "a newer thread began: …" as "A newer thread began: …." */
    static String sentence(String text) {
        String s = text.strip();
        if (s.isEmpty()) {
            return s;
        }
        s = Character.toUpperCase(s.charAt(0)) + s.substring(1);
        return s.endsWith(".") ? s : s + ".";
    }
}
