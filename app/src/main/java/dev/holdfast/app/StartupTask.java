package dev.holdfast.app;

import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * One step of the launch, run on a named thread of its own beside the others; the thread ends with the step. Whoever
 * needs its result waits for it and gets the step's own failure back, not one wrapped by the waiting.
 */
final class StartupTask<T> {
    private final CompletableFuture<T> result;

    private StartupTask(CompletableFuture<T> result) {
        this.result = result;
    }

    static <T> StartupTask<T> start(String threadName, Supplier<T> step) {
        return new StartupTask<>(CompletableFuture.supplyAsync(step,
                task -> new NamedThreadFactory(threadName, false).newThread(task).start()));
    }

    /** A step with nothing to do: its result is already there. */
    static <T> StartupTask<T> done(T value) {
        return new StartupTask<>(CompletableFuture.completedFuture(value));
    }

    /** Waits for the step; throws what it threw. */
    T await() {
        try {
            return result.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }
}
