package dev.holdfast.terminal.export;

import com.techsenger.jeditermfx.core.Color;
import com.techsenger.jeditermfx.core.TerminalColor;

/** A foreground or background colour as SGR can express it: the terminal's default, a palette index, or RGB. */
public sealed interface SgrColor {

    /** The terminal's default colour (SGR 39 / 49). */
    SgrColor DEFAULT = new Default();

    /** The model's colour for a cell; the library uses {@code null} for "default". */
    static SgrColor of(TerminalColor color) {
        if (color == null) {
            return DEFAULT;
        }
        if (color.isIndexed() && color.getColorIndex() >= 0 && color.getColorIndex() <= 255) {
            return new Indexed(color.getColorIndex());
        }
        Color rgb = color.toColor();
        return new Rgb(rgb.getRed(), rgb.getGreen(), rgb.getBlue());
    }

    record Default() implements SgrColor {
    }

    /** A palette entry: 0–7 standard, 8–15 bright, 16–255 the xterm 256-colour cube and greys. */
    record Indexed(int index) implements SgrColor {
        public Indexed {
            if (index < 0 || index > 255) {
                throw new IllegalArgumentException("palette index outside 0..255: " + index);
            }
        }
    }

    /** A direct ("truecolor") colour. */
    record Rgb(int red, int green, int blue) implements SgrColor {
        public Rgb {
            if ((red | green | blue) < 0 || red > 255 || green > 255 || blue > 255) {
                throw new IllegalArgumentException("RGB component outside 0..255: " + red + "," + green + "," + blue);
            }
        }
    }
}
