package dev.holdfast.app.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Short socket directories and a plain client that speaks the wire format by hand. */
final class SocketTestSupport {
    private SocketTestSupport() {
    }

    /** A fresh 0700 directory under /tmp: a JUnit temp dir can pass the ~100-byte limit of socket paths. */
    static Path shortTempDirectory() throws IOException {
        return Files.createTempDirectory(Path.of("/tmp"), "hf");
    }

    static void deleteRecursively(Path directory) throws IOException {
        if (directory == null || !Files.exists(directory)) {
            return;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }

    /** Leaves a socket file nobody listens on, as a Holdfast killed with -9 does. */
    static void leaveStaleSocket(Path socket) throws IOException {
        try (ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            dead.bind(UnixDomainSocketAddress.of(socket));
        }
    }

    /** One blocking connection; reads and writes may run on different threads. */
    static final class RawClient implements AutoCloseable {
        private final SocketChannel channel;
        private final ObjectMapper json = new ObjectMapper();
        private final ByteBuffer pending = ByteBuffer.allocate(1 << 16).flip();

        RawClient(Path socket) throws IOException {
            this.channel = SocketChannel.open(UnixDomainSocketAddress.of(socket));
        }

        void send(String text) throws IOException {
            ByteBuffer buffer = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        }

        JsonNode call(String requestLine) throws IOException {
            send(requestLine + "\n");
            return readResponse();
        }

        JsonNode readResponse() throws IOException {
            return json.readTree(readLine());
        }

        String readLine() throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            while (true) {
                while (pending.hasRemaining()) {
                    byte b = pending.get();
                    if (b == '\n') {
                        return line.toString(StandardCharsets.UTF_8);
                    }
                    line.write(b);
                }
                pending.clear();
                int read = channel.read(pending);
                pending.flip();
                if (read < 0) {
                    throw new EOFException("closed after " + line.size() + " bytes of a line");
                }
            }
        }

        /** True when the server has closed the connection (end of input, or reset after unread input). */
        boolean closedByServer() throws IOException {
            try {
                pending.clear();
                int read = channel.read(pending);
                pending.flip();
                return read < 0;
            } catch (IOException reset) {
                return true;
            }
        }

        SocketChannel channel() {
            return channel;
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }
}
