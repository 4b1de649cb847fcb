package dev.holdfast.terminal.agent.live;

import com.techsenger.jeditermfx.core.model.LinesBuffer;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.agent.binding.ScreenText;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.export.PrimaryBuffers;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * The last lines of a {@link TerminalSession}: the screen it displays (the alternate one while a TUI uses it)
 * with the primary scrollback above it. The buffer lock is held only for copying at most {@code count} rows of
 * text; nothing else is done under it.
 */
public final class SessionScreen implements TabScreen {
    private final TerminalSession session;
    private final PrimaryBuffers primary;

    public SessionScreen(TerminalSession session, PrimaryBuffers primary) {
        this.session = Objects.requireNonNull(session, "session");
        this.primary = Objects.requireNonNull(primary, "primary");
    }

    @Override
    public ScreenText lastLines(int count) {
        TerminalTextBuffer buffer = session.buffer();
        List<String> rows = new ArrayList<>(Math.min(count, 1024));
        buffer.lock();
        try {
            int height = buffer.getHeight();
            int last = height - 1;
            while (last >= 0 && blank(buffer.getLine(last))) {
                last--;
            }
            for (int r = last; r >= 0 && rows.size() < count; r--) {
                rows.add(buffer.getLine(r).getText());
            }
            LinesBuffer history = primary.history(buffer);
            for (int r = history.getLineCount() - 1; r >= 0 && rows.size() < count; r--) {
                rows.add(history.getLine(r).getText());
            }
        } finally {
            buffer.unlock();
        }
        Collections.reverse(rows);
        return new ScreenText(rows);
    }

    private static boolean blank(TerminalLine line) {
        return line.getText().isBlank();
    }
}
