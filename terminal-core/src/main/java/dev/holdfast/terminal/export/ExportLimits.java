package dev.holdfast.terminal.export;

/**
 * How much of an export is kept: the last {@code maxLines} lines, at most {@code maxChars} characters (UTF-16
 * units, escape sequences included), and of any one line at most its first {@code maxLineChars} characters, the
 * rest marked as cut — so that a single huge line (a minified file, a base64 blob) cannot push every line above
 * it out of the tail. The numbers are the checkpoint settings' (4,000 lines, 400,000 characters, 16,000 per
 * line): the app builds its limits from them, so each is defined once.
 *
 * @param maxLines     lines kept from the end (a line is what the export separates with CR LF: a wrapped line
 *                     counts once)
 * @param maxChars     characters kept from the end, including the SGR prefix that restores the rendition
 * @param maxLineChars cells kept of one line, from its start
 */
public record ExportLimits(int maxLines, int maxChars, int maxLineChars) {

    /** Everything: for exports that are not kept on disk. */
    public static final ExportLimits EVERYTHING =
            new ExportLimits(Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE);

    public ExportLimits {
        if (maxLines < 1) {
            throw new IllegalArgumentException("maxLines must be positive: " + maxLines);
        }
        if (maxChars < 1) {
            throw new IllegalArgumentException("maxChars must be positive: " + maxChars);
        }
        if (maxLineChars < 1) {
            throw new IllegalArgumentException("maxLineChars must be positive: " + maxLineChars);
        }
    }

    /** Lines and characters, with no cap on one line beyond the whole. */
    public ExportLimits(int maxLines, int maxChars) {
        this(maxLines, maxChars, maxChars);
    }
}
