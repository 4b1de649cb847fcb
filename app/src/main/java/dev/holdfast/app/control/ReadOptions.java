package dev.holdfast.app.control;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * What {@code read} returns of a tab.
 *
 * @param scrollback include the history above the screen, not only the screen
 * @param lines      only the last this-many lines of that text (at least 1), or empty for all of it
 * @param ansi       the SGR export that checkpoints use (text with colour and attribute sequences) instead of
 *                   plain text
 */
public record ReadOptions(boolean scrollback, OptionalInt lines, boolean ansi) {
    public ReadOptions {
        Objects.requireNonNull(lines, "lines");
        if (lines.isPresent() && lines.getAsInt() < 1) {
            throw new IllegalArgumentException("lines must be at least 1: " + lines.getAsInt());
        }
    }
}
