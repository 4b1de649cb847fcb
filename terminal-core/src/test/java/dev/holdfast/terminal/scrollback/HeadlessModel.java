package dev.holdfast.terminal.scrollback;

import com.techsenger.jeditermfx.core.ArrayTerminalDataStream;
import com.techsenger.jeditermfx.core.Color;
import com.techsenger.jeditermfx.core.CursorShape;
import com.techsenger.jeditermfx.core.RequestOrigin;
import com.techsenger.jeditermfx.core.StyledTextConsumer;
import com.techsenger.jeditermfx.core.TerminalColor;
import com.techsenger.jeditermfx.core.TerminalDisplay;
import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.emulator.JediEmulator;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseFormat;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseMode;
import com.techsenger.jeditermfx.core.model.CharBuffer;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.LinesBuffer;
import com.techsenger.jeditermfx.core.model.StyleState;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalSelection;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import com.techsenger.jeditermfx.core.util.TermSize;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A real JediTerm model with no UI and no PTY, built on either the library's text buffer or ours, for tests:
 * feed it text as a shell would, resize it, and read what a user could observe.
 */
public final class HeadlessModel {
    private final TerminalTextBuffer buffer;
    private final JediTerminal terminal;
    private int historyEvents;
    private int modelEvents;

    private HeadlessModel(TerminalTextBuffer buffer, StyleState style) {
        this.buffer = buffer;
        this.terminal = new JediTerminal(new QuietDisplay(), buffer, style);
        buffer.addHistoryBufferListener(() -> historyEvents++);
        buffer.addModelListener(() -> modelEvents++);
    }

    /** The library's own buffer: the reference behaviour. */
    public static HeadlessModel library(int columns, int rows, int historyLines) {
        StyleState style = new StyleState();
        return new HeadlessModel(new TerminalTextBuffer(columns, rows, style, historyLines, null), style);
    }

    /** Holdfast's buffer with the ring history. */
    public static HeadlessModel fast(int columns, int rows, int historyLines) {
        StyleState style = new StyleState();
        return new HeadlessModel(FastHistoryTextBuffer.create(columns, rows, style, historyLines), style);
    }

    public TerminalTextBuffer buffer() {
        return buffer;
    }

    public JediTerminal terminal() {
        return terminal;
    }

    /** Feeds raw text through a fresh emulator, as a PTY would. */
    public HeadlessModel feed(String text) {
        JediEmulator emulator = new JediEmulator(new ArrayTerminalDataStream(text.toCharArray()), terminal);
        try {
            while (emulator.hasNext()) {
                emulator.next();
            }
        } catch (IOException e) {
            // End of the text.
        }
        return this;
    }

    public HeadlessModel resize(int columns, int rows) {
        buffer.lock();
        try {
            terminal.resize(new TermSize(columns, rows), RequestOrigin.User);
        } finally {
            buffer.unlock();
        }
        return this;
    }

    public HeadlessModel clearHistory() {
        buffer.clearHistory();
        return this;
    }

    public int historyEvents() {
        return historyEvents;
    }

    public int modelEvents() {
        return modelEvents;
    }

    /** History line texts, oldest first, as {@link TerminalTextBuffer#getHistoryBuffer()} shows them. */
    public List<String> historyTexts() {
        buffer.lock();
        try {
            return buffer.getHistoryBuffer().getLineTexts();
        } finally {
            buffer.unlock();
        }
    }

    /**
     * Everything a user or an export can observe: sizes, cursor, and every history and screen line with its
     * wrap flag and styled runs, through the library's public read paths.
     */
    public String observable() {
        buffer.lock();
        try {
            StringBuilder out = new StringBuilder();
            int history = buffer.getHistoryLinesCount();
            out.append("size ").append(buffer.getWidth()).append('x').append(buffer.getHeight())
                    .append(" history ").append(history)
                    .append(" screen ").append(buffer.getScreenLinesCount())
                    .append(" alternate ").append(buffer.isUsingAlternateBuffer())
                    .append(" cursor ").append(terminal.getCursorX()).append(',').append(terminal.getCursorY())
                    .append('\n');
            for (int i = -history; i < buffer.getHeight(); i++) {
                out.append(i).append(": ").append(describe(buffer.getLine(i))).append('\n');
            }
            LinesBuffer historyBuffer = buffer.getHistoryBuffer();
            out.append("history text:\n").append(historyBuffer.getLines()).append('\n');
            List<String> processed = new ArrayList<>();
            buffer.processHistoryAndScreenLines(-history, history + buffer.getHeight(), new StyledTextConsumer() {
                @Override
                public void consume(int x, int y, TextStyle style, CharBuffer characters, int startRow) {
                    processed.add(y + "@" + x + ":" + characters + style(style));
                }

                @Override
                public void consumeNul(int x, int y, int nulIndex, TextStyle style, CharBuffer characters,
                        int startRow) {
                    processed.add(y + "@" + x + ":nul" + characters.length() + style(style));
                }

                @Override
                public void consumeQueue(int x, int y, int nulIndex, int startRow) {
                }
            });
            out.append("processed: ").append(processed).append('\n');
            return out.toString();
        } finally {
            buffer.unlock();
        }
    }

    private static String describe(TerminalLine line) {
        StringBuilder out = new StringBuilder(line.isWrapped() ? "[wrapped] " : "");
        for (TerminalLine.TextEntry entry : line.getEntries()) {
            out.append('«').append(entry.getText()).append('»').append(style(entry.getStyle()));
        }
        return out.toString();
    }

    private static String style(TextStyle style) {
        StringBuilder out = new StringBuilder("{").append(color(style.getForeground())).append(',')
                .append(color(style.getBackground()));
        for (TextStyle.Option option : TextStyle.Option.values()) {
            if (style.hasOption(option)) {
                out.append(',').append(option);
            }
        }
        return out.append('}').toString();
    }

    /** A colour as text: the library's TerminalColor has no toString. */
    public static String color(TerminalColor color) {
        if (color == null) {
            return "default";
        }
        if (color.isIndexed()) {
            return "index " + color.getColorIndex();
        }
        Color rgb = color.toColor();
        return "rgb " + rgb.getRed() + "," + rgb.getGreen() + "," + rgb.getBlue();
    }

    /** A display that ignores everything: the model is all these tests look at. */
    public static final class QuietDisplay implements TerminalDisplay {
        @Override
        public void setCursor(int x, int y) {
        }

        @Override
        public void setCursorShape(CursorShape shape) {
        }

        @Override
        public void beep() {
        }

        @Override
        public void scrollArea(int top, int size, int dy) {
        }

        @Override
        public void setCursorVisible(boolean visible) {
        }

        @Override
        public void useAlternateScreenBuffer(boolean enabled) {
        }

        @Override
        public String getWindowTitle() {
            return "";
        }

        @Override
        public void setWindowTitle(String title) {
        }

        @Override
        public TerminalSelection getSelection() {
            return null;
        }

        @Override
        public void terminalMouseModeSet(MouseMode mode) {
        }

        @Override
        public void setMouseFormat(MouseFormat format) {
        }

        @Override
        public boolean ambiguousCharsAreDoubleWidth() {
            return false;
        }
    }
}
