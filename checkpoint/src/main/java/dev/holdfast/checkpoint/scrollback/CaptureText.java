package dev.holdfast.checkpoint.scrollback;

import java.util.Objects;

/**
 * A formatted capture in two parts: the lines that have left the screen for good, and the screen. Lines in the
 * history no longer change, so later captures append after them; the screen (with a line still wrapping onto
 * it) changes, so each capture replaces it.
 *
 * @param history complete lines, each ending in CR LF (empty when there are none)
 * @param screen  the rest, after {@code history}
 */
public record CaptureText(String history, String screen) {

    public CaptureText {
        Objects.requireNonNull(history, "history");
        Objects.requireNonNull(screen, "screen");
    }

    /** The whole text. */
    public String text() {
        return history + screen;
    }
}
