package dev.holdfast.terminal.pty;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The processes a terminal runs in its foreground: the members of the terminal's foreground process group
 * and all their descendants, parents before their children. Empty while the shell itself has the terminal
 * (at its prompt) or when the OS could not be read.
 *
 * @param shellPid the terminal's shell
 * @param processes parents before children
 */
public record ForegroundProcesses(long shellPid, List<ProcessDetails> processes) {
    public ForegroundProcesses {
        processes = List.copyOf(processes);
    }

    public static ForegroundProcesses none(long shellPid) {
        return new ForegroundProcesses(shellPid, List.of());
    }

    public boolean isEmpty() {
        return processes.isEmpty();
    }

    public Optional<ProcessDetails> process(long pid) {
        return processes.stream().filter(p -> p.pid() == pid).findFirst();
    }

    /** {@code process} and its ancestors within this tree, nearest first. */
    public List<ProcessDetails> ancestry(ProcessDetails process) {
        List<ProcessDetails> chain = new ArrayList<>();
        Optional<ProcessDetails> at = Optional.of(process);
        while (at.isPresent() && chain.size() <= processes.size()) {
            chain.add(at.get());
            long parent = at.get().parentPid();
            at = parent == at.get().pid() ? Optional.empty() : process(parent);
        }
        return chain;
    }

    /** Whether {@code ancestor} is {@code process} or one of its ancestors. */
    public boolean isWithin(ProcessDetails process, ProcessDetails ancestor) {
        return ancestry(process).stream().anyMatch(p -> p.pid() == ancestor.pid());
    }
}
