package dev.holdfast.terminal.agent.resume;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One {@code <config>/sessions/<pid>.json} of Claude Code: which session a running Claude process is in. Newer
 * versions write {@code pid}, {@code sessionId}, {@code cwd}, {@code startedAt} and {@code procStart} (the
 * process's start in clock ticks after boot, field 22 of {@code /proc/<pid>/stat}); older ones fewer. It outlives
 * a crashed process, so it says "live" only together with a running process of that pid and start.
 *
 * @param procStart the start ticks it recorded, when it did
 */
public record ClaudeSessionFile(long pid, String sessionId, OptionalLong procStart) {
    /** A sessions file is a few hundred bytes; anything far larger is not one. */
    static final long MAX_BYTES = 64 * 1024;

    public ClaudeSessionFile {
        Objects.requireNonNull(sessionId, "sessionId");
        Objects.requireNonNull(procStart, "procStart");
    }

    /** The file's record, or empty when it is not one (unreadable JSON, no pid or session id). */
    public static Optional<ClaudeSessionFile> parse(ObjectMapper json, byte[] bytes) {
        try {
            JsonNode tree = json.readTree(bytes);
            if (tree == null || !tree.isObject()) {
                return Optional.empty();
            }
            OptionalLong pid = number(tree.get("pid"));
            JsonNode session = tree.get("sessionId");
            if (pid.isEmpty() || pid.getAsLong() <= 0 || session == null || !session.isTextual()
                    || session.asText().isBlank()) {
                return Optional.empty();
            }
            return Optional.of(new ClaudeSessionFile(pid.getAsLong(), session.asText().strip().toLowerCase(),
                    number(tree.get("procStart"))));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Every readable sessions file under {@code configDirectory} ({@code ~/.claude}); none when it has none. */
    public static List<ClaudeSessionFile> readAll(ObjectMapper json, Path configDirectory) {
        List<ClaudeSessionFile> files = new ArrayList<>();
        Path sessions = configDirectory.resolve("sessions");
        if (!Files.isDirectory(sessions)) {
            return files;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(sessions, "*.json")) {
            for (Path entry : entries) {
                try {
                    if (Files.isRegularFile(entry) && Files.size(entry) <= MAX_BYTES) {
                        parse(json, Files.readAllBytes(entry)).ifPresent(files::add);
                    }
                } catch (IOException e) {
                    // Removed while listed, or unreadable: it says nothing.
                }
            }
        } catch (IOException e) {
            return files;
        }
        return files;
    }

    /** A number, or a string of digits (the field's type is not documented). */
    private static OptionalLong number(JsonNode node) {
        if (node == null) {
            return OptionalLong.empty();
        }
        if (node.canConvertToLong() && node.isIntegralNumber()) {
            return OptionalLong.of(node.asLong());
        }
        if (node.isTextual() && node.asText().strip().matches("\\d{1,18}")) {
            return OptionalLong.of(Long.parseLong(node.asText().strip()));
        }
        return OptionalLong.empty();
    }
}
