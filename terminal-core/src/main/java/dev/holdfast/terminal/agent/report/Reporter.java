package dev.holdfast.terminal.agent.report;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One process of a report's ancestry: the {@code holdfast ctl} that sent it, then its parent, and so on up.
 *
 * @param startTime when it started, as the reporter saw it; a process of the same pid that started at another
 *     time is not this one
 */
public record Reporter(long pid, Optional<Instant> startTime) {
    public Reporter {
        if (pid <= 0) {
            throw new IllegalArgumentException("a pid is positive: " + pid);
        }
        Objects.requireNonNull(startTime, "startTime");
    }

    /** {@code 1234} or {@code 1234@1767225600123} (start in epoch milliseconds), as {@code ctl} sends it. */
    public static Reporter parse(String text) {
        String t = text.strip();
        int at = t.indexOf('@');
        try {
            long pid = Long.parseLong(at < 0 ? t : t.substring(0, at));
            Optional<Instant> start = at < 0 || t.substring(at + 1).isEmpty() ? Optional.empty()
                    : Optional.of(Instant.ofEpochMilli(Long.parseLong(t.substring(at + 1))));
            return new Reporter(pid, start);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a reporting process: '" + text + "'", e);
        }
    }

    /** The form {@link #parse} reads. */
    public String format() {
        return startTime.map(s -> pid + "@" + s.toEpochMilli()).orElse(Long.toString(pid));
    }
}
