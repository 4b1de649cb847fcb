package dev.holdfast.terminal.export;

import java.util.Arrays;
import java.util.Objects;

/**
 * Keeps the end of an export within {@link ExportLimits}: the last lines, then — if those are still too many
 * characters — fewer lines, and only when a single line alone is too long, the end of that line.
 *
 * <p>A cut never falls inside an escape sequence or between the two halves of a surrogate pair. Text that is
 * cut starts with an SGR sequence that resets the terminal and re-establishes the rendition in effect at the
 * cut (a colour set on an earlier line and never reset still applies to the kept text), so the kept text
 * replays exactly as it looked in the whole. Text within the limits is returned unchanged.
 */
public final class ScrollbackTail {
    private final SgrFormatter sgr;

    public ScrollbackTail(SgrFormatter sgr) {
        this.sgr = Objects.requireNonNull(sgr, "sgr");
    }

    /** The kept end of {@code text}. */
    public String tail(String text, ExportLimits limits) {
        int[] lineStarts = lineStarts(text);
        int lines = lineStarts.length;
        if (lines <= limits.maxLines() && text.length() <= limits.maxChars()) {
            return text;
        }
        RenditionTracker tracker = new RenditionTracker(text);
        int line = Math.max(0, lines - limits.maxLines());
        while (line < lines) {
            int cut = lineStarts[line];
            if (cut > 0) {
                String prefix = sgr.establish(tracker.at(cut));
                if (prefix.length() + text.length() - cut <= limits.maxChars()) {
                    return prefix + text.substring(cut);
                }
            } else if (text.length() <= limits.maxChars()) {
                return text;
            }
            line++;
        }
        int lastLine = lineStarts[lines - 1];
        return cutInsideLastLine(text, lastLine, limits.maxChars(), tracker.at(lastLine));
    }

    /**
     * The last line alone is over the character limit: keep its end, cutting at the first place that fits which
     * is not inside a sequence or a surrogate pair.
     */
    private String cutInsideLastLine(String text, int lineStart, int maxChars, Rendition atLineStart) {
        VtScanner tokens = new VtScanner(text);
        Rendition rendition = atLineStart;
        while (tokens.next()) {
            if (tokens.end() <= lineStart) {
                continue;
            }
            String prefix = sgr.establish(rendition);
            int budget = maxChars - prefix.length();
            if (budget >= 0) {
                int cut = Math.max(tokens.start(), text.length() - budget);
                boolean insideToken = tokens.kind() == VtScanner.Kind.TEXT ? cut < tokens.end() : cut == tokens.start();
                if (insideToken) {
                    if (splitsSurrogatePair(text, cut)) {
                        cut++;
                    }
                    return prefix + text.substring(cut);
                }
            }
            if (tokens.kind() == VtScanner.Kind.SGR) {
                rendition = rendition.apply(tokens.sgrParameters());
            }
        }
        // Not even the reset fits.
        return "";
    }

    private static boolean splitsSurrogatePair(String text, int cut) {
        return cut > 0 && cut < text.length()
                && Character.isHighSurrogate(text.charAt(cut - 1)) && Character.isLowSurrogate(text.charAt(cut));
    }

    /** Offsets where lines start: 0 and after every LF, except an LF that ends the text. */
    private static int[] lineStarts(String text) {
        int[] starts = new int[64];
        int count = 0;
        starts[count++] = 0;
        VtScanner tokens = new VtScanner(text);
        while (tokens.next()) {
            if (tokens.kind() == VtScanner.Kind.CONTROL && text.charAt(tokens.start()) == '\n'
                    && tokens.end() < text.length()) {
                if (count == starts.length) {
                    starts = Arrays.copyOf(starts, count * 2);
                }
                starts[count++] = tokens.end();
            }
        }
        return Arrays.copyOf(starts, count);
    }

    /** The rendition in effect at increasing token boundaries, found by applying every SGR before them. */
    private static final class RenditionTracker {
        private final VtScanner tokens;
        private Rendition rendition = Rendition.DEFAULT;
        private boolean pending;

        RenditionTracker(String text) {
            this.tokens = new VtScanner(text);
            this.pending = tokens.next();
        }

        Rendition at(int boundary) {
            while (pending && tokens.end() <= boundary) {
                if (tokens.kind() == VtScanner.Kind.SGR) {
                    rendition = rendition.apply(tokens.sgrParameters());
                }
                pending = tokens.next();
            }
            return rendition;
        }
    }
}
