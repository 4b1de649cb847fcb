package dev.holdfast.terminal.agent.codex;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One row of Codex's {@code threads} table.
 *
 * @param id the thread id (a UUID), also at the end of its rollout's file name
 * @param rolloutPath where Codex writes its rollout (which may not exist yet, or exist only compressed)
 * @param createdAt when the thread began ({@code created_at_ms} when the store has it, else {@code created_at})
 * @param updatedAt when it last changed
 * @param source {@code cli}, {@code vscode}, {@code exec}, {@code mcp}, JSON for sub-agents; empty when the
 *     store has no such column
 * @param cwd the directory it runs in
 * @param title its title ({@code ""} when none yet)
 * @param firstUserMessage its first prompt, when the store keeps it
 * @param agentRole a sub-agent's role, when set (a sub-agent may also have none)
 */
public record CodexThread(
        String id,
        Path rolloutPath,
        Instant createdAt,
        Instant updatedAt,
        Optional<String> source,
        String cwd,
        String title,
        Optional<String> firstUserMessage,
        Optional<String> agentRole) {

    public CodexThread {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(rolloutPath, "rolloutPath");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(cwd, "cwd");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(firstUserMessage, "firstUserMessage");
        Objects.requireNonNull(agentRole, "agentRole");
    }

    /**
     * An interactive thread: a TUI's ({@code cli}) or an app client's ({@code vscode}, which Codex also writes
     * for TUIs). Sub-agents (JSON source, with or without a role) and {@code exec} runs share the cwd but are
     * never a tab's conversation. A store without the column cannot tell: then only a row with a role is known
     * not to be, and every other one counts (being unsure leads to "unavailable", never to a wrong thread).
     */
    public boolean interactive() {
        if (source.isPresent()) {
            String s = source.get().strip();
            return s.equals("cli") || s.equals("vscode");
        }
        return agentRole.isEmpty();
    }
}
