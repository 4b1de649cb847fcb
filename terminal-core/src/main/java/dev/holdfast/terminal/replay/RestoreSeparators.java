package dev.holdfast.terminal.replay;

import dev.holdfast.terminal.export.VtScanner;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The line {@code ── restored … ──} that a restore writes below a tab's old text, and one of them per stretch of
 * work: a tab nobody used between two launches would otherwise gain a separator and a fresh prompt at every
 * launch, and after a week of relaunches (or a crash loop) show a column of them.
 *
 * <p>A restored text whose tail is an earlier separator followed only by a repeat of the lines just above it (the
 * same prompt drawn again by the shell started after that restore, or nothing yet) gets that separator and the
 * repeat cut off; the separator written now says both: the first restore's label, which a crash's label makes
 * worth keeping (it dates the gap in the text above it), then {@code · restored again …} or
 * {@code · restored N more times, last …}. Anything else after an earlier separator (a command, a different prompt,
 * a line typed but not run) keeps it where it is. Pure text work; any thread.
 */
public final class RestoreSeparators {
    private static final String EDGE = "\u2500\u2500";
    /** How every restore's label begins ({@link InertReplay#restoredNow()}): what marks a separator as ours. */
    static final String RESTORED = "restored ";
    private static final String START = EDGE + " " + RESTORED;
    private static final String END = " " + EDGE;

    /** Lines a separator may span: its label broken between words on a narrow tab. */
    private static final int MAX_SEPARATOR_LINES = 8;

    /**
     * Lines a prompt may span and still count as "the same prompt again" (a blank line, an information line and
     * the prompt, at most); more is taken as work: a command run again after the restore with the same output as
     * just before the crash ({@code git status}) keeps its separator.
     */
    private static final int MAX_REPEATED_LINES = 3;

    /** Blank lines the text may end with below the repeat (the screen's empty rows under the prompt). */
    private static final int MAX_BLANK_LINES = 8;

    private static final Pattern AGAIN = Pattern.compile("^(.*) \u00b7 restored again (.+)$");
    private static final Pattern MORE = Pattern.compile("^(.*) \u00b7 restored (\\d+) more times, last (.+)$");

    private RestoreSeparators() {
    }

    /** What to replay and the label of the separator to write below it. */
    public record Restore(String text, String label) {
        public Restore {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(label, "label");
        }
    }

    /** The separator line of {@code label}, before it is broken to the tab's width. */
    public static String line(String label) {
        return EDGE + " " + label + " " + EDGE;
    }

    /**
     * {@code text} (exported scrollback, CR LF or LF between lines) without the earlier separators it ends with
     * that nothing happened after, and {@code label} merged with theirs; {@code text} and {@code label} unchanged
     * when there are none. {@code today} is the date as the labels write it today: a later restore on the day of the
     * first one is said by its time alone ("restored Dec 6, 2026, 9:00 AM · restored again 9:40 AM"); empty (or a
     * date the labels do not begin their times with) keeps every time whole.
     */
    public static Restore collapse(String text, String label, String today) {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(today, "today");
        if (text == null || text.isEmpty()) {
            return new Restore(text == null ? "" : text, label);
        }
        String kept = text;
        String merged = label;
        while (true) {
            Tail tail = Tail.of(kept, MAX_SEPARATOR_LINES + 2 * MAX_REPEATED_LINES + MAX_BLANK_LINES);
            Found found = tail.idleSeparator();
            if (found == null) {
                return new Restore(kept, merged);
            }
            kept = kept.substring(0, found.cutAt());
            merged = merge(found.label(), merged, today);
        }
    }

    /**
     * The label of a separator that stands for {@code older} and then {@code newer}: the first restore of
     * {@code older}, how many came after it, and the last of them.
     */
    static String merge(String older, String newer, String today) {
        Merged first = Merged.parse(older);
        Merged last = Merged.parse(newer);
        int after = first.after() + 1 + last.after();
        String latest = sameDayAsThe(first.first(), last.after() > 0 ? last.latest() : withoutRestored(last.first()),
                today);
        return after == 1
                ? first.first() + " \u00b7 restored again " + latest
                : first.first() + " \u00b7 restored " + after + " more times, last " + latest;
    }

