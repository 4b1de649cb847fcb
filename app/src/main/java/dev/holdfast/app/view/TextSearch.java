package dev.holdfast.app.view;

import com.techsenger.jeditermfx.core.util.CharUtils;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Finds text in a copy of a terminal's lines. Pure: no locks, no threads; the caller copies the lines under
 * the buffer lock and runs this on a background thread, and may cancel it between lines.
 */
final class TextSearch {
    /** Matches kept at most; the count says when there were more. */
    static final int MAX_MATCHES = 1_000_000;

    private TextSearch() {
    }

    record Query(String text, boolean caseSensitive, boolean regex) {
        boolean isEmpty() {
            return text.isEmpty();
        }
    }

    /**
     * Matches as parallel arrays sorted by position: {@code lines[i]} is the buffer line index, the match
     * covers cells {@code from[i]} (inclusive) to {@code to[i]} (exclusive).
     */
    record Matches(int[] lines, int[] from, int[] to, int count, boolean truncated, String error) {
        static final Matches NONE = new Matches(new int[0], new int[0], new int[0], 0, false, null);

        static Matches error(String message) {
            return new Matches(new int[0], new int[0], new int[0], 0, false, message);
        }

        /** Index of the first match on or after {@code line}, or {@code count} when none. */
        int firstOnOrAfter(int line) {
            int lo = 0;
            int hi = count;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (lines[mid] < line) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }
    }

    /**
     * @param lines the text of each line, one char per cell (wide characters followed by their filler)
     * @param firstLine the buffer index of {@code lines.get(0)}
     */
    static Matches search(List<String> lines, int firstLine, Query query, BooleanSupplier cancelled) {
        if (query.isEmpty()) {
            return Matches.NONE;
        }
        Pattern pattern;
        try {
            int flags = query.caseSensitive() ? 0 : Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
            pattern = query.regex() ? Pattern.compile(query.text(), flags) : Pattern.compile(Pattern.quote(query.text()), flags);
        } catch (PatternSyntaxException e) {
            return Matches.error(e.getDescription());
        }
        int capacity = 64;
        int[] matchLines = new int[capacity];
        int[] from = new int[capacity];
        int[] to = new int[capacity];
        int count = 0;
        boolean truncated = false;
        for (int i = 0; i < lines.size() && !truncated; i++) {
            if ((i & 255) == 0 && cancelled.getAsBoolean()) {
                return null;
            }
            String raw = lines.get(i);
            int[] cellOf = null;
            String text = raw;
            if (raw.indexOf(CharUtils.DWC) >= 0) {
                StringBuilder sb = new StringBuilder(raw.length());
                cellOf = new int[raw.length() + 1];
                for (int c = 0; c < raw.length(); c++) {
                    if (raw.charAt(c) != CharUtils.DWC) {
                        cellOf[sb.length()] = c;
                        sb.append(raw.charAt(c));
                    }
                }
                cellOf[sb.length()] = raw.length();
                text = sb.toString();
            }
            Matcher m = pattern.matcher(text);
            while (m.find()) {
                if (m.end() == m.start()) {
                    // An empty regex match would loop forever and highlight nothing.
                    if (m.end() >= text.length()) {
                        break;
                    }
                    continue;
                }
                if (count == MAX_MATCHES) {
                    truncated = true;
                    break;
                }
                if (count == capacity) {
                    capacity *= 2;
                    matchLines = java.util.Arrays.copyOf(matchLines, capacity);
                    from = java.util.Arrays.copyOf(from, capacity);
                    to = java.util.Arrays.copyOf(to, capacity);
                }
                matchLines[count] = firstLine + i;
                from[count] = cellOf == null ? m.start() : cellOf[m.start()];
                to[count] = cellOf == null ? m.end() : endCell(raw, cellOf[m.end() - 1]);
                count++;
            }
        }
        return new Matches(matchLines, from, to, count, truncated, null);
    }

    /** A match ending on a wide character covers its filler cell too. */
    private static int endCell(String raw, int lastCharCell) {
        int end = lastCharCell + 1;
        return end < raw.length() && raw.charAt(end) == CharUtils.DWC ? end + 1 : end;
    }

    static String describe(Matches matches, int current) {
        if (matches.error() != null) {
            return "invalid pattern";
        }
        if (matches.count() == 0) {
            return "no matches";
        }
        String total = String.format(Locale.ROOT, "%,d%s", matches.count(), matches.truncated() ? "+" : "");
        return current < 0 ? total + " matches" : (current + 1) + " of " + total;
    }
}
