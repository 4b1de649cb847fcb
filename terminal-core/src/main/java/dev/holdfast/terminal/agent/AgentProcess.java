package dev.holdfast.terminal.agent;

import dev.holdfast.terminal.pty.ProcessDetails;
import dev.holdfast.terminal.pty.ProcessIdentity;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An agent running in a tab's foreground: the chain of processes that are it, outermost first. One agent
 * often shows as several processes — {@code npm exec} starting {@code node codex.js} starting Codex's native
 * build, or a wrapper script starting the real program — and all of them carry its command line.
 *
 * @param agent which agent
 * @param processes its processes, outermost (the one the shell started) first, innermost (the one doing the
 *     work, holding its files) last; never empty
 * @param commandLines each process's reading as an agent command line, in the same order
 */
public record AgentProcess(Agent agent, List<ProcessDetails> processes, List<AgentCommandLine> commandLines) {
    public AgentProcess {
        Objects.requireNonNull(agent, "agent");
        processes = List.copyOf(processes);
        commandLines = List.copyOf(commandLines);
        if (processes.isEmpty() || processes.size() != commandLines.size()) {
            throw new IllegalArgumentException("an agent needs one command line per process");
        }
    }

    public ProcessDetails outermost() {
        return processes.get(0);
    }

    public ProcessDetails innermost() {
        return processes.get(processes.size() - 1);
    }

    /** The agent as one process across reads: its outermost process. A different identity is a different run. */
    public ProcessIdentity identity() {
        return outermost().identity();
    }

    /**
     * When the agent started: the earliest start of its processes (a thread begun after the wrapper started
     * is as new as one begun after the program did), or empty when the OS gave none.
     */
    public Optional<Instant> startTime() {
        return processes.stream().map(ProcessDetails::startTime).flatMap(Optional::stream).min(Instant::compareTo);
    }

    /** The session its command line resumes: only when its processes agree on one. */
    public Optional<String> resumedSession() {
        Set<String> ids = new HashSet<>();
        for (AgentCommandLine line : commandLines) {
            line.resumedSession().ifPresent(ids::add);
        }
        return ids.size() == 1 ? Optional.of(ids.iterator().next()) : Optional.empty();
    }

    /** Whether it runs headless, for one prompt ({@code claude -p}, {@code codex exec}). */
    public boolean headless() {
        return commandLines.get(0).headless();
    }

    /** Whether {@code pid} is one of its processes. */
    public boolean has(long pid) {
        return processes.stream().anyMatch(p -> p.pid() == pid);
    }

    /** Its working directory: the innermost process's that shows one. */
    public Optional<Path> workingDirectory() {
        for (int i = processes.size() - 1; i >= 0; i--) {
            if (processes.get(i).workingDirectory().isPresent()) {
                return processes.get(i).workingDirectory();
            }
        }
        return Optional.empty();
    }

    /**
     * Its working directory as the agent's files may name it: the path as read and, when it differs, with its
     * links resolved (an agent records the one it was started in; a tab may reach it through a symlink).
     */
    public Set<String> directoryNames() {
        Set<String> names = new LinkedHashSet<>();
        workingDirectory().ifPresent(cwd -> {
            names.add(cwd.toString());
            try {
                names.add(cwd.toRealPath().toString());
            } catch (IOException e) {
                // Gone meanwhile: the path as read is all there is.
            }
        });
        return names;
    }

    /** Its environment: the innermost process's that can be read (a wrapper may have set variables). */
    public Optional<Map<String, String>> environment() {
        for (int i = processes.size() - 1; i >= 0; i--) {
            if (processes.get(i).environment().isPresent()) {
                return processes.get(i).environment();
            }
        }
        return Optional.empty();
    }

    /** The files its own processes hold open (not those of the tools it runs). */
    public List<Path> openFiles() {
        return processes.stream().flatMap(p -> p.openFiles().stream()).distinct().toList();
    }
}
