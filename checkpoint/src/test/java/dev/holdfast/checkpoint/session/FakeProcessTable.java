package dev.holdfast.checkpoint.session;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;

/** A process table whose running processes the test decides. */
final class FakeProcessTable implements ProcessTable {

    private final Set<ProcessIdentity> running = new HashSet<>();
    private ProcessIdentity self;

    FakeProcessTable(long pid) {
        becomeProcess(pid);
    }

    /** The next launch runs in a new process; the old one is gone unless marked running. */
    void becomeProcess(long pid) {
        self = new ProcessIdentity(pid, Instant.ofEpochSecond(1_700_000_000L + pid));
    }

    void markRunning(ProcessIdentity process) {
        running.add(process);
    }

    @Override
    public ProcessIdentity self() {
        return self;
    }

    @Override
    public boolean isRunning(ProcessIdentity process) {
        return running.contains(process);
    }
}
