package dev.holdfast.app.view;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Finds a plain URL printed in a row of text, so it can be underlined on hover and opened with a click. */
final class UrlDetector {
    private static final Pattern URL = Pattern.compile("(?i)\\b(?:https?|ftp|file)://[^\\s<>\"'`\\u0000-\\u001f]+");
    private static final String TRAILING = ".,;:!?)]}'\"";

    private UrlDetector() {
    }

    /** A URL covering cells {@code from} (inclusive) to {@code to} (exclusive). */
    record Found(String url, int from, int to) {
    }

    /** The URL under {@code column} in {@code row}, or null. One char per cell, as the screen copy holds. */
    static Found at(char[] row, int column) {
        String text = new String(row);
        Matcher m = URL.matcher(text);
        while (m.find()) {
            int end = trimmedEnd(text, m.start(), m.end());
            if (column >= m.start() && column < end) {
                return new Found(text.substring(m.start(), end), m.start(), end);
            }
        }
        return null;
    }

    /**
     * Sentences end URLs with punctuation that is not part of them ("see https://x.y/z."), but a closing
     * bracket that has its opening one inside the URL stays (Wikipedia-style links).
     */
    private static int trimmedEnd(String text, int start, int end) {
        while (end > start && TRAILING.indexOf(text.charAt(end - 1)) >= 0) {
            char c = text.charAt(end - 1);
            if (c == ')' && count(text, start, end, '(') >= count(text, start, end, ')')) {
                break;
            }
            end--;
        }
        return end;
    }

    private static int count(String text, int start, int end, char c) {
        int n = 0;
        for (int i = start; i < end; i++) {
            if (text.charAt(i) == c) {
                n++;
            }
        }
        return n;
    }
}