    /** {@code latest} without today's date when the first restore's words hold it too (then it is the same day). */
    private static String sameDayAsThe(String first, String latest, String today) {
        if (today.isEmpty() || !latest.startsWith(today) || !first.contains(today)) {
            return latest;
        }
        String time = latest.substring(today.length()).replaceFirst("^[\\s,]+", "");
        return time.isEmpty() ? latest : time;
    }

    private static String withoutRestored(String label) {
        return label.startsWith(RESTORED) ? label.substring(RESTORED.length()) : label;
    }

    /** A label taken apart: the first restore, how many came after it, and the last one's own words. */
    private record Merged(String first, int after, String latest) {
        static Merged parse(String label) {
            Matcher more = MORE.matcher(label);
            if (more.matches()) {
                try {
                    return new Merged(more.group(1), Integer.parseInt(more.group(2)), more.group(3));
                } catch (NumberFormatException e) {
                    return new Merged(label, 0, null);
                }
            }
            Matcher again = AGAIN.matcher(label);
            if (again.matches()) {
                return new Merged(again.group(1), 1, again.group(2));
            }
            return new Merged(label, 0, null);
        }
    }

    /** An earlier separator with nothing after it: where the text is cut, and its label. */
    private record Found(int cutAt, String label) {
    }

    /** The last lines of a text: where each starts, and what it shows (no sequences, no trailing blanks). */
    private record Tail(List<Integer> starts, List<String> shown) {
        static Tail of(String text, int maxLines) {
            List<Integer> starts = new ArrayList<>();
            int end = text.length();
            while (starts.size() < maxLines) {
                int lineFeed = text.lastIndexOf('\n', end - 1);
                starts.add(0, lineFeed + 1);
                if (lineFeed < 0) {
                    break;
                }
                end = lineFeed;
            }
            List<String> shown = new ArrayList<>(starts.size());
            for (int i = 0; i < starts.size(); i++) {
                int stop = i + 1 < starts.size() ? starts.get(i + 1) - 1 : text.length();
                shown.add(shown(text.substring(starts.get(i), stop)));
            }
            return new Tail(starts, shown);
        }

        /** The last separator that nothing but a repeat of the lines above it follows, or null. */
        Found idleSeparator() {
            int last = shown.size() - 1;
            while (last >= 0 && shown.get(last).isEmpty()) {
                last--;
            }
            for (int end = last; end >= 0 && last - end <= MAX_REPEATED_LINES; end--) {
                if (!shown.get(end).endsWith(END)) {
                    continue;
                }
                int start = separatorStart(end);
                if (start < 0) {
                    return null;
                }
                int repeated = last - end;
                if (start - repeated < 0) {
                    return null;
                }
                for (int i = 0; i < repeated; i++) {
                    if (!shown.get(start - repeated + i).equals(shown.get(end + 1 + i))) {
                        return null;
                    }
                }
                String label = String.join(" ", shown.subList(start, end + 1));
                label = label.substring((EDGE + " ").length(), label.length() - END.length());
                return new Found(starts.get(start), label);
            }
            return null;
        }

        /** The first line of the separator that ends on line {@code end}, or -1. */
        private int separatorStart(int end) {
            for (int start = end; start >= 0 && end - start < MAX_SEPARATOR_LINES; start--) {
                if (shown.get(start).startsWith(START)) {
                    return start;
                }
                if (start < end && shown.get(start).endsWith(END)) {
                    return -1;
                }
            }
            return -1;
        }

        private static String shown(String line) {
            StringBuilder text = new StringBuilder(line.length());
            VtScanner tokens = new VtScanner(line);
            while (tokens.next()) {
                if (tokens.kind() == VtScanner.Kind.TEXT) {
                    text.append(line, tokens.start(), tokens.end());
                }
            }
            return text.toString().stripTrailing();
        }
    }
}
