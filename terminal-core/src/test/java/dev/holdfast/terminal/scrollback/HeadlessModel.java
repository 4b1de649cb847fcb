package dev.holdfast.terminal.scrollback;

import com.techsenger.jeditermfx.core.ArrayTerminalDataStream;
import com.techsenger.jeditermfx.core.Color;
import com.techsenger.jeditermfx.core.RequestOrigin;
import com.techsenger.jeditermfx.core.StyledTextConsumer;
import com.techsenger.jeditermfx.core.TerminalColor;
import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.emulator.JediEmulator;
import com.techsenger.jeditermfx.core.model.CharBuffer;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.LinesBuffer;
import com.techsenger.jeditermfx.core.model.StyleState;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import com.techsenger.jeditermfx.core.util.TermSize;
import dev.holdfast.terminal.emulation.HiddenDisplay;
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
        this.terminal = new JediTerminal(new HiddenDisplay(), buffer, style);
        buffer.addHistoryBufferListener(() -> historyEvents++);
        buffer.addModelListener(() -> modelEvents++);
    }

    /** The library's own buffer: the reference behaviour. */
    public static HeadlessModel library(int columns, int rows, int historyLines) {
        StyleState style = new StyleState();
        return new HeadlessModel(new TerminalTextBuffer(columns, rows, style, historyLines, null), style);
    }

    /** Holdfast's buffer with a history bounded by {@code limit}. */
    public static HeadlessModel withLimit(int columns, int rows, ScrollbackLimit limit) {
        StyleState style = new StyleState();
        return new HeadlessModel(FastHistoryTextBuffer.create(columns, rows, style, limit), style);
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
     * wrap flag and styled cells, through the library's public read paths. Cells are described, not the
     * library's runs: how a line's cells are split into entries cannot be seen, nor can NUL cells with no colour
     * or attribute at the end of a line (they draw, copy and export like no cells; Holdfast's history drops
     * them).
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
                TerminalLine line = buffer.getLine(i);
                Cells cells = new Cells();
                int x = 0;
                for (TerminalLine.TextEntry entry : line.getEntries()) {
                    x = cells.put(x, entry.getText().toString(), style(entry.getStyle()));
                }
                out.append(i).append(": ").append(line.isWrapped() ? "[wrapped] " : "").append(cells).append('\n');
            }
            LinesBuffer historyBuffer = buffer.getHistoryBuffer();
            out.append("history text:\n");
            for (String text : historyBuffer.getLineTexts()) {
                out.append(text.replaceAll("\u0000+$", "")).append('\n');
            }
            // Lines in the order the library reports them; a new line starts where y changes or x goes back
            // from where the last run ended.
            List<String> rows = new ArrayList<>();
            List<Cells> processed = new ArrayList<>();
            buffer.processHistoryAndScreenLines(-history, history + buffer.getHeight(), new StyledTextConsumer() {
                private int lastY = Integer.MIN_VALUE;
                private int lastEnd;

                private void run(int x, int y, String text, String style) {
                    if (y != lastY || x < lastEnd) {
                        processed.add(new Cells());
                        rows.add(String.valueOf(y));
                    }
                    lastY = y;
                    lastEnd = processed.get(processed.size() - 1).put(x, text, style);
                }

                @Override
                public void consume(int x, int y, TextStyle style, CharBuffer characters, int startRow) {
                    run(x, y, characters.toString(), style(style));
                }

                @Override
                public void consumeNul(int x, int y, int nulIndex, TextStyle style, CharBuffer characters,
                        int startRow) {
                    run(x, y, "\u0000".repeat(characters.length()), style(style));
                }

                @Override
                public void consumeQueue(int x, int y, int nulIndex, int startRow) {
                }
            });
            out.append("processed:");
            for (int i = 0; i < rows.size(); i++) {
                out.append(' ').append(rows.get(i)).append('=').append(processed.get(i));
            }
            out.append('\n');
            return out.toString();
        } finally {
            buffer.unlock();
        }
    }

    /** A line's cells by column as runs of one style, NUL cells shown as {@code @}, plain trailing ones left out. */
    private static final class Cells {
        private static final String PLAIN = "{default,default}";
        private final List<Character> chars = new ArrayList<>();
        private final List<String> styles = new ArrayList<>();

        int put(int x, String text, String style) {
            for (int i = 0; i < text.length(); i++) {
                while (chars.size() <= x + i) {
                    chars.add('\u0000');
                    styles.add(PLAIN);
                }
                chars.set(x + i, text.charAt(i));
                styles.set(x + i, style);
            }
            return x + text.length();
        }

        @Override
        public String toString() {
            int end = chars.size();
            while (end > 0 && chars.get(end - 1) == '\u0000' && styles.get(end - 1).equals(PLAIN)) {
                end--;
            }
            StringBuilder out = new StringBuilder();
            for (int i = 0; i < end; i++) {
                if (i == 0 || !styles.get(i).equals(styles.get(i - 1))) {
                    if (i > 0) {
                        out.append('»').append(styles.get(i - 1));
                    }
                    out.append('«');
                }
                out.append(chars.get(i) == '\u0000' ? '@' : chars.get(i));
            }
            if (end > 0) {
                out.append('»').append(styles.get(end - 1));
            }
            return out.toString();
        }
    }

    private static String style(TextStyle style) {
        if (style == null) {
            return "{no style}"; // the library leaves runs without a style after some edits
        }
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
}
