package dev.holdfast.terminal.vt;

import com.techsenger.jeditermfx.core.Color;
import com.techsenger.jeditermfx.core.TerminalColor;
import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.emulator.ColorPalette;
import java.util.Arrays;
import java.util.EnumSet;

/**
 * What an SGR sequence ({@code ESC [ … m}) does to the current text style, and the style objects to use.
 *
 * <p>Reading: ECMA-48 and ITU T.416 as xterm reads them, within what the library's model can show. An empty
 * parameter or sub-parameter is 0 ({@code ESC[;1m}: reset, then bold); {@code 4:0} ends underlining and
 * {@code 4:1}–{@code 4:5} (every underline style) and {@code 21} (double underline) underline; {@code 38}/
 * {@code 48} take {@code ;5;n}, {@code ;2;r;g;b}, {@code :5:n}, {@code :2:r:g:b} or {@code :2:cs:r:g:b}; an
 * extended colour that is incomplete or out of range is dropped with its arguments, which are never read as
 * codes of their own; {@code 58} (underline colour) is skipped with its arguments; {@code 9} crosses text out
 * and {@code 29} ends it ({@link CrossedOutTextStyle}); codes the model has nothing for (53 overline, …) and
 * values above 9,999 are skipped. An SGR that is left with nothing changes nothing ({@code ESC[53m} is not a
 * reset). This is what Holdfast's earlier path made of every SGR (its normaliser rewrote the sequence into the
 * form the library reads right; the library applied it), but for crossed-out text, which that path dropped.
 *
 * <p>Why a cache: one style object per distinct rendition, shared, so an SGR costs no allocation once its
 * rendition has been seen. The objects are Holdfast's own, never the library's {@code TextStyle.EMPTY}: the
 * library's line model joins neighbouring cells into runs by style identity, and text whose style were
 * {@code EMPTY} would join the blank gap before it (see {@code StyleCanon}). Output with ever-new renditions (a
 * truecolour gradient) would grow the table without end, so it starts over past {@link #CAPACITY} entries.
 *
 * <p>Not thread-safe: the terminal's reader thread owns it.
 */
final class SgrStyles {
    static final int CAPACITY = 1024;
    private static final int SLOTS = CAPACITY * 2;
    private static final long OCCUPIED = 1L << 62;
    private static final int MAX_SGR_VALUE = 9_999;

    /** A colour as a number: 0 the default, 1–16 palette entries 0–15, {@link #RGB} plus 0xRRGGBB a truecolour. */
    private static final int RGB = 1 << 24;
    /** A colour that has no number (not one an SGR makes); styles with one are not cached. */
    private static final int UNCODED = -1;

    private static final TerminalColor[] PALETTE = new TerminalColor[16];
    /** The colour codes of palette entries 0–255, as the library resolves them (16 and up are RGB). */
    private static final int[] INDEXED = new int[256];
    private static final TextStyle.Option[] OPTIONS = TextStyle.Option.values();
    /** Crossed out (SGR 9), the one attribute beside the library's options: its bit follows theirs. */
    private static final int CROSSED_OUT = 1 << OPTIONS.length;
    /** The option bits in a key: the library's options and crossed out. */
    private static final int OPTION_BITS = 0x1ff;

    static {
        for (int i = 0; i < 16; i++) {
            PALETTE[i] = TerminalColor.index(i);
            INDEXED[i] = 1 + i;
        }
        for (int i = 16; i < 256; i++) {
            Color c = ColorPalette.getIndexedTerminalColor(i).toColor();
            INDEXED[i] = RGB | c.getRed() << 16 | c.getGreen() << 8 | c.getBlue();
        }
    }

    private final long[] keys = new long[SLOTS];
    private final TextStyle[] styles = new TextStyle[SLOTS];
    private int size;

    /** The last style this returned and its key, so reading it back costs nothing. */
    private TextStyle lastStyle;
    private long lastKey;

    // The rendition being built.
    private int foreground;
    private int background;
    private int options;
    private TerminalColor uncodedForeground;
    private TerminalColor uncodedBackground;
    private boolean kept;

    /**
     * The style after applying {@code sgr} to {@code current}, or {@code null} when the sequence has nothing
     * the model can carry (the current style stays).
     */
    TextStyle apply(TextStyle current, VtSequence sgr) {
        load(current);
        int count = sgr.paramCount();
        if (count == 0) {
            code(0);
        }
        int i = 0;
        while (i < count) {
            if (sgr.hasSubParameters(i)) {
                subParameters(sgr, i);
                i++;
                continue;
            }
            int code = plain(sgr, i);
            if (code == 38 || code == 48 || code == 58) {
                i = extendedColour(sgr, code, i);
            } else {
                code(code == 21 ? 4 : code);
                i++;
            }
        }
        return kept ? build() : null;
    }

