package dev.holdfast.terminal.agent.resume;

import dev.holdfast.terminal.pty.ProcessDetails;
import dev.holdfast.terminal.pty.ProcessInspector;
import dev.holdfast.terminal.pty.ProcessSnapshot;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;

/** A process table for liveness tests: processes by pid, their start ticks, the files they hold open. */
final class FakeProcesses implements ProcessInspector {
    private final Map<Long, ProcessDetails> processes = new HashMap<>();
    private final Map<Long, Long> ticks = new HashMap<>();

    FakeProcesses run(long pid, Instant started, List<String> argv, Path... open) {
        processes.put(pid, new ProcessDetails(pid, 1, pid, Optional.ofNullable(started), argv, Optional.empty(),
                Optional.empty(), List.of(open)));
        return this;
    }

    FakeProcesses ticks(long pid, long startTicks) {
        ticks.put(pid, startTicks);
        return this;
    }

    @Override
    public ProcessSnapshot inspect(long shellPid) {
        return ProcessSnapshot.UNKNOWN;
    }

    @Override
    public Optional<ProcessDetails> process(long pid) {
        return Optional.ofNullable(processes.get(pid));
    }

    @Override
    public OptionalLong startTicks(long pid) {
        return processes.containsKey(pid) && ticks.containsKey(pid) ? OptionalLong.of(ticks.get(pid)) : OptionalLong.empty();
    }

    @Override
    public Map<Long, Path> holding(Set<Path> files) {
        Map<Long, Path> holders = new TreeMap<>();
        processes.values().forEach(p -> p.openFiles().stream().filter(files::contains).findFirst()
                .ifPresent(f -> holders.put(p.pid(), f)));
        return holders;
    }
}
