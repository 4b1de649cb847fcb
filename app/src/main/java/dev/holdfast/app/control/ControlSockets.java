package dev.holdfast.app.control;

import java.io.IOException;
import java.net.ConnectException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The control sockets of one state directory: the primary one ({@code control.sock}), which the first running
 * instance holds, and {@code control-<pid>.sock} for each further instance on the same directory, so a second
 * Holdfast never takes the first one's socket away.
 *
 * @param primary the primary socket's path, {@code StateDirectory.controlSocket()}
 */
public record ControlSockets(Path primary) {

    /** What is at a socket path. */
    public enum State {
        /** Nothing. */
        ABSENT,
        /** A socket file nobody listens on: its instance died without removing it. */
        STALE,
        /** A socket a running instance accepts connections on. */
        LIVE
    }

    public ControlSockets {
        Objects.requireNonNull(primary, "primary");
        if (primary.getFileName() == null) {
            throw new IllegalArgumentException("the primary socket needs a file name: " + primary);
        }
    }

    /** The socket an instance with this pid uses when the primary one is taken. */
    public Path forPid(long pid) {
        return primary.resolveSibling(stem() + "-" + pid + ".sock");
    }

    /** The pid in an instance socket's name, or empty for the primary socket and any other file. */
    public OptionalLong pidOf(Path socket) {
        Matcher matcher = instancePattern().matcher(socket.getFileName().toString());
        return matcher.matches() && socket.toAbsolutePath().getParent().equals(primary.toAbsolutePath().getParent())
                ? OptionalLong.of(Long.parseLong(matcher.group(1)))
                : OptionalLong.empty();
    }

    /** The instance sockets (not the primary) present in the directory, live or not, by name. */
    public List<Path> instanceSockets() throws IOException {
        Path directory = primary.toAbsolutePath().getParent();
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        Pattern pattern = instancePattern();
        List<Path> sockets = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory)) {
            files.filter(file -> pattern.matcher(file.getFileName().toString()).matches())
                    .sorted()
                    .forEach(sockets::add);
        }
        return List.copyOf(sockets);
    }

    /**
     * Finds out whether an instance listens at {@code socket} by connecting to it. The connection is closed at
     * once; a server sees a client that sent nothing, which it ignores.
     *
     * @throws IOException when {@code socket} exists but is not a socket (Holdfast will not delete such a file),
     *                     or when it cannot be probed (no permission)
     */
    public static State probe(Path socket) throws IOException {
        Optional<BasicFileAttributes> attributes = attributes(socket);
        if (attributes.isEmpty()) {
            return State.ABSENT;
        }
        if (!attributes.get().isOther()) {
            throw new IOException(socket + " exists but is not a socket; move it away so Holdfast can use the name");
        }
        try (SocketChannel probe = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            probe.connect(UnixDomainSocketAddress.of(socket));
            return State.LIVE;
        } catch (ConnectException refused) {
            return State.STALE;
        } catch (IOException e) {
            // It vanished between the two looks: its instance just removed it.
            if (attributes(socket).isEmpty()) {
                return State.ABSENT;
            }
            throw e;
        }
    }

    private static Optional<BasicFileAttributes> attributes(Path socket) throws IOException {
        try {
            return Optional.of(Files.readAttributes(socket, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    private String stem() {
        String name = primary.getFileName().toString();
        return name.endsWith(".sock") ? name.substring(0, name.length() - ".sock".length()) : name;
    }

    private Pattern instancePattern() {
        return Pattern.compile(Pattern.quote(stem()) + "-(\\d{1,18})\\.sock");
    }
}
