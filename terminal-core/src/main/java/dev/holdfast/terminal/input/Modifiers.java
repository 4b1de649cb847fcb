package dev.holdfast.terminal.input;

/**
 * The modifier keys held during a key press.
 *
 * <p>{@code alt} is the terminal's Meta: it prefixes ESC. {@code meta} is the platform's command key (Cmd on
 * macOS, Super on Linux); it takes part in xterm's modifier parameter, but on its own it belongs to the desktop's
 * shortcuts, so it never turns typed text into terminal input.
 */
public record Modifiers(boolean shift, boolean ctrl, boolean alt, boolean meta) {

    public static final Modifiers NONE = new Modifiers(false, false, false, false);

    /**
     * The parameter xterm puts into a modified key's sequence ({@code ESC [ 1 ; <m> A}): 1 plus 1 for Shift,
     * 2 for Alt, 4 for Ctrl and 8 for Meta. 1 means no modifier, and then the parameter is left out.
     */
    public int xtermParameter() {
        return 1 + (shift ? 1 : 0) + (alt ? 2 : 0) + (ctrl ? 4 : 0) + (meta ? 8 : 0);
    }

    /** True when no modifier is held. */
    public boolean isNone() {
        return !shift && !ctrl && !alt && !meta;
    }
}
