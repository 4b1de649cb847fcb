package dev.holdfast.terminal.agent.codex;

import dev.holdfast.terminal.agent.binding.ThreadEvidence;
import java.util.Optional;

/** The answers and first message of a thread, read from its rollout; empty when it has none to read yet. */
public interface CodexEvidence {
    Optional<ThreadEvidence> of(CodexThread thread);
}
