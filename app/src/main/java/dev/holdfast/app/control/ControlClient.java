package dev.holdfast.app.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import java.io.EOFException;
import java.io.IOException;
import java.net.ProtocolException;
import java.net.SocketTimeoutException;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * One connection to a running Holdfast's control socket, sending one request at a time. Every request has a
 * deadline: a Holdfast that is frozen (stopped in a debugger, swapping) makes {@link #request} fail with
 * {@link SocketTimeoutException} instead of hanging the script that asked. Not thread-safe.
 */
public final class ControlClient implements AutoCloseable {
    /** Bounds what one answer may hold; {@code read --scrollback --ansi} of a long history is a few megabytes. */
    public static final int MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

    private final SocketChannel channel;
    private final Selector selector;
    private final SelectionKey key;
    private final Duration timeout;
    private final ControlProtocol protocol = new ControlProtocol();
    private final LineReader lines;
    private long deadlineNanos;
    private int nextId = 1;

    private ControlClient(SocketChannel channel, Selector selector, Duration timeout) throws IOException {
        this.channel = channel;
        this.selector = selector;
        this.timeout = timeout;
        channel.configureBlocking(false);
        this.key = channel.register(selector, 0);
        this.lines = new LineReader(new WaitingChannel(), MAX_RESPONSE_BYTES);
    }

    /**
     * Connects to the socket at {@code socket}.
     *
     * @param timeout how long each request may wait for its answer
     * @throws IOException when nobody listens there ({@link java.net.ConnectException} for a stale socket,
     *                     {@link java.net.SocketException} for a missing one)
     */
    public static ControlClient connect(Path socket, Duration timeout) throws IOException {
        Objects.requireNonNull(timeout, "timeout");
        SocketChannel channel = SocketChannel.open(UnixDomainSocketAddress.of(socket));
        Selector selector = null;
        try {
            selector = Selector.open();
            return new ControlClient(channel, selector, timeout);
        } catch (IOException | RuntimeException e) {
            channel.close();
            if (selector != null) {
                selector.close();
            }
            throw e;
        }
    }

    /**
     * Sends one request and waits for its answer.
     *
     * @throws SocketTimeoutException when no answer came within the timeout
     * @throws EOFException           when Holdfast closed the connection without answering
     * @throws ProtocolException      when the answer is not a response to this request
     */
    public ControlProtocol.Response request(ControlCommand command, JsonNode args) throws IOException {
        deadlineNanos = System.nanoTime() + timeout.toNanos();
        JsonNode id = IntNode.valueOf(nextId++);
        IOException unsent = null;
        try {
            write(protocol.request(id, command.wireName(), args));
        } catch (SocketTimeoutException e) {
            throw e;
        } catch (IOException e) {
            // The server may have stopped reading to refuse the request (too large): its answer says why.
            unsent = e;
        }
        LineReader.Next next;
        try {
            next = lines.next();
        } catch (SocketTimeoutException e) {
            throw e;
        } catch (IOException e) {
            // A reset: it closed without reading all we sent. Say what that means rather than "Connection reset".
            EOFException closed = closedWithoutAnswer(" (" + e.getMessage() + ")");
            closed.initCause(e);
            if (unsent != null) {
                closed.addSuppressed(unsent);
            }
            throw closed;
        }
        if (next instanceof LineReader.Line line) {
            ControlProtocol.Response response = protocol.readResponse(line.bytes());
            if (!response.id().equals(id) && !response.id().isNull()) {
                throw new ProtocolException("Holdfast answered request " + response.id() + " instead of " + id);
            }
            return response;
        }
        if (next instanceof LineReader.TooLong tooLong) {
            throw new ProtocolException("Holdfast's answer is longer than " + tooLong.limitBytes() + " bytes");
        }
        EOFException closed = closedWithoutAnswer("");
        if (unsent != null) {
            closed.addSuppressed(unsent);
        }
        throw closed;
    }

    private static EOFException closedWithoutAnswer(String detail) {
        return new EOFException("Holdfast closed the connection without answering" + detail);
    }

    private void write(byte[] bytes) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
            if (channel.write(buffer) == 0) {
                await(SelectionKey.OP_WRITE);
            }
        }
    }

    private void await(int operation) throws IOException {
        long remainingNanos = deadlineNanos - System.nanoTime();
        if (remainingNanos <= 0) {
            throw new SocketTimeoutException("Holdfast did not answer within " + timeout.toMillis() + " ms");
        }
        key.interestOps(operation);
        selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(remainingNanos)));
        selector.selectedKeys().clear();
    }

    /** The connection as a channel whose reads wait, up to the request's deadline, for at least one byte. */
    private final class WaitingChannel implements ReadableByteChannel {
        @Override
        public int read(ByteBuffer destination) throws IOException {
            while (true) {
                int read = channel.read(destination);
                if (read != 0 || !destination.hasRemaining()) {
                    return read;
                }
                await(SelectionKey.OP_READ);
            }
        }

        @Override
        public boolean isOpen() {
            return channel.isOpen();
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    @Override
    public void close() throws IOException {
        try (selector) {
            channel.close();
        }
    }
}
