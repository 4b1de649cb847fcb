package dev.holdfast.terminal.scrollback;

import com.techsenger.jeditermfx.core.TextStyle;
import java.util.HashMap;
import java.util.Map;

/**
 * One shared instance for each distinct {@link TextStyle}, so the lines of a long history hold references to a
 * few styles instead of a style, an option set and colour objects per run of text.
 *
 * <p>Only plain {@code TextStyle}s are shared: subclasses (the library's hyperlink style) carry more than
 * {@code equals} compares. Output with ever-new styles (a truecolor gradient) would grow the table without end,
 * so it starts over past {@link #CAPACITY} styles; sharing is a saving, never a requirement.
 *
 * <p>Not thread-safe; used under the terminal buffer's lock.
 */
final class StyleCanon {
    static final int CAPACITY = 4096;

    private final Map<TextStyle, TextStyle> canonical = new HashMap<>();
    private TextStyle lastSeen;
    private TextStyle lastCanonical;

    /** The shared instance equal to {@code style}, or {@code style} itself when it is the first of its kind. */
    TextStyle of(TextStyle style) {
        if (style == lastSeen) {
            return lastCanonical; // text is often written in pieces under one style
        }
        TextStyle shared = style;
        if (style != null && style.getClass() == TextStyle.class) {
            if (canonical.size() >= CAPACITY) {
                canonical.clear();
            }
            shared = canonical.computeIfAbsent(style, s -> s);
        }
        lastSeen = style;
        lastCanonical = shared;
        return shared;
    }
}
