package dev.holdfast.terminal.export;

import java.util.EnumSet;

/**
 * Writes SGR sequences ({@code ESC[…m}) that move a terminal from one {@link Rendition} to another, choosing
 * the shorter of "switch what differs" and "reset, then set everything". Colours use the most compact form that
 * keeps them exact: {@code 3X}/{@code 9X} for the 16 base colours, {@code 38;5;N} for the rest of the palette,
 * {@code 38;2;R;G;B} for RGB (and {@code 4X}/{@code 10X}/{@code 48;…} for backgrounds).
 */
public final class SgrFormatter {
    /** Resets every attribute and colour. Written at the end of every styled line. */
    public static final String RESET = "\u001b[0m";

    /** The sequence that turns {@code from} into {@code to}; empty when they are equal. */
    public String transition(Rendition from, Rendition to) {
        if (from.equals(to)) {
            return "";
        }
        String full = fullParameters(to);
        String diff = differenceParameters(from, to);
        return "\u001b[" + (diff.length() < full.length() ? diff : full) + "m";
    }

    /**
     * A sequence that establishes {@code to} whatever the terminal's current rendition is: it starts with a
     * reset ({@code ESC[0m} for the default rendition, {@code ESC[0;…m} otherwise).
     */
    public String establish(Rendition to) {
        return "\u001b[" + fullParameters(to) + "m";
    }

    private static String fullParameters(Rendition to) {
        StringBuilder p = new StringBuilder("0");
        for (SgrAttribute attribute : to.attributes()) {
            p.append(';').append(attribute.onCode());
        }
        if (!to.foreground().equals(SgrColor.DEFAULT)) {
            p.append(';');
            appendColor(p, to.foreground(), true);
        }
        if (!to.background().equals(SgrColor.DEFAULT)) {
            p.append(';');
            appendColor(p, to.background(), false);
        }
        return p.toString();
    }

    private static String differenceParameters(Rendition from, Rendition to) {
        StringBuilder p = new StringBuilder();
        EnumSet<SgrAttribute> current = EnumSet.noneOf(SgrAttribute.class);
        current.addAll(from.attributes());
        for (SgrAttribute attribute : from.attributes()) {
            if (current.contains(attribute) && !to.has(attribute)) {
                separate(p).append(attribute.offCode());
                // 22 clears bold and dim together, 25 both blink speeds: whatever else it cleared is re-set below.
                current.removeIf(other -> other.offCode() == attribute.offCode());
            }
        }
        for (SgrAttribute attribute : to.attributes()) {
            if (!current.contains(attribute)) {
                separate(p).append(attribute.onCode());
            }
        }
        if (!from.foreground().equals(to.foreground())) {
            appendColor(separate(p), to.foreground(), true);
        }
        if (!from.background().equals(to.background())) {
            appendColor(separate(p), to.background(), false);
        }
        return p.toString();
    }

    private static StringBuilder separate(StringBuilder p) {
        return p.isEmpty() ? p : p.append(';');
    }

    private static void appendColor(StringBuilder p, SgrColor color, boolean foreground) {
        if (color instanceof SgrColor.Default) {
            p.append(foreground ? 39 : 49);
        } else if (color instanceof SgrColor.Indexed indexed) {
            int i = indexed.index();
            if (i < 8) {
                p.append((foreground ? 30 : 40) + i);
            } else if (i < 16) {
                p.append((foreground ? 90 : 100) + i - 8);
            } else {
                p.append(foreground ? "38;5;" : "48;5;").append(i);
            }
        } else if (color instanceof SgrColor.Rgb rgb) {
            p.append(foreground ? "38;2;" : "48;2;")
                    .append(rgb.red()).append(';').append(rgb.green()).append(';').append(rgb.blue());
        }
    }
}
