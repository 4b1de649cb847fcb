package dev.holdfast.terminal.agent.claude;

import dev.holdfast.terminal.agent.binding.ThreadEvidence;
import java.util.Optional;

/** The answers and first message of a transcript; empty when it has none to read (yet). */
public interface ClaudeEvidence {
    Optional<ThreadEvidence> of(ClaudeTranscript transcript);
}
