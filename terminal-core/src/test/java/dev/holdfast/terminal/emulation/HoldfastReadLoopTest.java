package dev.holdfast.terminal.emulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.StyleState;
import dev.holdfast.terminal.export.PhysicalRows;
import dev.holdfast.terminal.scrollback.FastHistoryTextBuffer;
import dev.holdfast.terminal.stream.HyperlinkListener;
import dev.holdfast.terminal.stream.ShellMarkListener;
import dev.holdfast.terminal.vt.CorrectedTerminal;
import dev.holdfast.terminal.vt.JediTerminalHandler;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** The read loop's contract with the rest of Holdfast, with Holdfast's parser. */
class HoldfastReadLoopTest {
    private final StyleState style = new StyleState();
    private final FastHistoryTextBuffer buffer = FastHistoryTextBuffer.create(20, 3, style, 100);
    private final JediTerminal terminal = new JediTerminal(new HiddenDisplay(), buffer, style);
    private final OutputGeneration generation = new OutputGeneration();
    private final List<String> seenAtEachRead = new ArrayList<>();
    private final List<Integer> askedFor = new ArrayList<>();

    /** A PTY that returns one chunk per read, noting what the model and the generation say as each read begins. */
    private InputStream pty(String... chunks) {
        return new InputStream() {
            private int next;

            @Override
            public int read() {
                throw new UnsupportedOperationException("the loop reads in bulk");
            }

            @Override
            public int read(byte[] b, int off, int len) {
                askedFor.add(len);
                seenAtEachRead.add(generation.processed() + "/" + generation.read() + " "
                        + PhysicalRows.of(buffer, false).get(0));
                if (next == chunks.length) {
                    return -1;
                }
                byte[] chunk = chunks[next++].getBytes(StandardCharsets.UTF_8);
                System.arraycopy(chunk, 0, b, off, chunk.length);
                return chunk.length;
            }
        };
    }

    private HoldfastReadLoop loop(InputStream pty) {
        return loop(pty, ShellMarkListener.NONE, bytes -> { }, () -> false);
    }

    private HoldfastReadLoop loop(InputStream pty, ShellMarkListener marks, JediTerminalHandler.Replies replies,
            BooleanSupplier stopped) {
        return new HoldfastReadLoop(pty, new CorrectedTerminal(terminal), buffer, generation, HyperlinkListener.NONE,
                marks, replies, "test", stopped);
    }

    @Test
    void eachReadIsPublishedAsProcessedOnlyOnceItIsInTheModel() throws IOException {
        loop(pty("one ", "two \u001b[1", "mthree")).run();
        assertEquals(List.of("0/0 ", "1/1 one", "2/2 one two", "3/3 one two three"), seenAtEachRead);
        assertEquals(3, generation.processed());
    }

    @Test
    void noOtherThreadCanCopyTheModelWhileAReadIsHalfParsed() throws Exception {
        // The mark comes between an erase and the redraw after it: a copy taken there would show neither screen.
        List<String> copied = new ArrayList<>();
        ShellMarkListener midway = mark -> {
            Thread other = new Thread(() -> {
                if (buffer.tryLock()) {
                    try {
                        copied.add("row 0 \"" + PhysicalRows.of(buffer, false).get(0) + "\"");
                    } finally {
                        buffer.unlock();
                    }
                }
            });
            other.start();
            try {
                other.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        loop(pty("footer 87%", "\r\u001b[2K\u001b]133;A\u0007footer 86%"), midway, bytes -> { }, () -> false).run();
        assertEquals(List.of(), copied, "a copy got the lock between the erase and the redraw");
        assertEquals("footer 86%", PhysicalRows.of(buffer, false).get(0));
    }

    @Test
    void aReadThatReturnsNothingIsNoNewGeneration() throws IOException {
        loop(pty("one", "", "", "two")).run();
        assertEquals(List.of("0/0 ", "1/1 one", "1/1 one", "1/1 one", "2/2 onetwo"), seenAtEachRead);
    }

    @Test
    void itReadsUpTo64KilobytesAtATime() throws IOException {
        loop(pty("x")).run();
        assertTrue(askedFor.stream().allMatch(n -> n >= HoldfastReadLoop.READ_BYTES), askedFor.toString());
    }

    @Test
    void answersGoToTheWriter() throws IOException {
        List<String> written = new ArrayList<>();
        loop(pty("ab\u001b[6n"), ShellMarkListener.NONE,
                bytes -> written.add(new String(bytes, StandardCharsets.US_ASCII)), () -> false).run();
        assertEquals(List.of("\u001b[1;3R"), written);
    }

    @Test
    void aClosingSessionStopsReading() throws IOException {
        loop(pty("one", "two"), ShellMarkListener.NONE, bytes -> { }, () -> generation.read() >= 1).run();
        assertEquals("one", PhysicalRows.of(buffer, false).get(0));
        assertEquals(1, generation.processed());
    }
}
