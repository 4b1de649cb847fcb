package dev.holdfast.terminal.scrollback;

import com.techsenger.jeditermfx.core.TextStyle;

/**
 * Receives a history line's style runs, in order, straight from where the history keeps them: a copy that only
 * reads (a checkpoint's) takes the characters once, without a line object built for it first.
 */
@FunctionalInterface
public interface RunReader {
    /**
     * One run: {@code length} cells of {@code style} (null where the library left a run without one), at
     * {@code chars[offset]}. The array is the history's own: copy what you keep before returning, never write.
     */
    void run(TextStyle style, char[] chars, int offset, int length);
}
