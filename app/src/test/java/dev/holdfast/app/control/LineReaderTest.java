package dev.holdfast.app.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LineReaderTest {

    /** Hands out {@code data} at most {@code step} bytes per read, counting what was read. */
    private static final class Trickle implements ReadableByteChannel {
        private final ByteBuffer data;
        private final int step;
        long delivered;

        Trickle(String data, int step) {
            this(data.getBytes(StandardCharsets.UTF_8), step);
        }

        Trickle(byte[] data, int step) {
            this.data = ByteBuffer.wrap(data);
            this.step = step;
        }

        @Override
        public int read(ByteBuffer destination) {
            if (!data.hasRemaining()) {
                return -1;
            }
            int n = Math.min(step, Math.min(destination.remaining(), data.remaining()));
            destination.put(data.array(), data.position(), n);
            data.position(data.position() + n);
            delivered += n;
            return n;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }

    private static String text(LineReader.Next next) {
        return new String(assertInstanceOf(LineReader.Line.class, next).bytes(), StandardCharsets.UTF_8);
    }

    @Test
    void linesArrivingTogetherComeOutOneByOne() throws IOException {
        LineReader reader = new LineReader(new Trickle("one\ntwo\r\n\nthree", 1024), 100);
        assertEquals("one", text(reader.next()));
        assertEquals("two", text(reader.next()));
        assertEquals("", text(reader.next()));
        assertEquals(new LineReader.End(true), reader.next());
    }

    @Test
    void aLineSplitOverManyReadsIsJoined() throws IOException {
        LineReader reader = new LineReader(new Trickle("{\"v\":1,\"cmd\":\"héllo\"}\n", 1), 100);
        assertEquals("{\"v\":1,\"cmd\":\"héllo\"}", text(reader.next()));
        assertEquals(new LineReader.End(false), reader.next());
    }

    @Test
    void aLineOfExactlyTheLimitIsReadAndOneByteMoreIsNot() throws IOException {
        assertEquals("x".repeat(10), text(new LineReader(new Trickle("x".repeat(10) + "\n", 3), 10).next()));
        assertEquals(new LineReader.TooLong(10), new LineReader(new Trickle("x".repeat(11) + "\n", 3), 10).next());
    }

    @Test
    void anEndlessLineIsRefusedAfterReadingLittleMoreThanTheLimit() throws IOException {
        int limit = 1024 * 1024;
        Trickle endless = new Trickle(new byte[20 * limit], 64 * 1024);
        assertEquals(new LineReader.TooLong(limit), new LineReader(endless, limit).next());
        assertTrue(endless.delivered <= limit + 64 * 1024, "read " + endless.delivered);
    }
}
