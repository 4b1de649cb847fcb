package dev.holdfast.app.view;

import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.shell.PromptMarks;
import java.util.OptionalInt;

/**
 * "Jump to the previous / next prompt": where the view scrolls so that the nearest shell prompt (an OSC 133 mark)
 * above or below the view's top row is the top row. Reads the marks under the buffer lock, for as long as the
 * search takes to reach the nearest prompt.
 */
final class PromptJump {
    private PromptJump() {
    }

    /**
     * @param scrollOffset the lines of history shown above the live screen now (0 = live)
     * @param direction negative for the previous prompt, positive for the next
     * @return the scroll offset that shows that prompt at the top (0 when it is on the live screen), or empty when
     *     there is none that way
     */
    static OptionalInt target(PromptMarks marks, TerminalTextBuffer buffer, int scrollOffset, int direction) {
        int top = -scrollOffset;
        OptionalInt row;
        buffer.lock();
        try {
            row = direction < 0 ? marks.previousPrompt(top) : marks.nextPrompt(top);
        } finally {
            buffer.unlock();
        }
        if (row.isEmpty()) {
            return direction > 0 && scrollOffset > 0 ? OptionalInt.of(0) : OptionalInt.empty();
        }
        return OptionalInt.of(Math.max(0, -row.getAsInt()));
    }
}
