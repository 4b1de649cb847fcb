package dev.holdfast.terminal.agent.claude;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where one Claude Code keeps its files: {@code $CLAUDE_CONFIG_DIR}, default {@code ~/.claude}, with transcripts
 * under {@code projects/<dir>/<session>.jsonl}, one {@code sessions/<pid>.json} per running process, and the user's
 * {@code settings.json}.
 */
public record ClaudeConfig(Path directory) {
    public ClaudeConfig {
        directory = directory.toAbsolutePath().normalize();
    }

    /**
     * The directory a Claude process uses: from its own environment where that could be read, else from the tab's
     * (what the shell was started with), else {@code ~/.claude}.
     */
    public static ClaudeConfig forEnvironment(Optional<Map<String, String>> processEnvironment,
            Map<String, String> tabEnvironment, Path userHome) {
        Map<String, String> env = processEnvironment.orElse(tabEnvironment);
        Path home = Optional.ofNullable(env.get("HOME")).filter(h -> !h.isBlank()).map(Path::of).orElse(userHome);
        String configured = env.get("CLAUDE_CONFIG_DIR");
        if (configured != null && !configured.isBlank()) {
            Path path = Path.of(configured);
            if (path.isAbsolute()) {
                return new ClaudeConfig(path);
            }
        }
        return new ClaudeConfig(home.resolve(".claude"));
    }

    public Path projects() {
        return directory.resolve("projects");
    }

    public Path sessions() {
        return directory.resolve("sessions");
    }

    /** The file a running Claude process keeps of itself. */
    public Path sessionFile(long pid) {
        return sessions().resolve(pid + ".json");
    }

    /** The user's settings, where hooks are configured. */
    public Path settings() {
        return directory.resolve("settings.json");
    }

    /** Whether {@code path} is a transcript of this directory: {@code projects/<dir>/<file>.jsonl}, directly. */
    public boolean holdsTranscript(Path path) {
        Path p = path.toAbsolutePath().normalize();
        return p.getParent() != null && p.getParent().getParent() != null && p.getParent().getParent().equals(projects())
                && p.getFileName().toString().endsWith(".jsonl");
    }

    @Override
    public String toString() {
        return directory.toString();
    }
}
