package dev.holdfast.terminal.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Test assertions over VT text that show escape sequences in failure messages. */
public final class VtText {
    private VtText() {
    }

    /** The text with ESC written as {@code \e} and other controls as {@code \xNN}, for messages. */
    public static String visible(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 0x1b) {
                out.append("\\e");
            } else if (c == '\r' || c == '\n') {
                out.append(c == '\r' ? "\\r" : "\\n\n");
            } else if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
                out.append(String.format("\\x%02x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    public static void assertVtEquals(String expected, String actual) {
        assertVtEquals(expected, actual, "");
    }

    public static void assertVtEquals(String expected, String actual, String message) {
        if (!expected.equals(actual)) {
            assertEquals(visible(expected), visible(actual), message + "; " + firstDifference(expected, actual));
        }
    }

    /** Where two texts part, line by line, so a long failure message leads with what matters. */
    private static String firstDifference(String expected, String actual) {
        String[] e = expected.split("\r\n", -1);
        String[] a = actual.split("\r\n", -1);
        for (int i = 0; i < Math.max(e.length, a.length); i++) {
            String el = i < e.length ? e[i] : "<none>";
            String al = i < a.length ? a[i] : "<none>";
            if (!el.equals(al)) {
                return "first different line " + i + ":\n  expected " + visible(el) + "\n  actual   " + visible(al)
                        + "\n";
            }
        }
        return "";
    }
}
