package dev.holdfast.terminal.input;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Turns a key press into the bytes xterm would send to the program in the terminal.
 *
 * <p>Two entry points, because a key press reaches the view in two shapes: keys without text
 * ({@link #encodeKey}) and typed characters ({@link #encodeText}). Both return an empty array when the press
 * sends nothing, so the caller can write the result unconditionally.
 *
 * <p>The sequences are xterm's defaults (TERM=xterm-256color, which is what the shell is told it runs in):
 * modified cursor and function keys carry {@link Modifiers#xtermParameter()}, and Alt works as Meta by
 * prefixing ESC ("metaSendsEscape"), which is what readline and emacs bind Alt+letter to.
 */
public final class KeyEncoder {

    private static final byte ESC = 0x1b;
    private static final byte CR = 0x0d;
    private static final byte TAB = 0x09;
    private static final byte BS = 0x08;
    private static final byte DEL = 0x7f;
    private static final byte NUL = 0x00;
    private static final byte SPACE = 0x20;

    private static final byte[] NOTHING = new byte[0];

    /**
     * The bytes for a key that has no text of its own.
     *
     * @return the bytes to write to the PTY; empty for a modifier key pressed alone and for combinations that
     *         xterm gives no meaning (Meta with Enter, Tab, Backspace, Escape or Space: those are desktop shortcuts)
     */
    public byte[] encodeKey(Key key, Modifiers mods, KeyboardModes modes) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(mods, "mods");
        Objects.requireNonNull(modes, "modes");
        return switch (key) {
            case SHIFT, CONTROL, ALT, META -> NOTHING;

            case UP -> cursorKey('A', mods, modes);
            case DOWN -> cursorKey('B', mods, modes);
            case RIGHT -> cursorKey('C', mods, modes);
            case LEFT -> cursorKey('D', mods, modes);
            case HOME -> cursorKey('H', mods, modes);
            case END -> cursorKey('F', mods, modes);

            case INSERT -> tildeKey(2, mods);
            case DELETE -> tildeKey(3, mods);
            case PAGE_UP -> tildeKey(5, mods);
            case PAGE_DOWN -> tildeKey(6, mods);

            case F1 -> pfKey('P', mods);
            case F2 -> pfKey('Q', mods);
            case F3 -> pfKey('R', mods);
            case F4 -> pfKey('S', mods);
            // The gaps (16, 22) are the VT220's: its function key row had spaces there, and xterm kept the numbers.
            case F5 -> tildeKey(15, mods);
            case F6 -> tildeKey(17, mods);
            case F7 -> tildeKey(18, mods);
            case F8 -> tildeKey(19, mods);
            case F9 -> tildeKey(20, mods);
            case F10 -> tildeKey(21, mods);
            case F11 -> tildeKey(23, mods);
            case F12 -> tildeKey(24, mods);

            // Ctrl and Shift do not change Enter in xterm: CR is what the shell's line editor accepts.
            case ENTER -> controlKey(new byte[] {CR}, mods);
            // Shift+Tab is back-tab (CBT), which completion menus and TUIs use to go backwards.
            case TAB -> controlKey(mods.shift() ? csi("Z") : new byte[] {TAB}, mods);
            // Ctrl+Backspace sends BS so that a shell can bind it apart from plain Backspace (DEL), e.g. to
            // delete a word.
            case BACKSPACE -> controlKey(new byte[] {mods.ctrl() ? BS : DEL}, mods);
            case ESCAPE -> controlKey(new byte[] {ESC}, mods);
            // Ctrl+Space is NUL: emacs' set-mark and many completion bindings depend on it.
            case SPACE -> controlKey(new byte[] {mods.ctrl() ? NUL : SPACE}, mods);
        };
    }

    /**
     * The bytes for typed text: the characters as UTF-8, Ctrl turning a character into its control code and
     * Alt prefixing ESC.
     *
     * <p>Shift is ignored because it is already in the text ("A", not "a"). Ctrl applies only to a single
     * character that has a control form (letters, {@code @ [ \ ] ^ _ ? - / space} and the VT220 digits 2 to 8);
     * any other text is sent as it is, so typing is never lost because a Ctrl key was held. Text that already is a
     * control character (some platforms report Ctrl+A as U+0001) passes through.
     *
     * @return the bytes to write to the PTY; empty for empty text and for text typed with {@code meta} held (the
     *         platform command key belongs to the desktop's shortcuts; a shortcut the app does not know must not
     *         type its letter into the shell)
     */
    public byte[] encodeText(String text, Modifiers mods) {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(mods, "mods");
        if (text.isEmpty() || mods.meta()) {
            return NOTHING;
        }
        byte[] bytes = mods.ctrl() ? controlForm(text) : text.getBytes(StandardCharsets.UTF_8);
        return mods.alt() ? prefixEscape(bytes) : bytes;
    }

    /** Arrows, Home and End: the only keys that DECCKM switches between {@code ESC [} and {@code ESC O}. */
    private static byte[] cursorKey(char last, Modifiers mods, KeyboardModes modes) {
        if (!mods.isNone()) {
            // A modified cursor key is always CSI, in either mode: SS3 sequences have no room for a parameter.
            return csi("1;" + mods.xtermParameter() + last);
        }
        return modes.applicationCursorKeys() ? ss3(last) : csi(String.valueOf(last));
    }

    /** F1 to F4 are the VT100's PF1 to PF4, sent with SS3 in every mode. */
    private static byte[] pfKey(char last, Modifiers mods) {
        if (!mods.isNone()) {
            return csi("1;" + mods.xtermParameter() + last);
        }
        return ss3(last);
    }

    /** The VT220 editing and function keys, {@code ESC [ n ~}. */
    private static byte[] tildeKey(int number, Modifiers mods) {
        if (!mods.isNone()) {
            return csi(number + ";" + mods.xtermParameter() + "~");
        }
        return csi(number + "~");
    }

    /**
     * Keys that send a control character: xterm has no parameter form for them, so Alt prefixes ESC, and Meta,
     * which cannot be expressed, sends nothing.
     */
    private static byte[] controlKey(byte[] base, Modifiers mods) {
        if (mods.meta()) {
            return NOTHING;
        }
        return mods.alt() ? prefixEscape(base) : base;
    }

    private static byte[] controlForm(String text) {
        int codePoint = text.codePointAt(0);
        if (Character.charCount(codePoint) != text.length()) {
            return text.getBytes(StandardCharsets.UTF_8);
        }
        int control = controlCode(codePoint);
        if (control < 0) {
            return text.getBytes(StandardCharsets.UTF_8);
        }
        return new byte[] {(byte) control};
    }

    /** The control code Ctrl makes of a character, or -1 when the character has none. */
    private static int controlCode(int c) {
        if (c < 0x20 || c == DEL) {
            return c;
        }
        if (c >= 'a' && c <= 'z') {
            return c - 'a' + 1;
        }
        // '@' to '_' (with 'A' to 'Z' among them) are the column the C0 codes were cut from: clearing bits 5 and 6
        // gives NUL for '@', ESC for '[', FS for '\', GS for ']', RS for '^' and US for '_'.
        if (c >= '@' && c <= '_') {
            return c & 0x1f;
        }
        return switch (c) {
            case ' ', '2' -> 0x00;
            case '3' -> 0x1b;
            case '4' -> 0x1c;
            case '5' -> 0x1d;
            case '6' -> 0x1e;
            // '-' and '/' are where US sits on keyboards without a reachable '_' (emacs undo is Ctrl+/).
            case '-', '/', '7' -> 0x1f;
            case '?', '8' -> DEL;
            default -> -1;
        };
    }

    private static byte[] csi(String rest) {
        return escapeSequence('[', rest);
    }

    private static byte[] ss3(char last) {
        return escapeSequence('O', String.valueOf(last));
    }

    private static byte[] escapeSequence(char introducer, String rest) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(2 + rest.length());
        out.write(ESC);
        out.write(introducer);
        out.writeBytes(rest.getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    private static byte[] prefixEscape(byte[] bytes) {
        byte[] prefixed = new byte[bytes.length + 1];
        prefixed[0] = ESC;
        System.arraycopy(bytes, 0, prefixed, 1, bytes.length);
        return prefixed;
    }
}
