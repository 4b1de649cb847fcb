package dev.holdfast.checkpoint.clocks;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * After a failed write, no write is tried for a while, so a failing or locked disk costs one timeout a minute,
 * not one per change. Pure (time comes in); callers synchronise.
 */
public final class WriteBackoff {
    private final Duration backoff;
    private Instant blockedUntil;

    public WriteBackoff(Duration backoff) {
        this.backoff = Objects.requireNonNull(backoff, "backoff");
    }

    public boolean allows(Instant now) {
        return blockedUntil == null || !now.isBefore(blockedUntil);
    }

    public void failed(Instant now) {
        blockedUntil = now.plus(backoff);
    }
}
