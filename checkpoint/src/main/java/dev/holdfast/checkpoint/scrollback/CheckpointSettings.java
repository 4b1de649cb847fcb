package dev.holdfast.checkpoint.scrollback;

import dev.holdfast.checkpoint.session.RestoreOptOut;
import java.time.Duration;
import java.util.Objects;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The numbers of crash-safe scrollback, each defaulting to the reference design's value. This is the one place
 * they are defined: the app's save timing and its scrollback capture bounds are built from these.
 *
 * @param enabled                  false turns checkpoints off: no capture, no write, no prune, no seed
 * @param autosaveInterval         how often the session autosave runs and asks whether a checkpoint is due
 * @param checkpointInterval       the age no terminal's checkpoint should pass: a terminal with new output is
 *                                 captured at the last autosave tick before its capture would be this old (so
 *                                 about once per this interval less a tick), and what it printed is on disk
 *                                 within about this long
 * @param typingQuiet              a checkpoint waits until no key was pressed for this long
 * @param maxCapturesPerCheckpoint with {@code captureBudget}, what a capture may cost: a checkpoint takes a
 *                                 capture beyond the whole budget only while its captures averaged under
 *                                 {@code captureBudget / maxCapturesPerCheckpoint}. The reference's cap of three
 *                                 captures per checkpoint: it still holds for captures dearer than that share,
 *                                 while cheap (incremental) ones cover every due terminal in one checkpoint
 * @param captureBudget            UI-thread capture time one checkpoint may spend, unless its captures are cheap
 *                                 (see {@code maxCapturesPerCheckpoint}); then {@code captureBudget /
 *                                 maxCapturesPerCheckpoint} per capture. Counted in the UI thread's CPU time
 *                                 ({@link CheckpointRuntime#uiTime()}), not in wall time as the reference did
 * @param failedCaptureBackoff     how long a terminal whose capture failed is left out (a slow capture is not:
 *                                 on a slow machine every capture is slow, and backing off would lose output)
 * @param tailLines                lines of scrollback kept per terminal, from the end
 * @param tailChars                characters of scrollback kept per terminal, from the end
 * @param maxLineChars             characters kept of any one line, from its start; the rest is marked as cut,
 *                                 so that one huge line cannot push every line above it out of the tail
 * @param maxRecordBytes           the largest checkpoint file written or read; a bigger one is corrupt or hostile
 */
public record CheckpointSettings(
        boolean enabled,
        Duration autosaveInterval,
        Duration checkpointInterval,
        Duration typingQuiet,
        int maxCapturesPerCheckpoint,
        Duration captureBudget,
        Duration failedCaptureBackoff,
        int tailLines,
        int tailChars,
        int maxLineChars,
        int maxRecordBytes) {

    public static final Duration DEFAULT_AUTOSAVE_INTERVAL = Duration.ofSeconds(8);
    public static final Duration DEFAULT_CHECKPOINT_INTERVAL = Duration.ofSeconds(60);
    public static final Duration DEFAULT_TYPING_QUIET = Duration.ofSeconds(5);
    public static final int DEFAULT_MAX_CAPTURES_PER_CHECKPOINT = 3;
    public static final Duration DEFAULT_CAPTURE_BUDGET = Duration.ofMillis(50);
    public static final Duration DEFAULT_FAILED_CAPTURE_BACKOFF = Duration.ofMinutes(10);
    public static final int DEFAULT_TAIL_LINES = 4_000;
    public static final int DEFAULT_TAIL_CHARS = 400_000;
    public static final int DEFAULT_MAX_LINE_CHARS = 16_000;
    public static final int DEFAULT_MAX_RECORD_BYTES = 2 * 1024 * 1024;

    /** Set by the build for every automated test run (the parent POM's Surefire configuration). */
    public static final String AUTOMATED_TEST_PROPERTY = "holdfast.test";
    /** Set by a test that wants checkpoints in its automated run (the kill -9 test, say). */
    public static final String TEST_ENABLES_CHECKPOINTS_PROPERTY = "holdfast.test.checkpoints";

    /**
     * An empty record is a few hundred bytes; a limit below this could not hold any scrollback and would only
     * make every write fail.
     */
    static final int MIN_RECORD_BYTES = 4 * 1024;

    private static final Logger log = LoggerFactory.getLogger(CheckpointSettings.class);

    public CheckpointSettings {
        requirePositive("autosaveInterval", autosaveInterval);
        requirePositive("checkpointInterval", checkpointInterval);
        Objects.requireNonNull(typingQuiet, "typingQuiet");
        if (typingQuiet.isNegative()) {
            throw new IllegalArgumentException("typingQuiet must not be negative: " + typingQuiet);
        }
        requirePositive("captureBudget", captureBudget);
        requirePositive("failedCaptureBackoff", failedCaptureBackoff);
        requireAtLeast("maxCapturesPerCheckpoint", maxCapturesPerCheckpoint, 1);
        requireAtLeast("tailLines", tailLines, 1);
        requireAtLeast("tailChars", tailChars, 1);
        requireAtLeast("maxLineChars", maxLineChars, 1);
        requireAtLeast("maxRecordBytes", maxRecordBytes, MIN_RECORD_BYTES);
    }

    /** Every default, enabled. */
    public static CheckpointSettings defaults() {
        return new CheckpointSettings(true, DEFAULT_AUTOSAVE_INTERVAL, DEFAULT_CHECKPOINT_INTERVAL,
                DEFAULT_TYPING_QUIET, DEFAULT_MAX_CAPTURES_PER_CHECKPOINT, DEFAULT_CAPTURE_BUDGET,
                DEFAULT_FAILED_CAPTURE_BACKOFF, DEFAULT_TAIL_LINES, DEFAULT_TAIL_CHARS, DEFAULT_MAX_LINE_CHARS,
                DEFAULT_MAX_RECORD_BYTES);
    }

    /**
     * The settings of this launch: the defaults, off in an automated test run ({@link #AUTOMATED_TEST_PROPERTY})
     * unless the test turned them on ({@link #TEST_ENABLES_CHECKPOINTS_PROPERTY}) — a test that did not ask for
     * checkpoints must not find its state directory written behind its back. The user's opt-out is not read
     * here: it turns restore, saving and checkpoints off together ({@code RestoreOptOut}), and the launch applies
     * it with {@link #withEnabled}. Reads only its argument; the app passes {@code System.getProperties()}.
     */
    public static CheckpointSettings forLaunch(Properties systemProperties) {
        CheckpointSettings defaults = defaults();
        if (RestoreOptOut.isOn(systemProperties.getProperty(AUTOMATED_TEST_PROPERTY))
                && !RestoreOptOut.isOn(systemProperties.getProperty(TEST_ENABLES_CHECKPOINTS_PROPERTY))) {
            log.info("Scrollback checkpoints are off in this automated test run ({} is not set)",
                    TEST_ENABLES_CHECKPOINTS_PROPERTY);
            return defaults.withEnabled(false);
        }
        return defaults;
    }

    /** The same settings with other cadences (the dogfood script's fast mode shortens them). */
    public CheckpointSettings withTiming(Duration autosave, Duration interval, Duration quiet) {
        return new CheckpointSettings(enabled, autosave, interval, quiet, maxCapturesPerCheckpoint, captureBudget,
                failedCaptureBackoff, tailLines, tailChars, maxLineChars, maxRecordBytes);
    }

    public CheckpointSettings withEnabled(boolean on) {
        return new CheckpointSettings(on, autosaveInterval, checkpointInterval, typingQuiet,
                maxCapturesPerCheckpoint, captureBudget, failedCaptureBackoff, tailLines, tailChars, maxLineChars,
                maxRecordBytes);
    }

    /** The same settings with other tail limits (tests, and the benchmark's sizes). */
    public CheckpointSettings withTail(int lines, int chars, int lineChars) {
        return new CheckpointSettings(enabled, autosaveInterval, checkpointInterval, typingQuiet,
                maxCapturesPerCheckpoint, captureBudget, failedCaptureBackoff, lines, chars, lineChars,
                maxRecordBytes);
    }

    private static void requirePositive(String name, Duration value) {
        Objects.requireNonNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
    }

    private static void requireAtLeast(String name, int value, int minimum) {
        if (value < minimum) {
            throw new IllegalArgumentException(name + " must be at least " + minimum + ": " + value);
        }
    }
}
