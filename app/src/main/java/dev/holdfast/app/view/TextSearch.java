package dev.holdfast.app.view;

import com.techsenger.jeditermfx.core.util.CharUtils;
import java.util.Arrays;
import java.util.BitSet;
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
     * Matches as parallel arrays sorted by position: match {@code i} starts at cell {@code from[i]} of buffer line
     * {@code lines[i]} and ends before cell {@code to[i]} of line {@code endLines[i]} (the same line, or a later one
     * where the text wraps onto the next rows). No match spans more than {@code maxSpan} lines after its first.
     */
    record Matches(int[] lines, int[] from, int[] endLines, int[] to, int count, int maxSpan, boolean truncated,
                   String error) {
        static final Matches NONE = new Matches(new int[0], new int[0], new int[0], new int[0], 0, 0, false, null);

        static Matches error(String message) {
            return new Matches(new int[0], new int[0], new int[0], new int[0], 0, 0, false, message);
        }

        /** Index of the first match starting on or after {@code line}, or {@code count} when none. */
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
     * @param wrapped which lines go on in the next one (the terminal wrapped them there): they are searched as one
     *     text, so a word the edge of the window cut in two is found
     * @param firstLine the buffer index of {@code lines.get(0)}
     */
    static Matches search(List<String> lines, BitSet wrapped, int firstLine, Query query, BooleanSupplier cancelled) {
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
        Found found = new Found();
        int next = 0;
        int searched = 0;
        for (int i = 0; i < lines.size() && !found.truncated; i = next) {
            if ((searched++ & 255) == 0 && cancelled.getAsBoolean()) {
                return null;
            }
            next = i + 1;
            while (wrapped.get(next - 1) && next < lines.size()) {
                next++;
            }
            String raw = lines.get(i);
            if (next == i + 1 && raw.indexOf(CharUtils.DWC) < 0) {
                // One row without wide characters, most lines: its chars are its cells.
                Matcher m = pattern.matcher(raw);
                while (!found.truncated && find(m, raw.length())) {
                    found.add(firstLine + i, m.start(), firstLine + i, m.end());
                }
            } else {
                searchJoined(lines, i, next, firstLine, pattern, found);
            }
        }
        return found.matches();
    }

    /** Rows {@code from} to {@code to} (exclusive) as one text, each char mapped back to its row and cell. */
    private static void searchJoined(List<String> lines, int from, int to, int firstLine, Pattern pattern, Found found) {
        StringBuilder text = new StringBuilder();
        int total = 0;
        for (int r = from; r < to; r++) {
            total += lines.get(r).length();
        }
        int[] rowOf = new int[total + 1];
        int[] cellOf = new int[total + 1];
        for (int r = from; r < to; r++) {
            String raw = lines.get(r);
            for (int c = 0; c < raw.length(); c++) {
                if (raw.charAt(c) != CharUtils.DWC) {
                    rowOf[text.length()] = r;
                    cellOf[text.length()] = c;
                    text.append(raw.charAt(c));
                }
            }
        }
        // The end of the text: after the last cell of the last row.
        rowOf[text.length()] = to - 1;
        cellOf[text.length()] = lines.get(to - 1).length();
        Matcher m = pattern.matcher(text);
        while (!found.truncated && find(m, text.length())) {
            int last = m.end() - 1;
            String lastRow = lines.get(rowOf[last]);
            found.add(firstLine + rowOf[m.start()], cellOf[m.start()], firstLine + rowOf[last],
                    endCell(lastRow, cellOf[last]));
        }
    }

    /** The next non-empty match (an empty regex match would loop forever and highlight nothing). */
    private static boolean find(Matcher m, int length) {
        while (m.find()) {
            if (m.end() > m.start()) {
                return true;
            }
            if (m.end() >= length) {
                return false;
            }
        }
        return false;
    }

    /** Matches as they are found, in growing arrays. */
    private static final class Found {
        private int capacity = 64;
        private int[] lines = new int[capacity];
        private int[] from = new int[capacity];
        private int[] endLines = new int[capacity];
        private int[] to = new int[capacity];
        private int count;
        private int maxSpan;
        private boolean truncated;

        void add(int line, int fromCell, int endLine, int toCell) {
            if (count == MAX_MATCHES) {
                truncated = true;
                return;
            }
            if (count == capacity) {
                capacity *= 2;
                lines = Arrays.copyOf(lines, capacity);
                from = Arrays.copyOf(from, capacity);
                endLines = Arrays.copyOf(endLines, capacity);
                to = Arrays.copyOf(to, capacity);
            }
            lines[count] = line;
            from[count] = fromCell;
            endLines[count] = endLine;
            to[count] = toCell;
            maxSpan = Math.max(maxSpan, endLine - line);
            count++;
        }

        Matches matches() {
            return new Matches(lines, from, endLines, to, count, maxSpan, truncated, null);
        }
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
