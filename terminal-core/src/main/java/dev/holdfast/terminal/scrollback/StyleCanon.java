package dev.holdfast.terminal.scrollback;

import com.techsenger.jeditermfx.core.TextStyle;
import java.util.HashMap;
import java.util.Map;

/**
 * One shared instance for each distinct {@link TextStyle}, so the lines of a long history hold references to a
 * few styles instead of a style, an option set and colour objects per run of text.
 *
 * <p>The shared instance is a private copy, never an object the library made. The library groups a line's cells
 * into runs by style identity, and a run that starts with a NUL cell is turned into spaces whole when text is
 * added after it: were a text style identical to the library's own {@code TextStyle.EMPTY}, which it gives to the
 * NUL cells of a gap, a gap and the text after it would become one run and the text would be lost. Copies keep
 * text and gaps apart exactly as far as the library keeps them apart.
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

    /** The shared instance equal to {@code style}: a copy made when the first of its kind is seen. */
    TextStyle of(TextStyle style) {
        if (style == lastSeen) {
            return lastCanonical; // text is often written in pieces under one style
        }
        TextStyle shared = style;
        if (style != null && style.getClass() == TextStyle.class) {
            if (canonical.size() >= CAPACITY) {
                canonical.clear();
            }
            shared = canonical.computeIfAbsent(style, s -> s.toBuilder().build());
        }
        lastSeen = style;
        lastCanonical = shared;
        return shared;
    }
}
