package dev.holdfast.terminal.agent.resume;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.AgentCommandLine;
import dev.holdfast.terminal.agent.claude.ClaudeConfig;
import dev.holdfast.terminal.agent.claude.ClaudeSessionFile;
import dev.holdfast.terminal.pty.ProcessDetails;
import dev.holdfast.terminal.pty.ProcessIdentity;
import dev.holdfast.terminal.pty.ProcessInspector;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;

/**
 * Whether a saved conversation still has a writer, so that resuming it would make a second one. A Claude Code
 * {@code --resume} appends to the transcript with no check of its own, and a Codex resume of a live thread fails
 * at best: Holdfast checks first. Live means any of:
 * <ol>
 *   <li>one of the agent's saved processes runs with the same start time: the agent outlived the launch that
 *       crashed (it ignored the hang-up);</li>
 *   <li>a process other than Holdfast itself holds the conversation's rollout or transcript open, or (Codex) its
 *       writer lock under {@code $CODEX_HOME/thread-writer-locks/};</li>
 *   <li>(Claude Code) a {@code sessions/<pid>.json} names the conversation, and its pid runs with the start it
 *       recorded ({@code procStart}; a file without one counts when that pid runs Claude).</li>
 * </ol>
 * Blocking reads of the process table: call it off the UI thread, at restore.
 */
public final class ConversationLiveness {
    /**
     * How far two readings of one process's start may differ: the kernel derives the boot time from the wall
     * clock, so a start time read in another launch can move by a second.
     */
    public static final Duration START_TOLERANCE = Duration.ofSeconds(1);
    static final String WRITER_LOCKS = "thread-writer-locks";

    private final ProcessInspector processes;
    private final ObjectMapper json;
    private final Duration startTolerance;

    public ConversationLiveness(ProcessInspector processes, ObjectMapper json, Duration startTolerance) {
        this.processes = Objects.requireNonNull(processes, "processes");
        this.json = Objects.requireNonNull(json, "json");
        this.startTolerance = Objects.requireNonNull(startTolerance, "startTolerance");
    }

    public Liveness check(SavedConversation saved) {
        Agent agent = saved.conversation().agent();
        for (ProcessIdentity process : saved.processes()) {
            Optional<ProcessDetails> now = processes.process(process.pid());
            if (now.isPresent() && sameProcess(process, now.get(), agent)) {
                return new Liveness.Running(process.pid(), "the agent of the last launch still runs");
            }
        }
        Set<Path> files = new LinkedHashSet<>();
        saved.transcript().ifPresent(t -> addWithRealPath(files, t));
        if (agent == Agent.CODEX) {
            saved.agentHome().ifPresent(home -> writerLocks(home, saved.conversation().sessionId())
                    .forEach(lock -> addWithRealPath(files, lock)));
        }
        Map<Long, Path> holders = new TreeMap<>(processes.holding(files));
        // Holdfast itself may be reading the file at this moment (a restored tab shows its conversation at once):
        // a reader is no writer, and counting it would refuse every resume that races the panel's first read.
        holders.remove(ProcessHandle.current().pid());
        if (!holders.isEmpty()) {
            Map.Entry<Long, Path> first = holders.entrySet().iterator().next();
            return new Liveness.Running(first.getKey(), "it holds " + first.getValue() + " open");
        }
        if (agent == Agent.CLAUDE_CODE && saved.agentHome().isPresent()) {
            for (ClaudeSessionFile file : ClaudeSessionFile.readNewest(new ClaudeConfig(saved.agentHome().get()), json,
                    Integer.MAX_VALUE)) {
                if (file.sessionId().equals(saved.conversation().sessionId()) && runsAsRecorded(file)) {
                    return new Liveness.Running(file.pid(), "sessions/" + file.pid() + ".json names it");
                }
            }
        }
        return new Liveness.NotRunning();
    }

    private boolean sameProcess(ProcessIdentity saved, ProcessDetails now, Agent agent) {
        if (saved.startTime().isPresent() && now.startTime().isPresent()) {
            Duration apart = Duration.between(saved.startTime().get(), now.startTime().get()).abs();
            return apart.compareTo(startTolerance) <= 0;
        }
        // No start time to compare: only a process that is still this agent counts, never a pid reused by another.
        return runsAgent(now, agent);
    }

    /**
     * Whether the file's pid runs the process that wrote it: the same start ticks where both are known; otherwise
     * (an older Claude without {@code procStart}, an OS that does not count ticks) any Claude process of that pid,
     * as a conversation that may be live is never offered twice.
     */
    private boolean runsAsRecorded(ClaudeSessionFile file) {
        OptionalLong ticks = processes.startTicks(file.pid());
        if (file.procStart().isPresent() && ticks.isPresent()) {
            return file.procStart().get().strip().equals(Long.toString(ticks.getAsLong()));
        }
        return processes.process(file.pid()).filter(p -> runsAgent(p, Agent.CLAUDE_CODE)).isPresent();
    }

    private static boolean runsAgent(ProcessDetails process, Agent agent) {
        return AgentCommandLine.of(process.argv()).filter(line -> line.agent() == agent).isPresent();
    }

    /** Codex's writer locks of this thread: the files of its lock directory that carry the thread's id. */
    private static Set<Path> writerLocks(Path home, String threadId) {
        Set<Path> locks = new LinkedHashSet<>();
        Path directory = home.resolve(WRITER_LOCKS);
        if (!Files.isDirectory(directory)) {
            return locks;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            for (Path entry : entries) {
                if (entry.getFileName().toString().toLowerCase().contains(threadId)) {
                    locks.add(entry);
                }
            }
        } catch (IOException e) {
            return locks;
        }
        return locks;
    }

    private static void addWithRealPath(Set<Path> files, Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        files.add(absolute);
        try {
            files.add(absolute.toRealPath());
        } catch (IOException e) {
            // Gone: then nobody holds it under that name either.
        }
    }
}
