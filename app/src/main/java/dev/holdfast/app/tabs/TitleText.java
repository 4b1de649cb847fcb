package dev.holdfast.app.tabs;

import dev.holdfast.terminal.export.VtScanner;

/**
 * What a tab's title may hold, whoever set it: a program (OSC 0/2, live or restored from a saved session), the
 * user, or a session file edited by hand. Escape sequences are removed whole (read as the replay sanitizer reads
 * them, by {@link VtScanner}), and so are control characters (C0, DEL, C1: a title with a line break or an
 * escape would garble the tab strip and the window manager's title bar) and the invisible bidirectional
 * controls (which can make a title read as something else); the rest is stripped of surrounding blanks and cut
 * to {@link #MAX_CODE_POINTS}.
 */
public final class TitleText {
    /** Longer than any tab or window shows; shells set titles of a path or a command line. */
    public static final int MAX_CODE_POINTS = 256;

    private TitleText() {
    }

    /** The displayable part of {@code title}; empty for null. */
    public static String clean(String title) {
        if (title == null || title.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder(Math.min(title.length(), MAX_CODE_POINTS * 2));
        int kept = 0;
        VtScanner tokens = new VtScanner(title);
        while (tokens.next() && kept < MAX_CODE_POINTS) {
            if (tokens.kind() != VtScanner.Kind.TEXT) {
                continue;
            }
            for (int i = tokens.start(); i < tokens.end() && kept < MAX_CODE_POINTS; ) {
                int codePoint = title.codePointAt(i);
                i += Character.charCount(codePoint);
                if (!hidden(codePoint)) {
                    out.appendCodePoint(codePoint);
                    kept++;
                }
            }
        }
        return out.toString().strip();
    }

    private static boolean hidden(int codePoint) {
        return Character.getType(codePoint) == Character.CONTROL
                || codePoint == 0x061C // Arabic letter mark
                || codePoint == 0x200E || codePoint == 0x200F // left-to-right and right-to-left marks
                || (codePoint >= 0x202A && codePoint <= 0x202E) // embeddings and overrides
                || (codePoint >= 0x2066 && codePoint <= 0x2069) // isolates
                || codePoint == 0x2028 || codePoint == 0x2029; // line and paragraph separators
    }
}
