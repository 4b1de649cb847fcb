package dev.holdfast.checkpoint.clocks;

import dev.holdfast.checkpoint.session.ProcessIdentity;
import dev.holdfast.checkpoint.session.ProcessTable;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** A process table whose running processes the test decides. */
final class FakeProcesses implements ProcessTable {
    private final Set<ProcessIdentity> running = ConcurrentHashMap.newKeySet();

    static ProcessIdentity process(long pid) {
        return new ProcessIdentity(pid, Instant.ofEpochSecond(1_700_000_000L + pid));
    }

    void markRunning(ProcessIdentity process) {
        running.add(process);
    }

    void markGone(ProcessIdentity process) {
        running.remove(process);
    }

    @Override
    public ProcessIdentity self() {
        return process(1);
    }

    @Override
    public boolean isRunning(ProcessIdentity process) {
        return running.contains(process);
    }
}
