package dev.holdfast.terminal.export;

/**
 * How much of an export is kept: the last {@code maxLines} lines, and at most {@code maxChars} characters
 * (UTF-16 units, escape sequences included). The defaults are the reference design's 4,000-line tail and
 * 400,000-character cap: enough scrollback to be useful after a crash, small enough to write every minute.
 *
 * @param maxLines lines kept from the end (a line is what the export separates with CR LF: a wrapped line
 *     counts once)
 * @param maxChars characters kept from the end, including the SGR prefix that restores the rendition
 */
public record ExportLimits(int maxLines, int maxChars) {

    /** 4,000 lines, 400,000 characters. */
    public static final ExportLimits DEFAULTS = new ExportLimits(4_000, 400_000);

    public ExportLimits {
        if (maxLines < 1) {
            throw new IllegalArgumentException("maxLines must be positive: " + maxLines);
        }
        if (maxChars < 1) {
            throw new IllegalArgumentException("maxChars must be positive: " + maxChars);
        }
    }
}
