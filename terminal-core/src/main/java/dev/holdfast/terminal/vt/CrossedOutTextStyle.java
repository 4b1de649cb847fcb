package dev.holdfast.terminal.vt;

import com.techsenger.jeditermfx.core.TerminalColor;
import com.techsenger.jeditermfx.core.TextStyle;
import java.util.EnumSet;

/**
 * A style whose text is crossed out (SGR 9, "strikethrough"): colours and options as any {@link TextStyle}, and a
 * line through the text.
 *
 * <p>Why a class of its own: the library's {@code TextStyle.Option} has no crossed-out option and is an enum we
 * cannot extend, yet programs use it to say something (a coding agent's finished to-do items, deleted text in a
 * diff or a document). The library's model stores the style objects it is given and compares them with
 * {@code equals}, which tells styles of different classes apart, so this class itself is the mark: two crossed-out
 * styles with the same colours and options are equal, and never equal to the same style not crossed out. Only
 * Holdfast's parser makes these ({@link SgrStyles}); the painter draws the line and the export writes the SGR.
 */
public final class CrossedOutTextStyle extends TextStyle {
    public CrossedOutTextStyle(TerminalColor foreground, TerminalColor background, EnumSet<Option> options) {
        super(foreground, background, options);
    }

    /** Whether text in {@code style} is crossed out. */
    public static boolean isCrossedOut(TextStyle style) {
        return style instanceof CrossedOutTextStyle;
    }
}
