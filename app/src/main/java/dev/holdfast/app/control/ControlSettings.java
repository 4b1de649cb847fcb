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
 * @param idleTimeout     how long a connection may go without a request once it connected or had its last answer
 *                        (partial lines do not count): then it is closed, so connections that send nothing cannot
 *                        hold every slot
 */
public record ControlSettings(int maxRequestBytes, Duration commandTimeout, int maxConnections, Duration stopGrace,
                              Duration idleTimeout) {
    /** 1 MiB: far above any real request (the longest is {@code send --text}), far below a memory worry. */
    public static final int DEFAULT_MAX_REQUEST_BYTES = 1024 * 1024;
    public static final Duration DEFAULT_COMMAND_TIMEOUT = Duration.ofSeconds(10);
    /**
     * Each connection holds a thread while it is open; scripts open one or two at a time, and connections that
     * send nothing go after {@link #DEFAULT_IDLE_TIMEOUT}, so this only bounds a flood of them.
     */
    public static final int DEFAULT_MAX_CONNECTIONS = 256;
    public static final Duration DEFAULT_STOP_GRACE = Duration.ofSeconds(2);
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(10);

    public ControlSettings {
        Objects.requireNonNull(commandTimeout, "commandTimeout");
        Objects.requireNonNull(stopGrace, "stopGrace");
        Objects.requireNonNull(idleTimeout, "idleTimeout");
        if (maxRequestBytes < 1 || maxConnections < 1) {
            throw new IllegalArgumentException("limits must be positive: maxRequestBytes " + maxRequestBytes
                    + ", maxConnections " + maxConnections);
        }
        if (commandTimeout.isNegative() || commandTimeout.isZero() || stopGrace.isNegative()) {
            throw new IllegalArgumentException("commandTimeout must be positive and stopGrace not negative: "
                    + commandTimeout + ", " + stopGrace);
        }
        if (idleTimeout.isNegative() || idleTimeout.isZero()) {
            throw new IllegalArgumentException("idleTimeout must be positive: " + idleTimeout);
        }
    }

    public static ControlSettings defaults() {
        return new ControlSettings(DEFAULT_MAX_REQUEST_BYTES, DEFAULT_COMMAND_TIMEOUT, DEFAULT_MAX_CONNECTIONS,
                DEFAULT_STOP_GRACE, DEFAULT_IDLE_TIMEOUT);
    }

    /** These settings with another idle timeout. */
    public ControlSettings withIdleTimeout(Duration timeout) {
        return new ControlSettings(maxRequestBytes, commandTimeout, maxConnections, stopGrace, timeout);
    }
}
