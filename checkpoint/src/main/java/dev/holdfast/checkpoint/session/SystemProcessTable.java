package dev.holdfast.checkpoint.session;

import java.time.Duration;
import java.time.Instant;

/** {@link ProcessTable} over {@link ProcessHandle}. */
final class SystemProcessTable implements ProcessTable {

    /**
     * Start times are derived from clock ticks and boot time, so two readings of one process can differ by a
     * rounding step; a different process that reused the pid started far more than this apart.
     */
    private static final Duration SAME_START_TOLERANCE = Duration.ofSeconds(1);

    @Override
    public ProcessIdentity self() {
        ProcessHandle self = ProcessHandle.current();
        return new ProcessIdentity(self.pid(), self.info().startInstant().orElse(null));
    }

    @Override
    public boolean isRunning(ProcessIdentity process) {
        // Without a recorded start time a live pid may be anyone's, so it proves nothing.
        if (process.startedAt() == null) {
            return false;
        }
        return ProcessHandle.of(process.pid())
                .filter(ProcessHandle::isAlive)
                .flatMap(handle -> handle.info().startInstant())
                .map(started -> isSameStart(started, process.startedAt()))
                .orElse(false);
    }

    private static boolean isSameStart(Instant a, Instant b) {
        return Duration.between(a, b).abs().compareTo(SAME_START_TOLERANCE) <= 0;
    }
}
