package dev.holdfast.terminal.scrollback;

/**
 * How much history a terminal keeps: at most {@code lines} lines and about {@code bytes} bytes of them, the
 * oldest dropped first.
 *
 * <p>A line's size varies by a factor of fifty (a number from {@code seq} takes about 270 bytes, a line of
 * coloured log output one and a half kilobytes, a line with a colour per cell far more), so a line count alone
 * cannot bound memory. Every limit therefore carries a memory cap as well; "unlimited" means no line limit, the
 * cap alone.
 *
 * @param lines the most lines kept, from 0 (none) to {@link Integer#MAX_VALUE} (no line limit)
 * @param bytes the most bytes of lines kept, as {@code RingLinesBuffer} estimates them; zero or less: no cap
 */
public record ScrollbackLimit(int lines, long bytes) {
    /** The memory cap per terminal when none is given: 512 MB, or a quarter of the heap when that is less. */
    public static final long DEFAULT_MEMORY_CAP_BYTES = Math.min(512L << 20, Runtime.getRuntime().maxMemory() / 4);

    public ScrollbackLimit {
        if (lines < 0) {
            throw new IllegalArgumentException("lines must not be negative: " + lines);
        }
    }

    /** At most {@code lines} lines (zero keeps none), within {@code bytes}. */
    public static ScrollbackLimit lines(int lines, long bytes) {
        return new ScrollbackLimit(lines, bytes);
    }

    /** At most {@code lines} lines, within the default memory cap. */
    public static ScrollbackLimit lines(int lines) {
        return new ScrollbackLimit(lines, DEFAULT_MEMORY_CAP_BYTES);
    }

    /** As many lines as fit in {@code bytes}. */
    public static ScrollbackLimit unlimited(long bytes) {
        return new ScrollbackLimit(Integer.MAX_VALUE, bytes);
    }

    /** As many lines as fit in the default memory cap. */
    public static ScrollbackLimit unlimited() {
        return unlimited(DEFAULT_MEMORY_CAP_BYTES);
    }

    public boolean unlimitedLines() {
        return lines == Integer.MAX_VALUE;
    }
}
