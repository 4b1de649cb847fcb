package dev.holdfast.terminal.agent.claude;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.terminal.pty.ProcessDetails;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code <config>/sessions/<pid>.json} says: the file a running Claude Code keeps of itself (newer versions).
 * It names the session the process started in, and is <em>not</em> rewritten on {@code /clear}; a crashed
 * process leaves it behind, and its pid may be taken by another process later. So it is only evidence for the
 * process whose pid <em>and</em> start ({@code procStart}, the OS's own start stamp) it names.
 *
 * @param pid the process it describes
 * @param sessionId the session it names
 * @param cwd the directory it says
 * @param startedAt when the process registered, if it says
 * @param procStart the process's start as the OS spelled it ({@code /proc/<pid>/stat} field 22 on Linux,
 *     {@code ps -o lstart} on macOS), if it says
 * @param kind {@code interactive}, {@code bg}, … if it says
 * @param entrypoint {@code cli} (the terminal app), {@code sdk-cli} (headless), … if it says
 */
public record ClaudeSessionFile(long pid, String sessionId, Optional<String> cwd, Optional<Instant> startedAt,
        Optional<String> procStart, Optional<String> kind, Optional<String> entrypoint) {
    /** A session file is a few hundred bytes; anything far larger is not one. */
    static final long MAX_BYTES = 64 * 1024;
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final Pattern FILE_NAME = Pattern.compile("(\\d{1,18})\\.json");
    private static final Pattern SESSION_ID =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    public ClaudeSessionFile {
        Objects.requireNonNull(sessionId, "sessionId");
        Objects.requireNonNull(cwd, "cwd");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(procStart, "procStart");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(entrypoint, "entrypoint");
    }

    /** Reading one: what it said, or why it says nothing usable. */
    public sealed interface Read permits Found, Absent, Rejected {
    }

    public record Found(ClaudeSessionFile file) implements Read {
    }

    public record Absent() implements Read {
    }

    public record Rejected(String why) implements Read {
    }

    /** Reads {@code file}, expecting it to describe {@code pid}. */
    public static Read read(Path file, long pid, ObjectMapper json) {
        JsonNode node;
        try {
            if (Files.size(file) > MAX_BYTES) {
                return new Rejected(file + " is too large to be a session file");
            }
            node = json.readTree(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            return new Absent();
        } catch (IOException e) {
            return new Rejected(file + " could not be read: " + e.getMessage());
        }
        if (node == null || !node.isObject()) {
            return new Rejected(file + " is not a JSON object");
        }
        if (!node.path("pid").canConvertToLong() || node.path("pid").asLong() != pid) {
            return new Rejected(file + " does not describe pid " + pid);
        }
        String id = node.path("sessionId").asText("");
        if (!SESSION_ID.matcher(id).matches()) {
            return new Rejected(file + " names no session id");
        }
        Optional<Instant> started = node.path("startedAt").canConvertToLong()
                ? Optional.of(Instant.ofEpochMilli(node.path("startedAt").asLong())) : Optional.empty();
        JsonNode procStart = node.path("procStart");
        Optional<String> stamp = procStart.isTextual() || procStart.isNumber()
                ? Optional.of(procStart.asText()).filter(s -> !s.isBlank()) : Optional.empty();
        return new Found(new ClaudeSessionFile(pid, id.toLowerCase(Locale.ROOT), text(node, "cwd"), started, stamp,
                text(node, "kind"), text(node, "entrypoint")));
    }

    /**
     * The {@code sessions/<pid>.json} files of {@code config} that read as their pid's, newest first: of the
     * {@code limit} newest {@code *.json} files there. None when the directory cannot be listed.
     */
    public static List<ClaudeSessionFile> readNewest(ClaudeConfig config, ObjectMapper json, int limit) {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(config.sessions(), "*.json")) {
            entries.forEach(files::add);
        } catch (IOException e) {
            return List.of();
        }
        Map<Path, FileTime> modified = new HashMap<>();
        for (Path f : files) {
            try {
                modified.put(f, Files.getLastModifiedTime(f));
            } catch (IOException e) {
                modified.put(f, FileTime.fromMillis(0));
            }
        }
        files.sort(Comparator.comparing((Path f) -> modified.get(f)).reversed());
        List<ClaudeSessionFile> found = new ArrayList<>();
        for (Path f : files.subList(0, Math.min(files.size(), limit))) {
            Matcher name = FILE_NAME.matcher(f.getFileName().toString());
            if (name.matches() && read(f, Long.parseLong(name.group(1)), json) instanceof Found file) {
                found.add(file.file());
            }
        }
        return found;
    }

    private static Optional<String> text(JsonNode node, String field) {
        return node.path(field).isTextual() ? Optional.of(node.path(field).asText()).filter(s -> !s.isBlank())
                : Optional.empty();
    }

    /**
     * Whether this file is {@code process}'s: the same pid and the same start stamp. Without a {@code procStart}
     * (older versions) or a stamp from the OS, it cannot be told from a dead process's file whose pid was reused,
     * and is not.
     */
    public boolean describes(ProcessDetails process) {
        return process.pid() == pid && procStart.isPresent() && process.startStamp().isPresent()
                && normalize(procStart.get()).equals(normalize(process.startStamp().get()));
    }

    private static String normalize(String stamp) {
        return WHITESPACE.matcher(stamp.strip()).replaceAll(" ");
    }
}
