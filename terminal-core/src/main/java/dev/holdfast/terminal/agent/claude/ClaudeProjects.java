package dev.holdfast.terminal.agent.claude;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.terminal.agent.transcript.JsonRecords;
import dev.holdfast.terminal.agent.transcript.TranscriptFile;
import dev.holdfast.terminal.agent.transcript.TranscriptLimits;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The transcripts under one {@code <config>/projects/}, found by session id ({@code projects/*}{@code /<id>.jsonl})
 * or by the {@code cwd} their records carry — never by computing the project directory's name from a path, whose
 * long-path form (cut and hashed) changed between Claude versions.
 *
 * <p>Cost stays small with hundreds of projects: a project directory is listed again only when its modification
 * time changed (a new transcript changes it), and a transcript's first records are read once (again only while
 * they did not yet say where it ran). A directory's transcripts are read for a cwd only when a sample of them ran
 * in a directory that reads the same in letters and digits (the only way two directories share a project
 * directory). Used by one thread.
 */
public final class ClaudeProjects implements ClaudeTranscripts {
    private static final Logger LOG = LoggerFactory.getLogger(ClaudeProjects.class);
    /** How much of a transcript's start is read for its cwd, start time and entrypoint. */
    static final long HEAD_BYTES = 64 * 1024;
    /** Long directory names are cut: reduced paths that agree this far may share a project directory. */
    static final int SHARED_PREFIX_CHARS = 100;
    /** Transcripts tried per project directory before it counts as of unknown directory. */
    static final int SAMPLES_PER_DIRECTORY = 3;
    private static final Pattern TRANSCRIPT_NAME =
            Pattern.compile("([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\\.jsonl");
    private static final Pattern NOT_ALPHANUMERIC = Pattern.compile("[^A-Za-z0-9]");

    private final ClaudeConfig config;
    private final ObjectMapper json;
    private final TranscriptLimits limits;
    private final Map<Path, ProjectDirectory> directories = new LinkedHashMap<>();
    private final Map<Path, Head> heads = new LinkedHashMap<>();
    private FileTime projectsModified;

    private static final class ProjectDirectory {
        FileTime modified;
        List<Path> transcripts = List.of();
        /** Letters and digits of the cwd its sampled transcript ran in; empty while unknown. */
        Optional<String> sampleCwd = Optional.empty();
    }

    /** What a transcript's first records say, and the file they were read from. */
    private record Head(Object fileKey, long size, Optional<String> cwd, Optional<Instant> begunAt,
            Optional<String> entrypoint) {
        boolean complete() {
            return cwd.isPresent() && begunAt.isPresent();
        }
    }

    public ClaudeProjects(ClaudeConfig config, ObjectMapper json, TranscriptLimits limits) {
        this.config = Objects.requireNonNull(config, "config");
        this.json = Objects.requireNonNull(json, "json");
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    public ClaudeConfig config() {
        return config;
    }

    /** Whether {@code projects/} exists at all. */
    public boolean exists() {
        return Files.isDirectory(config.projects());
    }

    /** Looks at the project directories again: new ones, and new transcripts in changed ones. */
    public void refresh() {
        Path projects = config.projects();
        FileTime modified;
        try {
            modified = Files.getLastModifiedTime(projects);
        } catch (IOException e) {
            directories.clear();
            heads.clear();
            projectsModified = null;
            return;
        }
        if (!modified.equals(projectsModified)) {
            Set<Path> present = new HashSet<>();
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(projects, Files::isDirectory)) {
                for (Path entry : entries) {
                    present.add(entry);
                    directories.computeIfAbsent(entry, e -> new ProjectDirectory());
                }
            } catch (IOException e) {
                LOG.debug("Claude projects {} could not be listed: {}", projects, e.toString());
                return;
            }
            directories.keySet().retainAll(present);
            projectsModified = modified;
        }
        for (Map.Entry<Path, ProjectDirectory> entry : directories.entrySet()) {
            relist(entry.getKey(), entry.getValue());
        }
    }

    private void relist(Path dir, ProjectDirectory state) {
        FileTime modified;
        try {
            modified = Files.getLastModifiedTime(dir);
        } catch (IOException e) {
            state.transcripts = List.of();
            return;
        }
        if (modified.equals(state.modified)) {
            return;
        }
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "*.jsonl")) {
            for (Path entry : entries) {
                if (TRANSCRIPT_NAME.matcher(entry.getFileName().toString()).matches()) {
                    found.add(entry);
                }
            }
        } catch (IOException e) {
            return;
        }
        state.modified = modified;
        state.transcripts = List.copyOf(found);
        heads.keySet().removeIf(p -> p.getParent().equals(dir) && !found.contains(p));
        if (state.sampleCwd.isEmpty()) {
            int tried = 0;
            for (Path transcript : found) {
                if (tried++ >= SAMPLES_PER_DIRECTORY) {
                    break;
                }
                Optional<String> cwd = head(transcript).flatMap(Head::cwd);
                if (cwd.isPresent()) {
                    state.sampleCwd = Optional.of(reduce(cwd.get()));
                    break;
                }
            }
        }
    }

    @Override
    public Optional<ClaudeTranscript> byId(String sessionId) {
        String id = sessionId.toLowerCase(Locale.ROOT);
        String name = id + ".jsonl";
        Set<Path> dirs = new LinkedHashSet<>(directories.keySet());
        if (dirs.isEmpty()) {
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(config.projects(), Files::isDirectory)) {
                entries.forEach(dirs::add);
            } catch (IOException e) {
                return Optional.empty();
            }
        }
        for (Path dir : dirs) {
            Path candidate = dir.resolve(name);
            if (Files.isRegularFile(candidate)) {
                return describe(candidate);
            }
        }
        return Optional.empty();
    }

    @Override
    public List<ClaudeTranscript> ofDirectory(Set<String> cwds) {
        Set<String> reduced = new HashSet<>();
        cwds.forEach(c -> reduced.add(reduce(c)));
        List<ClaudeTranscript> found = new ArrayList<>();
        for (Map.Entry<Path, ProjectDirectory> entry : directories.entrySet()) {
            ProjectDirectory state = entry.getValue();
            if (state.sampleCwd.isPresent() && reduced.stream().noneMatch(r -> mayShare(r, state.sampleCwd.get()))) {
                continue;
            }
            for (Path transcript : state.transcripts) {
                Optional<Head> head = head(transcript);
                if (head.flatMap(Head::cwd).filter(cwds::contains).isPresent()) {
                    describe(transcript, head.get()).ifPresent(found::add);
                }
            }
        }
        found.sort(Comparator.comparing(ClaudeTranscript::modifiedAt).reversed()
                .thenComparing(ClaudeTranscript::sessionId));
        return found;
    }

    /** The transcript at {@code path} as it is now, if it is one. */
    public Optional<ClaudeTranscript> describe(Path path) {
        if (!TRANSCRIPT_NAME.matcher(path.getFileName().toString()).matches()) {
            return Optional.empty();
        }
        return head(path).flatMap(h -> describe(path, h));
    }

    private Optional<ClaudeTranscript> describe(Path path, Head head) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (IOException e) {
            return Optional.empty();
        }
        String name = path.getFileName().toString();
        String id = name.substring(0, name.length() - ".jsonl".length()).toLowerCase(Locale.ROOT);
        Instant modified = attributes.lastModifiedTime().toInstant();
        Instant begun = head.begunAt().orElseGet(() -> {
            Instant created = attributes.creationTime().toInstant();
            return created.isAfter(Instant.EPOCH) && !created.isAfter(modified) ? created : modified;
        });
        return Optional.of(new ClaudeTranscript(id, path, head.cwd(), begun, modified, head.entrypoint()));
    }

    private Optional<Head> head(Path path) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            heads.remove(path);
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
        Head known = heads.get(path);
        if (known != null && Objects.equals(known.fileKey(), attributes.fileKey())
                && (known.complete() || known.size() == attributes.size())) {
            return Optional.of(known);
        }
        HeadReader reader = new HeadReader();
        try {
            TranscriptFile.fromStart(path, new TranscriptLimits(limits.maxLineBytes(), HEAD_BYTES)).read(reader);
        } catch (IOException e) {
            return Optional.empty();
        }
        Head head = new Head(attributes.fileKey(), attributes.size(), reader.cwd, reader.begunAt, reader.entrypoint);
        heads.put(path, head);
        return Optional.of(head);
    }

    /** Letters and digits of a path: what survives in a project directory's name. */
    static String reduce(String path) {
        return NOT_ALPHANUMERIC.matcher(path).replaceAll("");
    }

    private static boolean mayShare(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        return a.length() >= SHARED_PREFIX_CHARS && b.length() >= SHARED_PREFIX_CHARS
                && a.regionMatches(0, b, 0, SHARED_PREFIX_CHARS);
    }

    private final class HeadReader implements TranscriptFile.LineHandler {
        Optional<String> cwd = Optional.empty();
        Optional<Instant> begunAt = Optional.empty();
        Optional<String> entrypoint = Optional.empty();

        @Override
        public void line(byte[] bytes, int length) {
            if (cwd.isPresent() && begunAt.isPresent() && entrypoint.isPresent()) {
                return;
            }
            Optional<JsonNode> read = JsonRecords.object(json, bytes, length, "transcript", skipped -> { });
            if (read.isEmpty() || read.get().path("isSidechain").asBoolean(false)) {
                return;
            }
            JsonNode record = read.get();
            if (cwd.isEmpty() && record.path("cwd").isTextual() && !record.path("cwd").asText().isBlank()) {
                cwd = Optional.of(record.path("cwd").asText());
            }
            if (begunAt.isEmpty()) {
                // Left to the next record that has one when this one has none.
                begunAt = JsonRecords.instant(record.path("timestamp"));
            }
            if (entrypoint.isEmpty() && record.path("entrypoint").isTextual()) {
                entrypoint = Optional.of(record.path("entrypoint").asText());
            }
        }

        @Override
        public void oversized(long length) {
        }

        @Override
        public void restart() {
        }
    }
}
