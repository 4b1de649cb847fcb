package dev.holdfast.terminal.emulation;

import java.time.Duration;
import java.util.Objects;

/** How a terminal's shell ended. */
public sealed interface SessionEnd {
    /** A shell that fails this soon after starting is treated as "could not start", not as a normal exit. */
    Duration EARLY_FAILURE_WINDOW = Duration.ofSeconds(3);

    /** The shell exited on its own. {@code early} when it failed within {@link #EARLY_FAILURE_WINDOW}. */
    record Exited(int exitCode, boolean early) implements SessionEnd {
    }

    /** The shell could not be started at all. */
    record FailedToStart(String message) implements SessionEnd {
        public FailedToStart {
            Objects.requireNonNull(message, "message");
        }
    }

    /** Holdfast closed the session (tab closed, app quit). */
    record Closed() implements SessionEnd {
    }

    /** Whether the user should see why before the tab goes away. */
    default boolean deservesExplanation() {
        if (this instanceof Exited exited) {
            return exited.early() && exited.exitCode() != 0;
        }
        return this instanceof FailedToStart;
    }
}
