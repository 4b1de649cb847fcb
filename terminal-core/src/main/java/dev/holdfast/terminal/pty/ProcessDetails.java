package dev.holdfast.terminal.pty;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One process of a terminal's foreground, as the operating system showed it at one moment.
 *
 * @param pid its process id
 * @param parentPid its parent's process id
 * @param processGroup its process group
 * @param startTime when it started, when the OS says; with {@link #pid} it names the process across reads (a
 *     pid alone may be reused)
 * @param argv its command line; empty when unreadable (a zombie, another user's process)
 * @param workingDirectory its current directory, when readable
 * @param environment the environment it started with, when readable ({@code /proc/<pid>/environ}; not
 *     readable on macOS)
 * @param openFiles the paths of the files it holds open (sockets, pipes and anonymous files left out)
 * @param startStamp its start as the OS spells it, exact: field 22 of {@code /proc/<pid>/stat} (clock ticks
 *     after boot) on Linux, {@code ps -o lstart} on macOS. Agents record this text to name their own process
 *     (Claude Code's {@code procStart}); {@link #startTime} is computed from it and may be a tick off elsewhere.
 */
public record ProcessDetails(
        long pid,
        long parentPid,
        long processGroup,
        Optional<Instant> startTime,
        List<String> argv,
        Optional<Path> workingDirectory,
        Optional<Map<String, String>> environment,
        List<Path> openFiles,
        Optional<String> startStamp) {

    public ProcessDetails {
        Objects.requireNonNull(startTime, "startTime");
        argv = List.copyOf(argv);
        Objects.requireNonNull(workingDirectory, "workingDirectory");
        environment = environment.map(Map::copyOf);
        openFiles = List.copyOf(openFiles);
        Objects.requireNonNull(startStamp, "startStamp");
    }

    /** A process whose OS gave no start stamp. */
    public ProcessDetails(long pid, long parentPid, long processGroup, Optional<Instant> startTime, List<String> argv,
            Optional<Path> workingDirectory, Optional<Map<String, String>> environment, List<Path> openFiles) {
        this(pid, parentPid, processGroup, startTime, argv, workingDirectory, environment, openFiles, Optional.empty());
    }

    /** The pid together with the start time: a different process if either differs. */
    public ProcessIdentity identity() {
        return new ProcessIdentity(pid, startTime);
    }
}
