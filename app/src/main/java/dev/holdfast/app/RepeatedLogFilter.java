package dev.holdfast.app;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Marker;

/**
 * Rate-limits the log per message: each warning or error (a logger and its format string, whatever its arguments)
 * is written at most {@link #BURST} times per {@link #WINDOW}, each info line at most {@link #INFO_BURST} times;
 * the rest are counted and the count is written once the window has passed. A failing disk used to write the same
 * warning, with a stack trace, at every attempt until the log filled what space was left. Info lines get a larger
 * allowance because one per tab is normal ("Panel … started" for each of twenty restored tabs) and a log that
 * keeps only the first five cannot tell which tab did what; a loop logging at info is still held to a line a second.
 *
 * <p>Debug and trace lines pass unfiltered: they are written only where someone turned them on (their own logback
 * configuration) to follow what happens, and that configuration says where they go and how much is kept.
 */
final class RepeatedLogFilter extends TurboFilter {

    /** Writes of one warning or error allowed per window. */
    static final int BURST = 5;
    /** Writes of one info line allowed per window. */
    static final int INFO_BURST = 60;
    /** The window. */
    static final Duration WINDOW = Duration.ofMinutes(1);
    /** Distinct messages remembered; the least recently seen is forgotten first. */
    private static final int REMEMBERED = 512;

    private final Clock clock;
    private final Map<String, Count> counts = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Count> eldest) {
            return size() > REMEMBERED;
        }
    };
    /** Set while this filter writes its own summary, which must not be filtered. */
    private final ThreadLocal<Boolean> summarizing = ThreadLocal.withInitial(() -> false);

    RepeatedLogFilter(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params,
                              Throwable t) {
        if (format == null || summarizing.get() || !logger.isEnabledFor(level)
                || !level.isGreaterOrEqual(Level.INFO)) {
            return FilterReply.NEUTRAL;
        }
        long now = clock.millis();
        String key = logger.getName() + '\u0000' + format;
        int suppressed;
        synchronized (counts) {
            Count count = counts.computeIfAbsent(key, k -> new Count(now));
            if (now - count.windowStart >= WINDOW.toMillis()) {
                suppressed = count.suppressed;
                count.windowStart = now;
                count.written = 0;
                count.suppressed = 0;
            } else {
                suppressed = 0;
            }
            if (count.written >= (level.isGreaterOrEqual(Level.WARN) ? BURST : INFO_BURST)) {
                count.suppressed++;
                return FilterReply.DENY;
            }
            count.written++;
        }
        if (suppressed > 0) {
            summarizing.set(true);
            try {
                logger.warn("The next message was repeated {} more times in the last {} s and not logged",
                        suppressed, WINDOW.toSeconds());
            } finally {
                summarizing.set(false);
            }
        }
        return FilterReply.NEUTRAL;
    }

    private static final class Count {
        long windowStart;
        int written;
        int suppressed;

        Count(long windowStart) {
            this.windowStart = windowStart;
        }
    }
}
