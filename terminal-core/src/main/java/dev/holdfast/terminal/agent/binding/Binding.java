package dev.holdfast.terminal.agent.binding;

import java.util.Objects;

/**
 * Which conversation a tab's agent is in — or that Holdfast cannot tell, and why. A wrong conversation is the
 * one thing a binding must never be: every rule that cannot be sure gives {@link Unavailable}.
 */
public sealed interface Binding permits Binding.Bound, Binding.Unavailable {

    /** What the panel says when there is no conversation to show. */
    String UNAVAILABLE_HEADLINE = "Conversation unavailable — show terminal output";

    /**
     * @param sessionId the conversation (Codex: the thread id)
     * @param source what ties the tab to it
     * @param why the evidence in words (for the panel and {@code ctl conversation})
     */
    record Bound(String sessionId, BindingSource source, String why) implements Binding {
        public Bound {
            Objects.requireNonNull(sessionId, "sessionId");
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(why, "why");
        }
    }

    /**
     * @param reason why, as a kind
     * @param detail the particulars (which thread began, which two fit)
     */
    record Unavailable(UnavailableReason reason, String detail) implements Binding {
        public Unavailable {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(detail, "detail");
        }

        /** The reason and its particulars as one sentence. */
        public String explanation() {
            return detail.isEmpty() ? reason.explanation() : reason.explanation() + ": " + detail;
        }
    }
}
