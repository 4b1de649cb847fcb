package dev.holdfast.app.control;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.util.Objects;

/**
 * Splits a byte channel into {@code \n}-terminated lines without ever holding more than {@code maxLineBytes} of
 * one: a peer that sends an endless line is answered as soon as it passes the limit, not when (if ever) it ends.
 * A {@code \r} before the {@code \n} is dropped. Not thread-safe: one reader per connection.
 */
final class LineReader {
    private static final int CHUNK_BYTES = 64 * 1024;

    /** What the next read found. */
    sealed interface Next {
    }

    /** A whole line, without its line break. */
    record Line(byte[] bytes) implements Next {
    }

    /** The line passed {@code limitBytes} before its end; the reader is spent. */
    record TooLong(int limitBytes) implements Next {
    }

    /** The peer closed its side; {@code midLine} when it had sent part of a line first. */
    record End(boolean midLine) implements Next {
    }

    private final ReadableByteChannel channel;
    private final int maxLineBytes;
    private final ByteBuffer chunk;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    LineReader(ReadableByteChannel channel, int maxLineBytes) {
        this.channel = Objects.requireNonNull(channel, "channel");
        if (maxLineBytes < 1) {
            throw new IllegalArgumentException("maxLineBytes must be positive: " + maxLineBytes);
        }
        this.maxLineBytes = maxLineBytes;
        this.chunk = ByteBuffer.allocate(Math.min(CHUNK_BYTES, maxLineBytes + 1)).flip();
    }

    Next next() throws IOException {
        while (true) {
            byte[] array = chunk.array();
            int start = chunk.position();
            int end = chunk.limit();
            int newline = start;
            while (newline < end && array[newline] != '\n') {
                newline++;
            }
            int taken = newline - start;
            if (line.size() + taken > maxLineBytes) {
                return new TooLong(maxLineBytes);
            }
            line.write(array, start, taken);
            if (newline < end) {
                chunk.position(newline + 1);
                return new Line(takeLine());
            }
            chunk.clear();
            int read = channel.read(chunk);
            chunk.flip();
            if (read < 0) {
                return new End(line.size() > 0);
            }
        }
    }

    private byte[] takeLine() {
        byte[] bytes = line.toByteArray();
        line.reset();
        int length = bytes.length;
        if (length > 0 && bytes[length - 1] == '\r') {
            byte[] trimmed = new byte[length - 1];
            System.arraycopy(bytes, 0, trimmed, 0, length - 1);
            return trimmed;
        }
        return bytes;
    }
}
