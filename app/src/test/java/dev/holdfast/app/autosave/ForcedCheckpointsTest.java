package dev.holdfast.app.autosave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.holdfast.app.control.CheckpointNowResult;
import dev.holdfast.checkpoint.scrollback.CheckpointStart;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class ForcedCheckpointsTest {

    private final Deque<CheckpointStart> answers = new ArrayDeque<>();
    private int starts;
    private final ForcedCheckpoints forced = new ForcedCheckpoints(() -> {
        starts++;
        return answers.removeFirst();
    });

    private static CheckpointNowResult report(int written) {
        return new CheckpointNowResult(written, written, 0, 0, "completed", 12);
    }

    @Test
    void aRequestWhileAnotherCheckpointRunsWaitsForItAndThenGetsARunOfItsOwn() {
        answers.add(CheckpointStart.BUSY);
        CompletableFuture<CheckpointNowResult> asked = forced.request();
        assertFalse(asked.isDone(), "busy is not an answer: the request waits");

        answers.add(CheckpointStart.STARTED);
        forced.finished(report(20));
        assertFalse(asked.isDone(), "the launch's own checkpoint ended; the forced one runs now");
        assertEquals(2, starts);

        CheckpointNowResult own = report(3);
        forced.finished(own);
        assertSame(own, asked.join());
    }

    @Test
    void requestsQueuedTogetherShareOneRunAndDoNotEachStartOne() {
        answers.add(CheckpointStart.BUSY);
        CompletableFuture<CheckpointNowResult> first = forced.request();
        CompletableFuture<CheckpointNowResult> second = forced.request();
        assertEquals(1, starts, "the second joins the queue without asking the coordinator");

        answers.add(CheckpointStart.STARTED);
        forced.finished(report(20));
        CheckpointNowResult own = report(2);
        forced.finished(own);
        assertSame(own, first.join());
        assertSame(own, second.join());
    }

    @Test
    void whenTheRunningCheckpointLeftNothingToWriteItsReportIsTheAnswer() {
        answers.add(CheckpointStart.BUSY);
        CompletableFuture<CheckpointNowResult> asked = forced.request();

        answers.add(CheckpointStart.NOT_DUE);
        CheckpointNowResult covering = report(20);
        forced.finished(covering);
        assertSame(covering, asked.join());
    }

    @Test
    void anotherCheckpointTakingTheTurnFirstKeepsTheRequestQueued() {
        answers.add(CheckpointStart.BUSY);
        CompletableFuture<CheckpointNowResult> asked = forced.request();

        answers.add(CheckpointStart.BUSY);
        forced.finished(report(20));
        assertFalse(asked.isDone());

        answers.add(CheckpointStart.STARTED);
        forced.finished(report(1));
        assertFalse(asked.isDone());
        CheckpointNowResult own = report(4);
        forced.finished(own);
        assertSame(own, asked.join());
    }

    @Test
    void aQuitAnswersTheQueueWithTheEndingCheckpointAndStartsNothingMore() {
        answers.add(CheckpointStart.BUSY);
        CompletableFuture<CheckpointNowResult> asked = forced.request();

        forced.quitting();
        CheckpointNowResult abandoned = new CheckpointNowResult(20, 5, 15, 0, "abandoned", 40);
        forced.finished(abandoned);
        assertSame(abandoned, asked.join());
        assertEquals(1, starts);

        assertEquals("not-started: quitting", forced.request().join().ending());
        assertEquals(1, starts);
    }

    @Test
    void aCheckpointThatCannotRunSaysWhyAtOnce() {
        answers.add(CheckpointStart.DISABLED);
        assertEquals("not-started: disabled", forced.request().join().ending());
        answers.add(CheckpointStart.HELD);
        assertEquals("not-started: held", forced.request().join().ending());
    }

    @Test
    void aRequestThatStartedIsAnsweredByTheNextFinish() {
        answers.add(CheckpointStart.STARTED);
        CompletableFuture<CheckpointNowResult> asked = forced.request();
        CheckpointNowResult own = report(7);
        forced.finished(own);
        assertSame(own, asked.join());
    }
}
