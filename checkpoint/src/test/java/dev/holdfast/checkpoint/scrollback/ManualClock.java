package dev.holdfast.checkpoint.scrollback;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock the test moves by hand. */
final class ManualClock extends Clock {

    private Instant now;

    ManualClock(Instant start) {
        this.now = start;
    }

    void advance(Duration step) {
        now = now.plus(step);
    }

    void set(Instant instant) {
        now = instant;
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("tests run in UTC");
    }
}
