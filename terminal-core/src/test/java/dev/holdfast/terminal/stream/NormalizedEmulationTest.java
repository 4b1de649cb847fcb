package dev.holdfast.terminal.stream;

import static dev.holdfast.terminal.scrollback.HeadlessModel.color;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.TtyBasedArrayDataStream;
import com.techsenger.jeditermfx.core.TtyConnector;
import com.techsenger.jeditermfx.core.emulator.JediEmulator;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import dev.holdfast.terminal.scrollback.HeadlessModel;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The normalizer in front of a real JediEmulator and JediTerminal, as in a terminal session but with no PTY. */
class NormalizedEmulationTest {
    private static final String E = "\u001b";

    private final List<String> links = new ArrayList<>();

    /** Feeds {@code text} through an {@link EmulatorFeed} into a fresh model, in reads of {@code readSize}. */
    private HeadlessModel run(String text, int readSize) {
        HeadlessModel model = HeadlessModel.fast(80, 5, 100);
        EmulatorFeed feed = new EmulatorFeed(new StringReader(text) {
            @Override
            public int read(char[] buf, int off, int len) throws IOException {
                return super.read(buf, off, Math.min(len, readSize));
            }
        }, new HyperlinkListener() {
            @Override
            public void hyperlinkStarted(String uri, String params) {
                links.add("start " + uri);
            }

            @Override
            public void hyperlinkEnded() {
                links.add("end");
            }
        }, new EmulatorFeed.PtyReads() {
            @Override
            public void beforePtyRead() {
            }

            @Override
            public void afterPtyRead() {
            }
        });
        JediEmulator emulator = new JediEmulator(new TtyBasedArrayDataStream(new FeedConnector(feed)),
                model.terminal());
        try {
            while (emulator.hasNext()) {
                emulator.next();
            }
        } catch (IOException e) {
            // End of the text.
        }
        return model;
    }

    private HeadlessModel run(String text) {
        return run(text, 1024);
    }

    private static String firstLine(HeadlessModel model) {
        return model.buffer().getLine(0).getText().stripTrailing();
    }

    private static TextStyle styleAt(HeadlessModel model, int column) {
        TerminalLine line = model.buffer().getLine(0);
        return line.getStyleAt(column);
    }

    @Test
    void curlyUnderlineIsAnUnderlineAndTheRestIsNotGarbled() {
        HeadlessModel model = run(E + "[4:3mX" + E + "[4:0mY after");
        assertEquals("XY after", firstLine(model));
        assertTrue(styleAt(model, 0).hasOption(TextStyle.Option.UNDERLINED));
        assertEquals("default", color(styleAt(model, 0).getBackground()), "not SGR 43, yellow background");
        assertFalse(styleAt(model, 1).hasOption(TextStyle.Option.UNDERLINED));
    }

    @Test
    void withoutTheNormalizerTheLibraryGarblesCurlyUnderline() {
        // The library problem this package exists for: the colon is printed and 4:3 is read as 43.
        HeadlessModel raw = HeadlessModel.fast(80, 5, 100).feed(E + "[4:3mX");
        assertEquals(":X", firstLine(raw));
        assertEquals("index 3", color(raw.buffer().getLine(0).getStyleAt(1).getBackground()));
    }

    @Test
    void colonTruecolourIsTruecolour() {
        HeadlessModel model = run(E + "[38:2::255:0:0mR" + E + "[0m rest");
        assertEquals("R rest", firstLine(model));
        assertEquals("rgb 255,0,0", color(styleAt(model, 0).getForeground()));
        assertEquals("default", color(styleAt(model, 2).getForeground()));
    }

    @Test
    void mixedSgrKeepsEveryPartTheModelCanCarry() {
        HeadlessModel model = run(E + "[1;4:3;38:2::1:2:3;48:5:17mM" + E + "[m.");
        assertEquals("M.", firstLine(model));
        TextStyle style = styleAt(model, 0);
        assertTrue(style.hasOption(TextStyle.Option.BOLD));
        assertTrue(style.hasOption(TextStyle.Option.UNDERLINED));
        assertEquals("rgb 1,2,3", color(style.getForeground()));
        // The library resolves palette entries above 15 to their xterm colour: 17 is #00005f.
        assertEquals("rgb 0,0,95", color(style.getBackground()));
    }

    @Test
    void strikethroughOverlineAndUnderlineColourAreIgnoredCleanly() {
        HeadlessModel model = run(E + "[9mS" + E + "[29m" + E + "[53mO" + E + "[55m" + E + "[58;2;255;0;0mU"
                + E + "[59m" + E + "[58:5:9mC" + E + "[>4;2mV");
        assertEquals("SOUCV", firstLine(model));
        for (int column = 0; column < 5; column++) {
            TextStyle style = styleAt(model, column);
            // 58;2;… would otherwise turn on dim (the 2) and reset (the 0); ESC[>4;2m underline and dim.
            assertFalse(style.hasOption(TextStyle.Option.DIM), "column " + column);
            assertFalse(style.hasOption(TextStyle.Option.UNDERLINED), "column " + column);
            assertEquals("default", color(style.getForeground()), "column " + column);
        }
    }

    @Test
    void hyperlinksReachTheEmulatorAndTheListener() {
        HeadlessModel model = run("see " + E + "]8;;https://example.com/a;b" + E + "\\docs" + E + "]8;;" + E
                + "\\ now");
        assertEquals("see docs now", firstLine(model));
        assertEquals(List.of("start https://example.com/a;b", "end"), links);
    }

    @Test
    void sequencesSplitAcrossReadsAreHandledWhole() {
        String text = E + "[4:3mX" + E + "[4:0m" + E + "[38:2::255:0:0mR" + E + "[0m after";
        for (int readSize = 1; readSize <= 8; readSize++) {
            HeadlessModel model = run(text, readSize);
            assertEquals("XR after", firstLine(model), "reads of " + readSize);
            assertTrue(styleAt(model, 0).hasOption(TextStyle.Option.UNDERLINED), "reads of " + readSize);
            assertEquals("rgb 255,0,0", color(styleAt(model, 1).getForeground()), "reads of " + readSize);
        }
    }

    /** The emulator's view of the feed. */
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
