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
 * @param nanoTime   a monotonic nanosecond counter ({@code System::nanoTime}) for the capture-time budget
 */
public record CheckpointRuntime(Executor uiTurns, Executor background, Clock clock, LongSupplier nanoTime) {

    public CheckpointRuntime {
        Objects.requireNonNull(uiTurns, "uiTurns");
        Objects.requireNonNull(background, "background");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(nanoTime, "nanoTime");
    }
}
