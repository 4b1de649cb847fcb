package dev.holdfast.terminal.pty;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A process across reads: its pid and its start time. Pids are reused, so a pid alone could name a later,
 * unrelated process; where the OS gives no start time, the pid is all there is.
 */
public record ProcessIdentity(long pid, Optional<Instant> startTime) {
    public ProcessIdentity {
        Objects.requireNonNull(startTime, "startTime");
    }

    @Override
    public String toString() {
        return startTime.map(t -> pid + "@" + t).orElse(Long.toString(pid));
    }
}
