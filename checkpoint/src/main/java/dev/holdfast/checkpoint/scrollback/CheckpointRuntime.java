package dev.holdfast.checkpoint.scrollback;

import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.LongSupplier;

/**
 * Where and by which clocks the coordinator runs.
 *
 * @param uiTurns    runs a task on a later turn of the UI thread ({@code Platform::runLater}); the coordinator
 *                   posts one capture per task, and the checkpoint executor posts its results back through it
 * @param background the app's named single-thread checkpoint executor, which formats, trims, encodes and
 *                   writes; tasks must run one at a time in the order given, so writes to one file land in the
 *                   order their captures were taken
 * @param clock      wall time for record stamps, intervals and backoff
 * @param nanoTime   a monotonic nanosecond counter ({@code System::nanoTime}) for how long a checkpoint takes
 * @param uiTime     what a capture costs the UI thread, for the capture-time budget: the calling thread's CPU
 *                   time in nanoseconds where the JVM measures it. Not wall time: on a saturated machine a
 *                   capture's wall time is mostly waiting, for a core or for a reader to release the terminal's
 *                   lock, and painting waits the same whatever the capture does; one capture then "spent"
 *                   350-620 ms, each checkpoint stopped after one, and twenty busy tabs fell two minutes behind
 */
public record CheckpointRuntime(Executor uiTurns, Executor background, Clock clock, LongSupplier nanoTime,
                                LongSupplier uiTime) {

    public CheckpointRuntime {
        Objects.requireNonNull(uiTurns, "uiTurns");
        Objects.requireNonNull(background, "background");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(nanoTime, "nanoTime");
        Objects.requireNonNull(uiTime, "uiTime");
    }

    /** Captures costed in wall time ({@code nanoTime}), where no CPU clock is at hand. */
    public CheckpointRuntime(Executor uiTurns, Executor background, Clock clock, LongSupplier nanoTime) {
        this(uiTurns, background, clock, nanoTime, nanoTime);
    }
}
