package dev.holdfast.terminal.scrollback;

import com.techsenger.jeditermfx.core.TextStyle;
import java.util.Arrays;
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
 * <p>Why a cache by identity in front of the table: Holdfast's parser hands out one style object per distinct
 * rendition ({@code SgrStyles}), so coloured output alternates between a few objects, and hashing a style by
 * value (its colours and its option set, through {@code Objects.hash}) at every run of text was a tenth of the
 * reader thread's time on a coloured flood. An object seen before is found by its identity hash in a small
 * direct-mapped table instead. The library's own parser makes a new object per SGR; those miss and take the
 * table by value as before.
 *
 * <p>Not thread-safe; used under the terminal buffer's lock.
 */
final class StyleCanon {
    static final int CAPACITY = 4096;
    /** Entries of the identity cache: a power of two, several times the renditions a screen usually shows. */
    static final int SEEN_SLOTS = 256;

    private final Map<TextStyle, TextStyle> canonical = new HashMap<>();
    private final TextStyle[] seen = new TextStyle[SEEN_SLOTS];
    private final TextStyle[] seenCanonical = new TextStyle[SEEN_SLOTS];

    /** The shared instance equal to {@code style}: a copy made when the first of its kind is seen. */
    TextStyle of(TextStyle style) {
        if (style == null) {
            return null;
        }
        int slot = System.identityHashCode(style) & (SEEN_SLOTS - 1);
        if (seen[slot] == style) {
            return seenCanonical[slot];
        }
        TextStyle shared = style;
        if (style.getClass() == TextStyle.class) {
            if (canonical.size() >= CAPACITY) {
                canonical.clear();
                // Objects seen before the table started over must not keep their old shared instances, or two
                // instances of one style would split a run that the library would keep whole.
                Arrays.fill(seen, null);
                Arrays.fill(seenCanonical, null);
            }
            shared = canonical.computeIfAbsent(style, s -> s.toBuilder().build());
        }
        seen[slot] = style;
        seenCanonical[slot] = shared;
        return shared;
    }
}
