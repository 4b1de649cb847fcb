package dev.holdfast.checkpoint.scrollback;

/**
 * Keeps the end of formatted scrollback. The app passes terminal-core's {@code ScrollbackTail}:
 * {@code (text, lines, chars) -> tail.tail(text, new ExportLimits(lines, chars))}.
 */
@FunctionalInterface
public interface ScrollbackTrimmer {

    /**
     * Checkpoint executor. The end of {@code text} within {@code maxLines} lines and {@code maxChars}
     * characters, never cut inside an escape sequence or a surrogate pair; {@code text} itself when it fits.
     */
    String keepEnd(String text, int maxLines, int maxChars);
}
