package dev.holdfast.terminal.screen;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Text on a screen that changes without meaning anything (a spinner frame, an elapsed-time counter, an agent's
 * usage footer), as one row of a program's {@link VolatileTable}. A match is replaced by a fixed placeholder
 * named after the pattern, so that the thing being there still counts while its changing content does not; or,
 * for text that comes and goes by itself (a drawn cursor, an "esc to interrupt" hint), removed.
 *
 * @param name a short identifier ({@code codex.limits}); also the placeholder's text
 * @param regex matched against each logical line of the screen (no line breaks inside)
 * @param remove true: a match is removed; false: it is replaced by the placeholder
 * @param example a line it is meant for, checked by the tests
 */
public record VolatilePattern(String name, Pattern regex, boolean remove, String example) {
    /** Brackets placeholders; never part of screen text, which holds no C0 controls. */
    static final char PLACEHOLDER_MARK = '\u0001';

    public VolatilePattern {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(regex, "regex");
        Objects.requireNonNull(example, "example");
        if (!regex.matcher(example).find()) {
            throw new IllegalArgumentException("pattern " + name + " does not match its own example: " + example);
        }
    }

    /** A pattern whose matches become its placeholder. */
    public static VolatilePattern of(String name, String regex, String example) {
        return new VolatilePattern(name, Pattern.compile(regex), false, example);
    }

    /** A pattern whose matches are removed. */
    public static VolatilePattern removing(String name, String regex, String example) {
        return new VolatilePattern(name, Pattern.compile(regex), true, example);
    }

    /** {@code line} with every match replaced by this pattern's placeholder, or removed. */
    public String apply(String line) {
        Matcher matcher = regex.matcher(line);
        if (!matcher.find()) {
            return line;
        }
        return matcher.replaceAll(remove ? "" : Matcher.quoteReplacement(PLACEHOLDER_MARK + name + PLACEHOLDER_MARK));
    }
}
