package dev.holdfast.checkpoint.scrollback;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * What an incremental capture adds to a checkpoint file: the lines that scrolled into the history since the
 * last capture, and the screen as it is now (which replaces the screen the file held).
 *
 * @param launchId   must be the launch that wrote the file's record
 * @param history    complete lines, each ending in CR LF, to add after the record's history
 * @param screen     the screen now, replacing the previous one
 * @param screenFingerprint the fingerprint of that screen, replacing the record's, or null when none was recorded
 */
public record ScrollbackAppend(UUID launchId, Instant capturedAt, long generation, String history, String screen,
                               String screenFingerprint) {

    public ScrollbackAppend {
        Objects.requireNonNull(launchId, "launchId is missing");
        Objects.requireNonNull(capturedAt, "capturedAt is missing");
        Objects.requireNonNull(history, "history is missing");
        Objects.requireNonNull(screen, "screen is missing");
        if (generation < 0) {
            throw new IllegalArgumentException("generation " + generation + " is negative");
        }
        if (screenFingerprint != null && screenFingerprint.isBlank()) {
            screenFingerprint = null;
        }
    }

    /** An append without a screen fingerprint. */
    public ScrollbackAppend(UUID launchId, Instant capturedAt, long generation, String history, String screen) {
        this(launchId, capturedAt, generation, history, screen, null);
    }

    /** {@code record} with this append applied. */
    ScrollbackRecord applyTo(ScrollbackRecord record) {
        String text = record.history() + history + screen;
        return ScrollbackRecord.of(record.panelId(), record.launchId(), capturedAt, generation, record.truncated(),
                record.agent(), text, screen.length(), screenFingerprint);
    }
}
