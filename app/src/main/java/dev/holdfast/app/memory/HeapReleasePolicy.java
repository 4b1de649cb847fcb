package dev.holdfast.app.memory;

import java.time.Duration;
import java.time.Instant;

/**
 * Whether now is the moment to give back the heap a flood of output grew: the terminals have read output since the
 * last look at a quiet moment, none for {@link HeapReleaseSettings#quietPeriod()}, and the committed heap is
 * {@link HeapReleaseSettings#heapGrowthBytes()} above what it was after the last release. One decision per quiet
 * period (the next needs more output), so an idle app is never collected again and again, and never while output
 * flows. Called from one thread; no clock of its own.
 */
public final class HeapReleasePolicy {
    private final HeapReleaseSettings settings;
    /** The reads summed over the terminals at the last look, and when that sum last moved. */
    private long output = -1;
    private Instant outputMoved;
    /** The sum at the last quiet period that was decided: nothing read since, nothing to decide. */
    private long decidedOutput = -1;
    /**
     * The least heap committed since the last release (since the first look, before any): the periodic collection
     * may have given some back meanwhile, and growth is counted from there.
     */
    private long committedLow = -1;

    public HeapReleasePolicy(HeapReleaseSettings settings) {
        this.settings = settings;
    }

    /**
     * One look.
     *
     * @param outputReads the reads of every open terminal so far (their output generations summed; a closed tab's
     *     leave the sum, which counts as output too)
     * @param heapCommittedBytes the heap committed now
     * @return whether to release now; if so, tell {@link #released} the heap after it
     */
    public boolean due(Instant now, long outputReads, long heapCommittedBytes) {
        if (committedLow < 0) {
            committedLow = heapCommittedBytes;
            decidedOutput = outputReads;
        }
        committedLow = Math.min(committedLow, heapCommittedBytes);
        if (outputReads != output) {
            output = outputReads;
            outputMoved = now;
            return false;
        }
        if (outputReads == decidedOutput || Duration.between(outputMoved, now).compareTo(settings.quietPeriod()) < 0) {
            return false;
        }
        decidedOutput = outputReads;
        return heapCommittedBytes - committedLow >= settings.heapGrowthBytes();
    }

    /** The heap was released: the next release is due only once the heap has grown again from here. */
    public void released(long heapCommittedBytes) {
        committedLow = heapCommittedBytes;
    }
}
