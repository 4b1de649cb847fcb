package dev.holdfast.terminal.agent.claude;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One Claude Code transcript, as its file and its first records say.
 *
 * @param sessionId the session: the file's name without {@code .jsonl} (records copied from a resumed session may
 *     carry that session's id, so the name is what counts)
 * @param path the file
 * @param cwd the directory its records say it ran in, once one says
 * @param begunAt when it began: its first record's time (a resumed session appends to its file, so this stays the
 *     time it first began), else the file's
 * @param modifiedAt when it was last written
 * @param entrypoint what ran it: {@code cli} (the terminal app), {@code sdk-cli} (headless {@code claude -p}),
 *     {@code claude-vscode}, … if its records say
 */
public record ClaudeTranscript(String sessionId, Path path, Optional<String> cwd, Instant begunAt, Instant modifiedAt,
        Optional<String> entrypoint) {
    public ClaudeTranscript {
        Objects.requireNonNull(sessionId, "sessionId");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(cwd, "cwd");
        Objects.requireNonNull(begunAt, "begunAt");
        Objects.requireNonNull(modifiedAt, "modifiedAt");
        Objects.requireNonNull(entrypoint, "entrypoint");
    }

    /**
     * A conversation of the terminal app: written by {@code claude} in a terminal. Headless runs ({@code sdk-cli})
     * and other clients' sessions share the directory but are never a tab's. Records that do not say count as
     * the terminal's (older versions wrote no entrypoint; being unsure leads to "unavailable", never to a wrong
     * conversation).
     */
    public boolean interactive() {
        return entrypoint.map(e -> e.equals("cli")).orElse(true);
    }
}
