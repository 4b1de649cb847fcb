package dev.holdfast.terminal.export;

import com.techsenger.jeditermfx.core.TextStyle;
import dev.holdfast.terminal.vt.CrossedOutTextStyle;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * The graphic rendition of a cell as far as SGR can express it: foreground, background and attributes.
 * It is what the export writes and what the tail trimmer must restore at a new starting point.
 */
public record Rendition(SgrColor foreground, SgrColor background, Set<SgrAttribute> attributes) {

    /** What {@code ESC[0m} leaves: default colours, no attributes. */
    public static final Rendition DEFAULT =
            new Rendition(SgrColor.DEFAULT, SgrColor.DEFAULT, EnumSet.noneOf(SgrAttribute.class));

    public Rendition {
        Objects.requireNonNull(foreground, "foreground");
        Objects.requireNonNull(background, "background");
        EnumSet<SgrAttribute> copy = EnumSet.noneOf(SgrAttribute.class);
        copy.addAll(attributes);
        attributes = Collections.unmodifiableSet(copy);
    }

    /** The rendition of a model cell. */
    public static Rendition of(TextStyle style) {
        EnumSet<SgrAttribute> attributes = EnumSet.noneOf(SgrAttribute.class);
        for (TextStyle.Option option : TextStyle.Option.values()) {
            if (style.hasOption(option)) {
                attributes.add(switch (option) {
                    case BOLD -> SgrAttribute.BOLD;
                    case DIM -> SgrAttribute.DIM;
                    case ITALIC -> SgrAttribute.ITALIC;
                    case UNDERLINED -> SgrAttribute.UNDERLINE;
                    case SLOW_BLINK -> SgrAttribute.SLOW_BLINK;
                    case RAPID_BLINK -> SgrAttribute.RAPID_BLINK;
                    case INVERSE -> SgrAttribute.INVERSE;
                    case HIDDEN -> SgrAttribute.HIDDEN;
                });
            }
        }
        if (CrossedOutTextStyle.isCrossedOut(style)) {
            attributes.add(SgrAttribute.CROSSED_OUT);
        }
        return new Rendition(SgrColor.of(style.getForeground()), SgrColor.of(style.getBackground()), attributes);
    }

    public boolean has(SgrAttribute attribute) {
        return attributes.contains(attribute);
    }

    /**
     * Whether a blank cell in this rendition can be seen: a background colour, reverse video, an underline or a
     * line through it shows; a foreground colour, bold or italic on a space does not. Blank cells that cannot be seen are what the
     * export trims from line ends and what makes a row count as empty.
     */
    public boolean isVisibleOnBlank() {
        return !looksSameOnBlank(DEFAULT);
    }

    /**
     * Whether a blank cell looks the same in this rendition and in {@code other}. The export uses it to write
     * blanks in whatever rendition is current instead of switching SGR for an invisible difference.
     */
    public boolean looksSameOnBlank(Rendition other) {
        boolean inverse = has(SgrAttribute.INVERSE);
        return background.equals(other.background)
                && inverse == other.has(SgrAttribute.INVERSE)
                && has(SgrAttribute.UNDERLINE) == other.has(SgrAttribute.UNDERLINE)
                && has(SgrAttribute.CROSSED_OUT) == other.has(SgrAttribute.CROSSED_OUT)
                && (!inverse || foreground.equals(other.foreground));
    }

