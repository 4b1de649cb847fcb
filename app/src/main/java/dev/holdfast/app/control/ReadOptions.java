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
 * @param rows       physical rows, one per screen row as shown, instead of lines with wrapped rows joined
 */
public record ReadOptions(boolean scrollback, OptionalInt lines, boolean ansi, boolean rows) {
    public ReadOptions {
        Objects.requireNonNull(lines, "lines");
        if (lines.isPresent() && lines.getAsInt() < 1) {
            throw new IllegalArgumentException("lines must be at least 1: " + lines.getAsInt());
        }
        if (ansi && rows) {
            throw new IllegalArgumentException("ansi and rows are two forms of the text; only one can be asked for");
        }
    }

    /** Lines as written (wrapped rows joined), plain or with SGR. */
    public ReadOptions(boolean scrollback, OptionalInt lines, boolean ansi) {
        this(scrollback, lines, ansi, false);
    }
}
