package dev.holdfast.app.conversation;

import dev.holdfast.app.view.Palette;
import dev.holdfast.app.view.TerminalView;
import java.util.Locale;
import java.util.Objects;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontPosture;
import javafx.scene.text.FontWeight;

/**
 * How a conversation panel looks, taken from how the terminals look: the palette's background and foreground
 * (so a light terminal gets a light panel, and custom colours carry over), the terminal's font for code and
 * commands, and its size (zoom included) for everything. Prose is set in the UI's own font, which reads better
 * than a monospace one in long answers.
 */
record ConversationLook(Palette palette, String monoFamily, double size) {
    ConversationLook {
        Objects.requireNonNull(palette, "palette");
        Objects.requireNonNull(monoFamily, "monoFamily");
    }

    static ConversationLook of(TerminalView.Look look) {
        return new ConversationLook(look.palette(), look.fontFamily(), look.fontSize());
    }

    Font prose() {
        return Font.font(Font.getDefault().getFamily(), FontWeight.NORMAL, FontPosture.REGULAR, size);
    }

    Font prose(boolean bold, boolean italic) {
        return Font.font(Font.getDefault().getFamily(), bold ? FontWeight.BOLD : FontWeight.NORMAL,
                italic ? FontPosture.ITALIC : FontPosture.REGULAR, size);
    }

    /** Headings 1 to 6, from 1.5 times the text size down to the text size. */
    Font heading(int level) {
        double scale = switch (level) {
            case 1 -> 1.5;
            case 2 -> 1.3;
            case 3 -> 1.15;
            default -> 1.0;
        };
        return Font.font(Font.getDefault().getFamily(), FontWeight.BOLD, FontPosture.REGULAR, size * scale);
    }

    Font mono() {
        return Font.font(monoFamily, FontWeight.NORMAL, FontPosture.REGULAR, size * 0.95);
    }

    Font mono(boolean bold) {
        return Font.font(monoFamily, bold ? FontWeight.BOLD : FontWeight.NORMAL, FontPosture.REGULAR, size * 0.95);
    }

    Font small() {
        return Font.font(Font.getDefault().getFamily(), FontWeight.NORMAL, FontPosture.REGULAR, Math.max(8, size * 0.8));
    }

    /**
     * The panel's colours as looked-up CSS colours ({@code -conv-bg}, …), which the stylesheet's rules for the
     * panel refer to.
     */
    String style() {
        Color bg = palette.background();
        Color fg = palette.foreground();
        return "-conv-bg: " + css(bg) + ";"
                + " -conv-fg: " + css(fg) + ";"
                + " -conv-muted: " + css(bg.interpolate(fg, 0.55)) + ";"
                + " -conv-faint: " + css(bg.interpolate(fg, 0.3)) + ";"
                + " -conv-border: " + css(bg.interpolate(fg, 0.16)) + ";"
                + " -conv-surface: " + css(bg.interpolate(fg, 0.07)) + ";"
                + " -conv-user: " + css(bg.interpolate(palette.indexed(4), 0.16)) + ";"
                + " -conv-code-bg: " + css(bg.interpolate(fg, palette.isDark() ? 0.06 : 0.045)) + ";"
                + " -conv-accent: " + css(palette.indexed(palette.isDark() ? 12 : 4)) + ";"
                + " -conv-ok: " + css(palette.indexed(palette.isDark() ? 10 : 2)) + ";"
                + " -conv-fail: " + css(palette.indexed(palette.isDark() ? 9 : 1)) + ";"
                + " -fx-font-size: " + String.format(Locale.ROOT, "%.1fpx", size) + ";";
    }

    static String css(Color c) {
        return String.format(Locale.ROOT, "#%02x%02x%02x", Math.round(c.getRed() * 255), Math.round(c.getGreen() * 255),
                Math.round(c.getBlue() * 255));
    }
}
