package dev.holdfast.terminal.export;

import static dev.holdfast.terminal.export.VtText.assertVtEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ScrollbackTailTest {
    private static final String ESC = "\u001b";
    /** What a trimmed tail starts with: a reset, possibly followed by the rendition to restore. */
    private static final Pattern PREFIX = Pattern.compile("^\u001b\\[0(;[0-9;]*)?m");

    private final ScrollbackTail tail = new ScrollbackTail(new SgrFormatter());

    private static String lines(int count) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < count; i++) {
            out.append(i == 0 ? "" : "\r\n").append("line ").append(i);
        }
        return out.toString();
    }

    @Test
    void limitsMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> new ExportLimits(0, 10));
        assertThrows(IllegalArgumentException.class, () -> new ExportLimits(10, 0));
        assertThrows(IllegalArgumentException.class, () -> new ExportLimits(10, 10, 0));
    }

    @Test
    void textWithinTheLimitsIsReturnedUnchanged() {
        String text = lines(10);
        assertSame(text, tail.tail(text, new ExportLimits(10, text.length())));
    }

    @Test
    void keepsTheLastLinesAfterAReset() {
        assertVtEquals(ESC + "[0mline 7\r\nline 8\r\nline 9", tail.tail(lines(10), new ExportLimits(3, 1_000)));
    }

    @Test
    void aTrailingLineBreakDoesNotCountAsALine() {
        assertVtEquals(ESC + "[0mline 8\r\nline 9\r\n", tail.tail(lines(10) + "\r\n", new ExportLimits(2, 1_000)));
    }

    @Test
    void restoresTheRenditionInEffectAtTheCut() {
        String text = ESC + "[1;31mred 0\r\nred 1\r\n" + ESC + "[0mplain";
        assertVtEquals(ESC + "[0;1;31mred 1\r\n" + ESC + "[0mplain", tail.tail(text, new ExportLimits(2, 1_000)));
    }

    @Test
    void theCharacterLimitDropsWholeLinesFirst() {
        String text = lines(10);
        String kept = tail.tail(text, new ExportLimits(100, 30));
        assertVtEquals(ESC + "[0mline 7\r\nline 8\r\nline 9", kept);
        assertTrue(kept.length() <= 30);
    }

    @Test
    void aSingleLineTooLongIsCutOutsideEscapeSequences() {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            line.append(ESC).append("[38;2;").append(i).append(";2;3mword").append(i).append(' ');
        }
        String text = "first\r\n" + line;
        for (int maxChars = 1; maxChars < 120; maxChars++) {
            String kept = tail.tail(text, new ExportLimits(10, maxChars));
            assertTrue(kept.length() <= maxChars, "maxChars " + maxChars + ": " + kept.length());
            assertWellCut(text, kept, "maxChars " + maxChars);
        }
    }

    @Test
    void neverCutsInsideOtherSequencesOrSurrogatePairs() {
        String text = "a\r\n" + ESC + "]8;;https://example.com/a/long/path" + ESC + "\\link😀😀😀" + ESC + "]8;;"
                + ESC + "\\ end";
        for (int maxChars = 1; maxChars <= text.length(); maxChars++) {
            String kept = tail.tail(text, new ExportLimits(10, maxChars));
            assertTrue(kept.length() <= maxChars);
            String rest = PREFIX.matcher(kept).replaceFirst("");
            assertTrue(text.endsWith(rest));
            int cut = text.length() - rest.length();
            int oscStart = text.indexOf(ESC + "]8;;https");
            int oscEnd = text.indexOf(ESC + "\\", oscStart) + 2;
            int closeStart = text.indexOf(ESC + "]8;;" + ESC);
            assertTrue(cut <= oscStart || cut >= oscEnd, "cut " + cut + " inside the hyperlink sequence");
            assertTrue(cut <= closeStart || cut >= closeStart + 7, "cut " + cut + " inside the closing sequence");
            assertTrue(rest.isEmpty() || !Character.isLowSurrogate(rest.charAt(0)), "split surrogate pair");
        }
    }

    @Test
    void randomExportsKeepTheirLastLinesWithTheSameLook() {
        long seed = 0x7A11_2024L;
        Random random = new Random(seed);
        RandomStyledText texts = new RandomStyledText(random, 40, 150);
        for (int i = 0; i < 120; i++) {
            String text = texts.next() + "\r\nend";
            int maxLines = 1 + random.nextInt(30);
            int maxChars = random.nextBoolean() ? Integer.MAX_VALUE : 1 + random.nextInt(text.length() + 1);
            String where = "seed " + seed + ", case " + i;
            String kept = tail.tail(text, new ExportLimits(maxLines, maxChars));

            assertTrue(kept.length() <= maxChars, where);
            assertWellCut(text, kept, where);
            String rest = PREFIX.matcher(kept).replaceFirst("");
            int keptLines = rest.split("\n", -1).length;
            assertTrue(keptLines <= maxLines, where + ": " + keptLines + " lines");

            boolean cutBetweenLines = kept == text || text.charAt(text.length() - rest.length() - 1) == '\n';
            if (cutBetweenLines) {
                // The kept lines look exactly as they did in the whole: same text, same renditions. The terminals
                // are big enough never to wrap or scroll (scrolling fills new rows with the current background).
                String whole = new HeadlessTerminal(400, 100, 10).feed(text).export();
                String part = new HeadlessTerminal(400, 100, 10).feed(kept).export();
                String[] wholeLines = whole.split("\r\n", -1);
                String[] partLines = part.split("\r\n", -1);
                assertTrue(partLines.length <= wholeLines.length, where);
                String wholeEnd = String.join("\r\n", Arrays.copyOfRange(wholeLines,
                        wholeLines.length - partLines.length, wholeLines.length));
                assertVtEquals(wholeEnd, part, where);
            }
        }
    }

    /** The kept text is a prefix-less suffix, or a reset prefix plus a suffix cut at a safe place. */
    private static void assertWellCut(String text, String kept, String where) {
        if (kept.equals(text) || kept.isEmpty()) {
            return;
        }
        Matcher prefix = PREFIX.matcher(kept);
        if (!prefix.find()) {
            fail(where + ": a trimmed tail must start with a reset: " + kept);
        }
        String rest = kept.substring(prefix.end());
        assertTrue(text.endsWith(rest), where + ": not a suffix");
        int cut = text.length() - rest.length();
        // Independent of VtScanner: the cut is not between an ESC and the 'm' that ends its SGR.
        int lastEsc = text.lastIndexOf('\u001b', cut - 1);
        if (lastEsc >= 0) {
            int m = text.indexOf('m', lastEsc);
            assertTrue(m < 0 || m < cut, where + ": cut at " + cut + " inside " + text.substring(lastEsc, m + 1));
        }
        assertTrue(!Character.isLowSurrogate(text.charAt(cut)) || !Character.isHighSurrogate(text.charAt(cut - 1)),
                where + ": split surrogate pair");
    }
}
