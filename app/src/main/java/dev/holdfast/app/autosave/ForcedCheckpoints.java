package dev.holdfast.app.autosave;

import dev.holdfast.app.control.CheckpointNowResult;
import dev.holdfast.checkpoint.scrollback.CheckpointStart;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The answers owed to {@code holdfast ctl checkpoint-now}. A forced checkpoint asked for while another checkpoint
 * runs (right after a launch, the restored tabs' first capture; at any time, an autosave's) waits for that one and
 * then runs: the running one was planned before the request and may miss what was printed since, and a script that
 * asks for a checkpoint before a {@code kill -9} must get one that covers its output, not "busy". FX thread only.
 */
final class ForcedCheckpoints {

    private final Supplier<CheckpointStart> startForced;
    /** Answered by the forced checkpoint running now. */
    private final List<CompletableFuture<CheckpointNowResult>> running = new ArrayList<>();
    /** Answered by the forced checkpoint that starts when the running one ends. */
    private final List<CompletableFuture<CheckpointNowResult>> next = new ArrayList<>();
    private boolean quitting;

    /** @param startForced starts a forced checkpoint, or says why it cannot */
    ForcedCheckpoints(Supplier<CheckpointStart> startForced) {
        this.startForced = Objects.requireNonNull(startForced, "startForced");
    }

    /** A forced checkpoint now, or once the running one has ended; completes when it has finished. */
    CompletableFuture<CheckpointNowResult> request() {
        CompletableFuture<CheckpointNowResult> result = new CompletableFuture<>();
        if (quitting) {
            result.complete(notStarted("quitting"));
            return result;
        }
        if (!next.isEmpty()) {
            next.add(result);
            return result;
        }
        CheckpointStart start = startForced.get();
        switch (start) {
            case STARTED -> running.add(result);
            case BUSY -> next.add(result);
            default -> result.complete(notStarted(start.name()));
        }
        return result;
    }

    /** A checkpoint, forced or not, has finished: its requesters get its report, and the queued ones their run. */
    void finished(CheckpointNowResult report) {
        complete(running, report);
        if (next.isEmpty()) {
            return;
        }
        if (quitting) {
            complete(next, report);
            return;
        }
        CheckpointStart start = startForced.get();
        switch (start) {
            case STARTED -> {
                running.addAll(next);
                next.clear();
            }
            case BUSY -> {
                // Another checkpoint took the turn; the queue waits for that one to end.
            }
            // Nothing was left to write: the checkpoint that just ended covered everything printed so far.
            case NOT_DUE -> complete(next, report);
            default -> complete(next, notStarted(start.name()));
        }
    }

    /** A quit has begun: nothing more starts, and whoever still waits is answered with the ending checkpoint. */
    void quitting() {
        quitting = true;
    }

    private static void complete(List<CompletableFuture<CheckpointNowResult>> futures, CheckpointNowResult report) {
        List<CompletableFuture<CheckpointNowResult>> done = List.copyOf(futures);
        futures.clear();
        done.forEach(f -> f.complete(report));
    }

    private static CheckpointNowResult notStarted(String why) {
        return new CheckpointNowResult(0, 0, 0, 0, "not-started: " + why.toLowerCase(Locale.ROOT), 0);
    }
}