    private void load(TextStyle current) {
        kept = false;
        uncodedForeground = null;
        uncodedBackground = null;
        if (current == lastStyle && lastStyle != null) {
            foreground = (int) (lastKey & 0x1ffffff);
            background = (int) (lastKey >>> 25 & 0x1ffffff);
            options = (int) (lastKey >>> 50 & OPTION_BITS);
            return;
        }
        foreground = colourCode(current.getForeground());
        if (foreground == UNCODED) {
            uncodedForeground = current.getForeground();
        }
        background = colourCode(current.getBackground());
        if (background == UNCODED) {
            uncodedBackground = current.getBackground();
        }
        options = CrossedOutTextStyle.isCrossedOut(current) ? CROSSED_OUT : 0;
        for (TextStyle.Option option : OPTIONS) {
            if (current.hasOption(option)) {
                options |= 1 << option.ordinal();
            }
        }
    }

    private static int colourCode(TerminalColor colour) {
        if (colour == null) {
            return 0;
        }
        if (colour.isIndexed()) {
            int index = colour.getColorIndex();
            return index >= 0 && index < 16 ? 1 + index : UNCODED;
        }
        Color c = colour.toColor();
        return RGB | c.getRed() << 16 | c.getGreen() << 8 | c.getBlue();
    }

    /** Applies one code the model can carry; anything else is skipped. */
    private void code(int code) {
        switch (code) {
            case 0 -> {
                foreground = 0;
                background = 0;
                options = 0;
                uncodedForeground = null;
                uncodedBackground = null;
            }
            case 1 -> set(TextStyle.Option.BOLD);
            case 2 -> set(TextStyle.Option.DIM);
            case 3 -> set(TextStyle.Option.ITALIC);
            case 4 -> set(TextStyle.Option.UNDERLINED);
            case 5 -> {
                set(TextStyle.Option.SLOW_BLINK);
                clear(TextStyle.Option.RAPID_BLINK);
            }
            case 6 -> {
                clear(TextStyle.Option.SLOW_BLINK);
                set(TextStyle.Option.RAPID_BLINK);
            }
            case 7 -> set(TextStyle.Option.INVERSE);
            case 8 -> set(TextStyle.Option.HIDDEN);
            case 9 -> options |= CROSSED_OUT;
            case 22 -> {
                clear(TextStyle.Option.BOLD);
                clear(TextStyle.Option.DIM);
            }
            case 23 -> clear(TextStyle.Option.ITALIC);
            case 24 -> clear(TextStyle.Option.UNDERLINED);
            case 25 -> {
                clear(TextStyle.Option.SLOW_BLINK);
                clear(TextStyle.Option.RAPID_BLINK);
            }
            case 27 -> clear(TextStyle.Option.INVERSE);
            case 28 -> clear(TextStyle.Option.HIDDEN);
            case 29 -> options &= ~CROSSED_OUT;
            case 30, 31, 32, 33, 34, 35, 36, 37 -> foreground(INDEXED[code - 30]);
            case 39 -> foreground(0);
            case 40, 41, 42, 43, 44, 45, 46, 47 -> background(INDEXED[code - 40]);
            case 49 -> background(0);
            case 90, 91, 92, 93, 94, 95, 96, 97 -> foreground(INDEXED[code - 82]);
            case 100, 101, 102, 103, 104, 105, 106, 107 -> background(INDEXED[code - 92]);
            default -> {
                return;
            }
        }
        kept = true;
    }

    private void set(TextStyle.Option option) {
        options |= 1 << option.ordinal();
    }

    private void clear(TextStyle.Option option) {
        options &= ~(1 << option.ordinal());
    }

    private void foreground(int colour) {
        foreground = colour;
        uncodedForeground = null;
    }

    private void background(int colour) {
        background = colour;
        uncodedBackground = null;
    }

    private void colour(int code, int colour) {
        if (code == 38) {
            foreground(colour);
        } else {
            background(colour);
        }
        kept = true;
    }

