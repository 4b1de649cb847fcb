package dev.holdfast.terminal.screen;

import java.time.Duration;
import java.util.Objects;

/**
 * Every number the activity clocks and cards use, with the defaults of the design (issue 12).
 *
 * @param lookInterval a tab with output is looked at (its screen copied and fingerprinted) at most this often
 * @param workingWindow a running program whose screen changed this recently is working
 * @param waitingQuiet a [y/N] or password prompt is waiting once no output arrived for this long
 * @param settleLimit a tab that just started (fresh, restored, or after a restart) is settling until its shell
 *     reaches its prompt, but at most this long: while it settles, screen changes are not activity
 * @param resizeSettle after the screen's size changes, changes within this long are redraws, not activity
 * @param logEntries how many state changes and commands a card's activity log keeps
 * @param logBytes how much text a card's activity log keeps ({@link ActivityLog#estimatedBytes()})
 * @param maxQuestionChars the longest question a card shows
 */
public record ActivitySettings(Duration lookInterval, Duration workingWindow, Duration waitingQuiet,
                               Duration settleLimit, Duration resizeSettle, int logEntries, int logBytes,
                               int maxQuestionChars) {

    public static final Duration DEFAULT_LOOK_INTERVAL = Duration.ofSeconds(1);
    public static final Duration DEFAULT_WORKING_WINDOW = Duration.ofSeconds(5);
    public static final Duration DEFAULT_WAITING_QUIET = Duration.ofSeconds(1);
    public static final Duration DEFAULT_SETTLE_LIMIT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_RESIZE_SETTLE = Duration.ofSeconds(2);
    public static final int DEFAULT_LOG_ENTRIES = 20;
    public static final int DEFAULT_LOG_BYTES = 4 * 1024;
    public static final int DEFAULT_MAX_QUESTION_CHARS = 300;

    public static final ActivitySettings DEFAULT = new ActivitySettings(DEFAULT_LOOK_INTERVAL,
            DEFAULT_WORKING_WINDOW, DEFAULT_WAITING_QUIET, DEFAULT_SETTLE_LIMIT, DEFAULT_RESIZE_SETTLE,
            DEFAULT_LOG_ENTRIES, DEFAULT_LOG_BYTES, DEFAULT_MAX_QUESTION_CHARS);

    public ActivitySettings {
        requirePositive(lookInterval, "lookInterval");
        requirePositive(workingWindow, "workingWindow");
        requireNotNegative(waitingQuiet, "waitingQuiet");
        requireNotNegative(settleLimit, "settleLimit");
        requireNotNegative(resizeSettle, "resizeSettle");
        if (logEntries < 1 || logBytes < 1 || maxQuestionChars < 1) {
            throw new IllegalArgumentException("log and question limits must be positive");
        }
    }

    private static void requirePositive(Duration d, String name) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive: " + d);
        }
    }

    private static void requireNotNegative(Duration d, String name) {
        Objects.requireNonNull(d, name);
        if (d.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative: " + d);
        }
    }
}
