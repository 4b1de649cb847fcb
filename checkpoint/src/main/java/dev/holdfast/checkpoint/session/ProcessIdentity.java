package dev.holdfast.checkpoint.session;

import java.time.Instant;

/**
 * A process as the operating system knows it. The start time tells a live process apart from a later one that
 * was given the same pid (pids are reused, and a fresh boot hands out the same low ones again).
 *
 * @param startedAt when the process started, or null where the platform does not say
 */
public record ProcessIdentity(long pid, Instant startedAt) {

    public ProcessIdentity {
        if (pid <= 0) {
            throw new IllegalArgumentException("pid " + pid + " is not a process id");
        }
    }
}
