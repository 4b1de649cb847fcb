package dev.holdfast.terminal.pty;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Predicate;

/** Reads a shell's working directory and foreground command from the operating system. */
public interface ProcessInspector {
    ProcessSnapshot inspect(long shellPid);

    /**
     * The processes the terminal runs in its foreground, with their command lines, start times, directories,
     * environments and open files where the OS shows them. An OS Holdfast cannot read shows none. Small
     * blocking I/O (macOS: a few short processes): not on the UI thread.
     */
    default ForegroundProcesses foregroundProcesses(long shellPid) {
        return ForegroundProcesses.none(shellPid);
    }

    /**
     * One running process, with all that {@link #foregroundProcesses} reads of it; empty when none has that pid
     * (or the OS cannot be read). Small blocking I/O: not on the UI thread.
     */
    default Optional<ProcessDetails> process(long pid) {
        return Optional.empty();
    }

    /**
     * Every process the OS shows: pid, parent, group, start and argv of each, and for those whose argv
     * {@code detailed} accepts also the working directory, environment and open files. Costly (all of
     * {@code /proc}, or a {@code ps} and an {@code lsof}): for rare questions such as "is this conversation
     * still open anywhere?", never a poll.
     */
    default List<ProcessDetails> allProcesses(Predicate<List<String>> detailed) {
        return List.of();
    }

    /**
     * When {@code pid} started in clock ticks after boot (field 22 of Linux's {@code /proc/<pid>/stat}, which
     * Claude Code records as {@code procStart}); empty when it does not run or the OS does not count so.
     */
    default OptionalLong startTicks(long pid) {
        return OptionalLong.empty();
    }

    /**
     * The pids of the processes that hold one of {@code files} open, each with the file, over every process this
     * user can read. Empty where the OS does not show open files. Reads every process's descriptors: rare calls
     * only (a restore), never on the UI thread.
     */
    default Map<Long, Path> holding(Set<Path> files) {
        return Map.of();
    }

    /** Linux reads {@code /proc}; macOS asks {@code ps} and {@code lsof}; elsewhere nothing is known. */
    static ProcessInspector forCurrentOs() {
        String os = System.getProperty("os.name", "").toLowerCase();
        if (os.contains("linux")) {
            return new ProcfsProcessInspector(java.nio.file.Path.of("/proc"));
        }
        if (os.contains("mac")) {
            return new PsProcessInspector();
        }
        return pid -> ProcessSnapshot.UNKNOWN;
    }
}
