package dev.holdfast.terminal.agent.resume;

import dev.holdfast.terminal.pty.ProcessIdentity;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A bound agent tab's conversation as the last launch saved it, with what tells whether it still runs somewhere.
 *
 * @param conversation which conversation, and how to resume it
 * @param processes the agent's processes when it was saved (pid and start): one still running with the same start
 *     is the agent itself, left over from the launch that crashed
 * @param agentHome the agent's own directory ({@code $CODEX_HOME}, {@code $CLAUDE_CONFIG_DIR}), when known
 * @param transcript the conversation's rollout or transcript file, when known
 */
public record SavedConversation(Resumable.AgentConversation conversation, List<ProcessIdentity> processes,
        Optional<Path> agentHome, Optional<Path> transcript) {
    public SavedConversation {
        Objects.requireNonNull(conversation, "conversation");
        processes = List.copyOf(processes);
        Objects.requireNonNull(agentHome, "agentHome");
        Objects.requireNonNull(transcript, "transcript");
    }
}
