package dev.holdfast.terminal.agent.resume;

import dev.holdfast.terminal.agent.Agent;
import java.util.Objects;

/** What a tab's foreground was doing when the last launch saved it, as far as a restore can go back into it. */
public sealed interface SavedWork permits SavedWork.BoundAgent, SavedWork.UnboundAgent, SavedWork.Tmux, SavedWork.Ssh,
        SavedWork.Nothing {

    /** An agent whose conversation was known. */
    record BoundAgent(SavedConversation saved) implements SavedWork {
        public BoundAgent {
            Objects.requireNonNull(saved, "saved");
        }
    }

    /**
     * An agent whose conversation Holdfast could not tell.
     *
     * @param reason why, in words, when known (may be empty)
     */
    record UnboundAgent(Agent agent, String reason) implements SavedWork {
        public UnboundAgent {
            Objects.requireNonNull(agent, "agent");
            Objects.requireNonNull(reason, "reason");
        }
    }

    record Tmux(Resumable.TmuxSession session) implements SavedWork {
        public Tmux {
            Objects.requireNonNull(session, "session");
        }
    }

    record Ssh(Resumable.SshSession session) implements SavedWork {
        public Ssh {
            Objects.requireNonNull(session, "session");
        }
    }

    /** A shell at its prompt, or a program there is nothing to go back into. */
    record Nothing() implements SavedWork {
    }
}
