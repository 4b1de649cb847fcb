package dev.holdfast.checkpoint.scrollback;

import java.util.Objects;

/**
 * A formatted capture in two parts: the lines that have left the screen for good, and the screen. Lines in the
 * history no longer change, so later captures append after them; the screen (with a line still wrapping onto
 * it) changes, so each capture replaces it.
 *
 * @param history complete lines, each ending in CR LF (empty when there are none)
 * @param screen  the rest, after {@code history}
 * @param screenFingerprint the fingerprint of the visible screen the copy was taken from, or null when unknown
 */
public record CaptureText(String history, String screen, String screenFingerprint) {

    public CaptureText {
        Objects.requireNonNull(history, "history");
        Objects.requireNonNull(screen, "screen");
    }

    /** A capture without a screen fingerprint. */
    public CaptureText(String history, String screen) {
        this(history, screen, null);
    }

    /** The whole text. */
    public String text() {
        return history + screen;
    }
}
