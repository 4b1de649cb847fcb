package dev.holdfast.terminal.agent.codex;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where one Codex keeps its files: {@code $CODEX_HOME} (default {@code ~/.codex}) with its rollouts under
 * {@code sessions/} and {@code archived_sessions/}, and its state database in {@code $CODEX_SQLITE_HOME}
 * (default: the home itself).
 */
public record CodexHome(Path home, Path stateDirectory) {
    private static final Pattern STATE_DATABASE = Pattern.compile("state_(\\d+)\\.sqlite");
    private static final Pattern ROLLOUT = Pattern.compile(
            "rollout-.*-([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\\.jsonl(?:\\.zst)?");

    public CodexHome {
        home = home.toAbsolutePath().normalize();
        stateDirectory = stateDirectory.toAbsolutePath().normalize();
    }

    public static CodexHome of(Path home) {
        return new CodexHome(home, home);
    }

    /**
     * The home a Codex process uses: from its own environment where that could be read, else from the tab's
     * (what the shell was started with), else {@code ~/.codex}.
     */
    public static CodexHome forEnvironment(Optional<Map<String, String>> processEnvironment, Map<String, String> tabEnvironment,
            Path userHome) {
        Map<String, String> env = processEnvironment.orElse(tabEnvironment);
        Path home = Optional.ofNullable(env.get("HOME")).filter(h -> !h.isBlank()).map(Path::of).orElse(userHome);
        Path codexHome = absolute(env.get("CODEX_HOME")).orElse(home.resolve(".codex"));
        Path state = absolute(env.get("CODEX_SQLITE_HOME")).orElse(codexHome);
        return new CodexHome(codexHome, state);
    }

    private static Optional<Path> absolute(String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        Path path = Path.of(value);
        return path.isAbsolute() ? Optional.of(path) : Optional.empty();
    }

    public Path sessions() {
        return home.resolve("sessions");
    }

    public Path archivedSessions() {
        return home.resolve("archived_sessions");
    }

    /**
     * The state database: the highest-numbered {@code state_N.sqlite} (Codex deletes older ones at start, but a
     * downgrade or a copy may leave several).
     */
    public Optional<Path> stateDatabase() throws IOException {
        Path best = null;
        long bestNumber = -1;
        if (!Files.isDirectory(stateDirectory)) {
            return Optional.empty();
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(stateDirectory, "state_*.sqlite")) {
            for (Path entry : entries) {
                Matcher m = STATE_DATABASE.matcher(entry.getFileName().toString());
                if (m.matches() && Files.isRegularFile(entry)) {
                    long n;
                    try {
                        n = Long.parseLong(m.group(1));
                    } catch (NumberFormatException e) {
                        continue;
                    }
                    if (n > bestNumber) {
                        bestNumber = n;
                        best = entry;
                    }
                }
            }
        }
        return Optional.ofNullable(best);
    }

    /** Whether {@code path} is one of this home's rollouts (a file the agent's tools open is not). */
    public boolean holdsRollout(Path path) {
        Path p = path.toAbsolutePath().normalize();
        return (p.startsWith(sessions()) || p.startsWith(archivedSessions())) && threadIdOf(p).isPresent();
    }

    /** The thread id at the end of a rollout's file name. */
    public static Optional<String> threadIdOf(Path rollout) {
        Path name = rollout.getFileName();
        if (name == null) {
            return Optional.empty();
        }
        Matcher m = ROLLOUT.matcher(name.toString());
        return m.matches() ? Optional.of(m.group(1).toLowerCase()) : Optional.empty();
    }

    /**
     * The file to read for a thread's rollout path: the plain {@code .jsonl} when it exists (it wins over a
     * compressed copy), else the {@code .jsonl.zst}; empty when neither exists yet.
     */
    public static Optional<Path> rolloutFile(Path rolloutPath) {
        String name = rolloutPath.toString();
        Path plain = name.endsWith(".zst") ? Path.of(name.substring(0, name.length() - 4)) : rolloutPath;
        Path compressed = Path.of(plain + ".zst");
        if (Files.isRegularFile(plain)) {
            return Optional.of(plain);
        }
        if (Files.isRegularFile(compressed)) {
            return Optional.of(compressed);
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return Objects.equals(home, stateDirectory) ? home.toString() : home + " (state in " + stateDirectory + ")";
    }
}