    /**
     * The rendition after an SGR sequence with these parameters (the text between {@code ESC[} and {@code m}),
     * as xterm interprets it: semicolon and colon forms of 256-colour and RGB colours, unknown codes ignored.
     */
    public Rendition apply(CharSequence parameters) {
        if (parameters.length() == 0) {
            return DEFAULT;
        }
        SgrColor fg = foreground;
        SgrColor bg = background;
        EnumSet<SgrAttribute> attrs = EnumSet.noneOf(SgrAttribute.class);
        attrs.addAll(attributes);
        String[] fields = parameters.toString().split(";", -1);
        for (int k = 0; k < fields.length; k++) {
            String[] sub = fields[k].split(":", -1);
            int code = number(sub[0]);
            switch (code) {
                case 0 -> {
                    fg = SgrColor.DEFAULT;
                    bg = SgrColor.DEFAULT;
                    attrs.clear();
                }
                case 1 -> attrs.add(SgrAttribute.BOLD);
                case 2 -> attrs.add(SgrAttribute.DIM);
                case 3 -> attrs.add(SgrAttribute.ITALIC);
                case 4 -> {
                    // 4:0 is "no underline" in the colon form; 4:1..4:5 are underline styles.
                    if (sub.length > 1 && number(sub[1]) == 0) {
                        attrs.remove(SgrAttribute.UNDERLINE);
                    } else {
                        attrs.add(SgrAttribute.UNDERLINE);
                    }
                }
                case 5 -> {
                    // The model keeps one blink speed; the later code wins.
                    attrs.remove(SgrAttribute.RAPID_BLINK);
                    attrs.add(SgrAttribute.SLOW_BLINK);
                }
                case 6 -> {
                    attrs.remove(SgrAttribute.SLOW_BLINK);
                    attrs.add(SgrAttribute.RAPID_BLINK);
                }
                case 7 -> attrs.add(SgrAttribute.INVERSE);
                case 8 -> attrs.add(SgrAttribute.HIDDEN);
                case 22 -> {
                    attrs.remove(SgrAttribute.BOLD);
                    attrs.remove(SgrAttribute.DIM);
                }
                case 23 -> attrs.remove(SgrAttribute.ITALIC);
                case 24 -> attrs.remove(SgrAttribute.UNDERLINE);
                case 25 -> {
                    attrs.remove(SgrAttribute.SLOW_BLINK);
                    attrs.remove(SgrAttribute.RAPID_BLINK);
                }
                case 27 -> attrs.remove(SgrAttribute.INVERSE);
                case 28 -> attrs.remove(SgrAttribute.HIDDEN);
                case 9 -> attrs.add(SgrAttribute.CROSSED_OUT);
                case 29 -> attrs.remove(SgrAttribute.CROSSED_OUT);
                case 39 -> fg = SgrColor.DEFAULT;
                case 49 -> bg = SgrColor.DEFAULT;
                case 38, 48, 58 -> {
                    ExtendedColor extended = sub.length > 1 ? colonColor(sub) : semicolonColor(fields, k);
                    k += extended.fieldsConsumed();
                    if (extended.color() != null) {
                        if (code == 38) {
                            fg = extended.color();
                        } else if (code == 48) {
                            bg = extended.color();
                        }
                        // 58 (underline colour) is consumed so its arguments are not read as codes; not kept.
                    }
                }
                default -> {
                    if (code >= 30 && code <= 37) {
                        fg = new SgrColor.Indexed(code - 30);
                    } else if (code >= 40 && code <= 47) {
                        bg = new SgrColor.Indexed(code - 40);
                    } else if (code >= 90 && code <= 97) {
                        fg = new SgrColor.Indexed(code - 90 + 8);
                    } else if (code >= 100 && code <= 107) {
                        bg = new SgrColor.Indexed(code - 100 + 8);
                    }
                }
            }
        }
        return new Rendition(fg, bg, attrs);
    }

    private record ExtendedColor(SgrColor color, int fieldsConsumed) {
    }

    /** {@code 38:5:N}, {@code 38:2:R:G:B} or {@code 38:2:CS:R:G:B} within one field. */
    private static ExtendedColor colonColor(String[] sub) {
        int kind = number(sub[1]);
        if (kind == 5 && sub.length > 2) {
            return new ExtendedColor(indexed(number(sub[2])), 0);
        }
        if (kind == 2 && sub.length >= 5) {
            int first = sub.length >= 6 ? 3 : 2;
            return new ExtendedColor(rgb(number(sub[first]), number(sub[first + 1]), number(sub[first + 2])), 0);
        }
        return new ExtendedColor(null, 0);
    }

    /** {@code 38;5;N} or {@code 38;2;R;G;B}: the arguments are the following fields. */
    private static ExtendedColor semicolonColor(String[] fields, int at) {
        int remaining = fields.length - at - 1;
        if (remaining < 1) {
            return new ExtendedColor(null, 0);
        }
        int kind = number(fields[at + 1]);
        if (kind == 5) {
            return remaining >= 2
                    ? new ExtendedColor(indexed(number(fields[at + 2])), 2)
                    : new ExtendedColor(null, remaining);
        }
        if (kind == 2) {
            return remaining >= 4
                    ? new ExtendedColor(rgb(number(fields[at + 2]), number(fields[at + 3]), number(fields[at + 4])), 4)
                    : new ExtendedColor(null, remaining);
        }
        return new ExtendedColor(null, 1);
    }

    private static SgrColor indexed(int index) {
        return index >= 0 && index <= 255 ? new SgrColor.Indexed(index) : null;
    }

    private static SgrColor rgb(int red, int green, int blue) {
        boolean valid = red >= 0 && red <= 255 && green >= 0 && green <= 255 && blue >= 0 && blue <= 255;
        return valid ? new SgrColor.Rgb(red, green, blue) : null;
    }

    /** A parameter's value; empty means 0, anything unreadable -1 (ignored by every caller). */
    private static int number(String field) {
        if (field.isEmpty()) {
            return 0;
        }
        if (field.length() > 6) {
            return -1;
        }
        int value = 0;
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