    /** {@code 4:n}, {@code 38:5:n}, {@code 38:2:r:g:b}, {@code 38:2:cs:r:g:b} and their {@code 48} forms. */
    private void subParameters(VtSequence sgr, int i) {
        int values = sgr.valueCount(i);
        int code = value(sgr, i, 0);
        switch (code) {
            case 4 -> {
                int style = value(sgr, i, 1);
                if (style == 0) {
                    code(24);
                } else if (style >= 1 && style <= 5) {
                    code(4);
                }
            }
            case 38, 48 -> {
                int type = value(sgr, i, 1);
                if (type == 5 && values > 2) {
                    int index = value(sgr, i, 2);
                    if (isByte(index)) {
                        colour(code, INDEXED[index]);
                    }
                } else if (type == 2 && values >= 5) {
                    int first = values == 5 ? 2 : 3;
                    int r = value(sgr, i, first);
                    int g = value(sgr, i, first + 1);
                    int b = value(sgr, i, first + 2);
                    if (isByte(r) && isByte(g) && isByte(b)) {
                        colour(code, RGB | r << 16 | g << 8 | b);
                    }
                }
            }
            default -> {
                // 58:… (underline colour) and sub-parameters of any other code: nothing the model can show.
            }
        }
    }

    /**
     * {@code 38;5;n} or {@code 38;2;r;g;b} (and 48, 58) starting at parameter {@code at}: kept when complete and
     * in range, never for 58. Returns the parameter after its arguments.
     */
    private int extendedColour(VtSequence sgr, int code, int at) {
        int count = sgr.paramCount();
        if (at + 1 >= count) {
            return count;
        }
        int type = plain(sgr, at + 1);
        if (type == 5) {
            if (at + 2 >= count) {
                return count;
            }
            int index = plain(sgr, at + 2);
            if (code != 58 && isByte(index)) {
                colour(code, INDEXED[index]);
            }
            return at + 3;
        }
        if (type == 2) {
            if (at + 4 >= count) {
                return count;
            }
            int r = plain(sgr, at + 2);
            int g = plain(sgr, at + 3);
            int b = plain(sgr, at + 4);
            if (code != 58 && isByte(r) && isByte(g) && isByte(b)) {
                colour(code, RGB | r << 16 | g << 8 | b);
            }
            return at + 5;
        }
        // An unknown colour model: skip the code and the model.
        return at + 2;
    }

    private static boolean isByte(int value) {
        return value >= 0 && value <= 255;
    }

    /** A (sub-)parameter's value: empty is 0, above {@link #MAX_SGR_VALUE} is -1 (no valid code). */
    private static int value(VtSequence sgr, int param, int sub) {
        int v = sgr.value(param, sub, 0);
        return v > MAX_SGR_VALUE ? -1 : v;
    }

    /** Like {@link #value} for a parameter that must be a plain number: one with sub-parameters is -1. */
    private static int plain(VtSequence sgr, int param) {
        return sgr.hasSubParameters(param) ? -1 : value(sgr, param, 0);
    }

    private TextStyle build() {
        if (foreground == UNCODED || background == UNCODED) {
            lastStyle = null;
            return style(colour(foreground, uncodedForeground), colour(background, uncodedBackground), options);
        }
        long key = foreground | (long) background << 25 | (long) options << 50;
        int slot = (int) (mix(key) & (SLOTS - 1));
        while (keys[slot] != 0) {
            if (keys[slot] == (key | OCCUPIED)) {
                return remember(styles[slot], key);
            }
            slot = (slot + 1) & (SLOTS - 1);
        }
        if (size >= CAPACITY) {
            Arrays.fill(keys, 0);
            Arrays.fill(styles, null);
            size = 0;
            slot = (int) (mix(key) & (SLOTS - 1));
        }
        TextStyle style = style(colour(foreground, null), colour(background, null), options);
        keys[slot] = key | OCCUPIED;
        styles[slot] = style;
        size++;
        return remember(style, key);
    }

    private TextStyle remember(TextStyle style, long key) {
        lastStyle = style;
        lastKey = key;
        return style;
    }

    private static long mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return h ^ (h >>> 29);
    }

    private static TerminalColor colour(int code, TerminalColor uncoded) {
        if (code == UNCODED) {
            return uncoded;
        }
        if (code == 0) {
            return null;
        }
        if (code <= 16) {
            return PALETTE[code - 1];
        }
        return new TerminalColor(code >> 16 & 0xff, code >> 8 & 0xff, code & 0xff);
    }

    private static TextStyle style(TerminalColor foreground, TerminalColor background, int options) {
        return (options & CROSSED_OUT) != 0 ? new CrossedOutTextStyle(foreground, background, optionSet(options))
                : new TextStyle(foreground, background, optionSet(options));
    }

    private static EnumSet<TextStyle.Option> optionSet(int bits) {
        EnumSet<TextStyle.Option> set = EnumSet.noneOf(TextStyle.Option.class);
        for (TextStyle.Option option : OPTIONS) {
            if ((bits & 1 << option.ordinal()) != 0) {
                set.add(option);
            }
        }
        return set;
    }
}
