package dev.holdfast.terminal.agent;

import dev.holdfast.terminal.pty.ForegroundProcesses;
import dev.holdfast.terminal.pty.ProcessDetails;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the agent a tab runs in its foreground. Processes whose command line is the same agent's, run the same
 * way (interactive or headless), and descend from one another are one agent: a wrapper and the program it
 * starts. A headless run started by an agent ({@code claude -p} from Claude's shell tool, {@code codex exec}) is an
 * agent of its own nested in the tab's, never the tab's agent while the one around it runs. When the foreground
 * holds two unrelated agent runs (rare: a pipeline), the one started last is taken, being the one the user
 * started most recently.
 */
public final class AgentDetector {

    public Optional<AgentProcess> detect(ForegroundProcesses foreground) {
        List<Chain> chains = chains(foreground);
        return chains.stream()
                .filter(c -> chains.stream().noneMatch(other -> other != c && other.contains(foreground, c.root())))
                .max(Comparator.comparing((Chain c) -> c.root().startTime().orElse(Instant.EPOCH))
                        .thenComparing(c -> c.root().pid()))
                .map(Chain::toAgentProcess);
    }

    /**
     * Every agent run in the foreground, outermost first (a nested run after the one around it), each with its
     * processes; for telling which run a process descends from.
     */
    public List<AgentProcess> all(ForegroundProcesses foreground) {
        return chains(foreground).stream().map(Chain::toAgentProcess).toList();
    }

    private static List<Chain> chains(ForegroundProcesses foreground) {
        // Parents come before children in the tree, so the first process of a chain is its outermost.
        Map<Long, Chain> chains = new LinkedHashMap<>();
        for (ProcessDetails process : foreground.processes()) {
            Optional<AgentCommandLine> line = AgentCommandLine.of(process.argv());
            if (line.isEmpty()) {
                continue;
            }
            // The innermost chain the process descends from, of the same agent and the same kind of run.
            Optional<Chain> joins = Optional.empty();
            for (ProcessDetails ancestor : foreground.ancestry(process)) {
                Chain owner = chains.values().stream().filter(c -> c.has(ancestor.pid())).findFirst().orElse(null);
                if (owner != null) {
                    if (owner.agent() == line.get().agent() && owner.headless() == line.get().headless()) {
                        joins = Optional.of(owner);
                    }
                    break;
                }
            }
            if (joins.isPresent()) {
                joins.get().add(process, line.get());
            } else {
                Chain chain = new Chain();
                chain.add(process, line.get());
                chains.put(process.pid(), chain);
            }
        }
        return List.copyOf(chains.values());
    }

    private static final class Chain {
        private final List<ProcessDetails> processes = new ArrayList<>();
        private final List<AgentCommandLine> lines = new ArrayList<>();

        void add(ProcessDetails process, AgentCommandLine line) {
            processes.add(process);
            lines.add(line);
        }

        ProcessDetails root() {
            return processes.get(0);
        }

        Agent agent() {
            return lines.get(0).agent();
        }

        boolean headless() {
            return lines.get(0).headless();
        }

        boolean has(long pid) {
            return processes.stream().anyMatch(p -> p.pid() == pid);
        }

        /** Whether {@code process} descends from one of this chain's processes. */
        boolean contains(ForegroundProcesses foreground, ProcessDetails process) {
            return foreground.ancestry(process).stream().skip(1).anyMatch(a -> has(a.pid()));
        }

        AgentProcess toAgentProcess() {
            return new AgentProcess(agent(), processes, lines);
        }
    }
}
