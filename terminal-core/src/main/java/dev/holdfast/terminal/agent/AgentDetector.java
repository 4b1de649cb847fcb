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
 * Finds the agent a tab runs in its foreground. Processes whose command line is an agent's and that descend
 * from one another are one agent; when the foreground holds two unrelated agent runs (rare: a pipeline), the
 * one started last is taken, being the one the user started most recently.
 */
public final class AgentDetector {

    public Optional<AgentProcess> detect(ForegroundProcesses foreground) {
        // Parents come before children in the tree, so the first agent process of a chain is its outermost.
        Map<Long, List<ProcessDetails>> chains = new LinkedHashMap<>();
        Map<Long, List<AgentCommandLine>> lines = new LinkedHashMap<>();
        Map<Long, Agent> agents = new LinkedHashMap<>();
        for (ProcessDetails process : foreground.processes()) {
            Optional<AgentCommandLine> line = AgentCommandLine.of(process.argv());
            if (line.isEmpty()) {
                continue;
            }
            Optional<Long> root = chains.keySet().stream()
                    .filter(r -> agents.get(r) == line.get().agent())
                    .filter(r -> foreground.isWithin(process, chains.get(r).get(0)))
                    .findFirst();
            long key = root.orElse(process.pid());
            chains.computeIfAbsent(key, k -> new ArrayList<>()).add(process);
            lines.computeIfAbsent(key, k -> new ArrayList<>()).add(line.get());
            agents.putIfAbsent(key, line.get().agent());
        }
        return chains.keySet().stream()
                .max(Comparator.comparing((Long r) -> chains.get(r).get(0).startTime().orElse(Instant.EPOCH))
                        .thenComparing(r -> r))
                .map(r -> new AgentProcess(agents.get(r), chains.get(r), lines.get(r)));
    }
}
