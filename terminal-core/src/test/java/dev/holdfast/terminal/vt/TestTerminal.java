package dev.holdfast.terminal.vt;

import com.techsenger.jeditermfx.core.Terminal;
import com.techsenger.jeditermfx.core.TerminalOutputStream;
import com.techsenger.jeditermfx.core.TtyBasedArrayDataStream;
import com.techsenger.jeditermfx.core.TtyConnector;
import com.techsenger.jeditermfx.core.emulator.JediEmulator;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.StyleState;
import dev.holdfast.terminal.emulation.RecordingDisplay;
import dev.holdfast.terminal.export.PhysicalRows;
import dev.holdfast.terminal.scrollback.FastHistoryTextBuffer;
import dev.holdfast.terminal.stream.EmulatorFeed;
import dev.holdfast.terminal.stream.HyperlinkListener;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A real JediTerm model (Holdfast's buffers) with no PTY, fed either through Holdfast's parser or through the
 * library's emulator behind the normaliser (the path before), recording what the display, the program and the
 * hyperlink table would hear.
 */
final class TestTerminal {
    final StyleState style = new StyleState();
    final FastHistoryTextBuffer buffer;
    final RecordingDisplay display = new RecordingDisplay();
    final JediTerminal terminal;
    final List<String> replies = new ArrayList<>();
    final List<String> links = new ArrayList<>();
    final List<String> marks = new ArrayList<>();
    private final HyperlinkListener linkListener = new HyperlinkListener() {
        @Override
        public void hyperlinkStarted(String uri, String params) {
            links.add("start " + uri + " [" + params + "] at " + terminal.getCursorX() + "," + terminal.getCursorY());
        }

        @Override
        public void hyperlinkEnded() {
            links.add("end at " + terminal.getCursorX() + "," + terminal.getCursorY());
        }
    };

    TestTerminal(int columns, int rows) {
        buffer = FastHistoryTextBuffer.create(columns, rows, style, 100);
        terminal = new JediTerminal(display, buffer, style);
    }

    /** Through Holdfast's parser, driving the model as Holdfast does: corrected. */
    static TestTerminal ours(int columns, int rows, String text) {
        TestTerminal t = new TestTerminal(columns, rows);
        return t.feed(new CorrectedTerminal(t.terminal), text);
    }

    /** Through Holdfast's parser, driving the library's terminal as it is: what the reading alone changes. */
    static TestTerminal oursUncorrected(int columns, int rows, String text) {
        TestTerminal t = new TestTerminal(columns, rows);
        return t.feed(t.terminal, text);
    }

    /** Through the library's emulator behind Holdfast's normaliser: the path before. */
    static TestTerminal library(int columns, int rows, String text) {
        TestTerminal t = new TestTerminal(columns, rows);
        t.terminal.setTerminalOutput(new TerminalOutputStream() {
            @Override
            public void sendBytes(byte[] bytes, boolean userInput) {
                t.replies.add(new String(bytes, StandardCharsets.UTF_8));
            }

            @Override
            public void sendString(String string, boolean userInput) {
                t.replies.add(string);
            }
        });
        EmulatorFeed feed = new EmulatorFeed(new StringReader(text), t.linkListener, new EmulatorFeed.PtyReads() {
            @Override
            public void beforePtyRead() {
            }

            @Override
            public void afterPtyRead() {
            }
        });
        JediEmulator emulator = new JediEmulator(new TtyBasedArrayDataStream(new FeedConnector(feed)), t.terminal);
        try {
            while (emulator.hasNext()) {
                emulator.next();
            }
        } catch (IOException e) {
            // End of the text.
        }
        return t;
    }

    /** More text through Holdfast's parser (a fresh one) into {@code model}. */
    TestTerminal feed(Terminal model, String text) {
        terminal.setTerminalOutput(new TerminalOutputStream() {
            @Override
            public void sendBytes(byte[] bytes, boolean userInput) {
                throw new AssertionError("a reply bypassed the handler's Replies");
            }

            @Override
            public void sendString(String string, boolean userInput) {
                throw new AssertionError("a reply bypassed the handler's Replies: " + string);
            }
        });
        new VtParser(new JediTerminalHandler(model, linkListener,
                mark -> marks.add(mark + " at " + terminal.getCursorX() + "," + terminal.getCursorY()),
                bytes -> replies.add(new String(bytes, StandardCharsets.UTF_8)), "test"))
                .advance(text.toCharArray(), 0, text.length());
        return this;
    }

    List<String> rows() {
        return PhysicalRows.of(buffer, false);
    }

    String row(int row) {
        return rows().get(row - 1);
    }

    /** Cursor as column,row, both 1-based. */
    String cursor() {
        return terminal.getCursorX() + "," + terminal.getCursorY();
    }

    private static final class FeedConnector implements TtyConnector {
        private final EmulatorFeed feed;

        FeedConnector(EmulatorFeed feed) {
            this.feed = feed;
        }

        @Override
        public int read(char[] buf, int offset, int length) throws IOException {
            return feed.read(buf, offset, length);
        }

        @Override
        public void write(byte[] bytes) {
        }

        @Override
        public void write(String text) {
        }

        @Override
        public boolean isConnected() {
            return true;
        }

        @Override
        public int waitFor() {
            return 0;
        }

        @Override
        public boolean ready() throws IOException {
            return feed.ready();
        }

        @Override
        public String getName() {
            return "test";
        }

        @Override
        public void close() {
        }
    }
}
