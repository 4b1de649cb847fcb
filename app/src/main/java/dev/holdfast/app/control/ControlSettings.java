package dev.holdfast.app.control;

import java.time.Duration;
import java.util.Objects;

/**
 * The control server's limits.
 *
 * @param maxRequestBytes the longest request line read, without its line break; a longer one is refused with
 *                        {@code too-large} and its connection closed
 * @param commandTimeout  how long a command may take before it is answered with {@code timeout}
 * @param maxConnections  connections served at once; one more is answered with {@code busy} and closed
 * @param stopGrace       how long {@link ControlServer#stop()} lets commands in flight finish and answer
 */
public record ControlSettings(int maxRequestBytes, Duration commandTimeout, int maxConnections, Duration stopGrace) {
    /** 1 MiB: far above any real request (the longest is {@code send --text}), far below a memory worry. */
    public static final int DEFAULT_MAX_REQUEST_BYTES = 1024 * 1024;
    public static final Duration DEFAULT_COMMAND_TIMEOUT = Duration.ofSeconds(10);
    /** Each connection holds a thread while it is open; scripts open one or two at a time. */
    public static final int DEFAULT_MAX_CONNECTIONS = 8;
    public static final Duration DEFAULT_STOP_GRACE = Duration.ofSeconds(2);

    public ControlSettings {
        Objects.requireNonNull(commandTimeout, "commandTimeout");
        Objects.requireNonNull(stopGrace, "stopGrace");
        if (maxRequestBytes < 1 || maxConnections < 1) {
            throw new IllegalArgumentException("limits must be positive: maxRequestBytes " + maxRequestBytes
                    + ", maxConnections " + maxConnections);
        }
        if (commandTimeout.isNegative() || commandTimeout.isZero() || stopGrace.isNegative()) {
            throw new IllegalArgumentException("commandTimeout must be positive and stopGrace not negative: "
                    + commandTimeout + ", " + stopGrace);
        }
    }

    public static ControlSettings defaults() {
        return new ControlSettings(DEFAULT_MAX_REQUEST_BYTES, DEFAULT_COMMAND_TIMEOUT, DEFAULT_MAX_CONNECTIONS,
                DEFAULT_STOP_GRACE);
    }
}
