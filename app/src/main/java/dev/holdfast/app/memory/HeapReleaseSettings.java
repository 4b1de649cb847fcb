package dev.holdfast.app.memory;

import java.time.Duration;
import java.util.Objects;

/**
 * When the heap a flood of output grew is given back ({@link HeapReleasePolicy}).
 *
 * @param quietPeriod how long no terminal may have read output before the heap is released: past a flood, not in a
 *     pause between two of its reads
 * @param heapGrowthBytes how much the committed heap must have grown since the last release: a flood's garbage, not a
 *     prompt's (one idle tab commits about 30 MB in all, a flood of 50 MB of coloured lines 150 MB and more)
 * @param lookInterval how often the terminals' output is looked at (a wake-up of one thread; ten idle tabs cost
 *     nothing measurable at 1 s)
 */
public record HeapReleaseSettings(Duration quietPeriod, long heapGrowthBytes, Duration lookInterval) {
    public static final Duration DEFAULT_QUIET_PERIOD = Duration.ofSeconds(2);
    public static final long DEFAULT_HEAP_GROWTH_BYTES = 32L << 20;
    public static final Duration DEFAULT_LOOK_INTERVAL = Duration.ofSeconds(1);

    public static final HeapReleaseSettings DEFAULT = new HeapReleaseSettings(DEFAULT_QUIET_PERIOD,
            DEFAULT_HEAP_GROWTH_BYTES, DEFAULT_LOOK_INTERVAL);

    public HeapReleaseSettings {
        Objects.requireNonNull(quietPeriod, "quietPeriod");
        Objects.requireNonNull(lookInterval, "lookInterval");
        if (quietPeriod.isNegative() || heapGrowthBytes < 0 || lookInterval.isNegative() || lookInterval.isZero()) {
            throw new IllegalArgumentException("heap release settings out of range");
        }
    }
}
