package dev.holdfast.app.control;

import com.fasterxml.jackson.databind.node.NullNode;
import dev.holdfast.checkpoint.store.PrivateFiles;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channel;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves the control protocol ({@link ControlProtocol}) on a Unix-domain socket in the state directory.
 *
 * <p><b>Who may connect.</b> The socket lives in the state directory, which is 0700, and is itself 0600. Java
 * cannot create a socket file with a mode (bind and listen are one call), so the mode is set right after bind;
 * for that instant the file has the umask's mode, but nobody else can reach it, because the directory it is in
 * (made 0700 before bind) cannot be entered by another user. Where the platform reports the peer's credentials
 * ({@code SO_PEERCRED}: Linux, and macOS in current JDKs), a peer running as another user than the socket's owner
 * is answered {@code forbidden} and disconnected, so that a directory made readable by mistake still lets no one
 * else in. Where it does not, the file modes are the protection.
 *
 * <p><b>Which socket.</b> {@link #start()} takes {@code control.sock} unless a running instance answers there; a
 * socket file nobody answers on is what a crashed instance leaves behind, and is replaced. When a live instance
 * holds it, this one takes {@code control-<pid>.sock} next to it (see {@link ControlSockets}). A lock file
 * ({@code control.sock.lock}) makes the look-then-bind of two instances starting together happen one after the
 * other, so neither deletes the socket the other has just bound. Under the same lock, start also removes the
 * {@code control-<pid>.sock} files nobody answers on: instances killed without removing theirs.
 *
 * <p><b>Threads.</b> One acceptor thread ({@value #ACCEPT_THREAD}) and one pooled thread per open connection
 * ({@value #CONNECTION_THREADS}, {@value #CONNECTION_THREADS}-2, …), at most
 * {@link ControlSettings#maxConnections()}, idle ones ending after {@link #IDLE_THREAD_KEEP_ALIVE}; a connection
 * beyond that is answered {@code busy}. Requests on one connection are answered in order; connections are
 * independent, so a client that stalls or leaves mid-request affects only itself. A connection that has gone
 * {@link ControlSettings#idleTimeout()} without sending a whole request (since it connected or was last answered)
 * is closed by a watchdog ({@value #IDLE_WATCH_THREAD}), so clients that connect and send nothing, or send a byte
 * now and then, cannot keep the slots from {@code ctl}. {@link #stop()} ends them all.
 */
public final class ControlServer implements AutoCloseable {
    static final String ACCEPT_THREAD = "holdfast-control-accept";
    static final String CONNECTION_THREADS = "holdfast-control-connection";
    static final String IDLE_WATCH_THREAD = "holdfast-control-idle";

    /** After an unexpected accept failure (out of file descriptors), so the acceptor does not spin. */
    private static final Duration ACCEPT_RETRY_PAUSE = Duration.ofMillis(100);
    private static final Duration IDLE_THREAD_KEEP_ALIVE = Duration.ofSeconds(30);

    private static final Logger log = LoggerFactory.getLogger(ControlServer.class);

    private final ControlSockets sockets;
    private final ControlTarget target;
    private final ControlSettings settings;
    private final ControlProtocol protocol = new ControlProtocol();
    private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
    /** Connection threads, so stop() can join them: a terminated pool's last thread may still be exiting. */
    private final Set<Thread> connectionThreads = ConcurrentHashMap.newKeySet();

    /** Everything that exists while the server runs; written once by start(), before the acceptor starts. */
    private record Running(ServerSocketChannel channel, Path socket, Object socketFileKey, UserPrincipal owner,
                           CommandDispatcher dispatcher, ThreadPoolExecutor pool, Thread acceptor,
                           ScheduledExecutorService idleWatch) {
    }

    /**
     * One open connection, as the idle watchdog sees it. Protocol: the connection thread sets {@code answering}
     * before it runs a command and clears it after, and moves {@code idleSinceNanos} on when it connects and when
     * a command has been answered; the watchdog closes a connection that is not answering and has been idle for
     * longer than the timeout. A close while the thread reads or writes ends that read or write.
     */
    private static final class Connection {
        final SocketChannel channel;
        volatile long idleSinceNanos;
        volatile boolean answering;

        Connection(SocketChannel channel, long nowNanos) {
            this.channel = channel;
            this.idleSinceNanos = nowNanos;
        }
    }

    private final boolean mayTakePrimary;
    private Running running;
    private boolean started;
    private boolean stopped;

    /**
     * @param primarySocket where the socket goes when no other instance holds it:
     *                      {@code StateDirectory.controlSocket()}
     */
    public ControlServer(Path primarySocket, ControlTarget target, ControlSettings settings) {
        this(primarySocket, target, settings, true);
    }

    /**
     * @param mayTakePrimary false for an instance that does not own the state directory (another holds its
     *                       instance lock): it always takes {@code control-<pid>.sock}, so that {@code holdfast ctl}
     *                       without {@code --instance} reaches the instance whose session it is, whichever started
     *                       its server first
     */
    public ControlServer(Path primarySocket, ControlTarget target, ControlSettings settings, boolean mayTakePrimary) {
        this.sockets = new ControlSockets(Objects.requireNonNull(primarySocket, "primarySocket").toAbsolutePath());
        this.target = Objects.requireNonNull(target, "target");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.mayTakePrimary = mayTakePrimary;
    }

    /**
     * Binds the socket (replacing a stale one, or taking an instance-specific name when a live instance holds the
     * primary one) and starts serving.
     *
     * @return the socket this server listens on
     * @throws IOException when no socket could be bound; nothing is left running then
     */
    public synchronized Path start() throws IOException {
        if (started) {
            throw new IllegalStateException("a control server starts once");
        }
        started = true;
        Path directory = sockets.primary().getParent();
        PrivateFiles.createDirectories(directory);
        long pid = ProcessHandle.current().pid();
        ServerSocketChannel channel;
        Path socket;
        try (FileChannel lock = lockStartup()) {
            removeStaleInstanceSockets(pid);
            socket = chooseSocket(pid);
            channel = bind(socket);
        }
        ThreadPoolExecutor pool = null;
        ScheduledExecutorService idleWatch = null;
        try {
            UserPrincipal owner = Files.getOwner(socket, LinkOption.NOFOLLOW_LINKS);
            Object fileKey = Files.readAttributes(socket, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
                    .fileKey();
            boolean primary = socket.equals(sockets.primary());
            CommandDispatcher dispatcher = new CommandDispatcher(target,
                    new CommandDispatcher.InstanceResult(pid, socket.toString(), primary, mayTakePrimary),
                    settings.commandTimeout());
            ThreadFactory named = new NamedThreadFactory(CONNECTION_THREADS, true);
            pool = new ThreadPoolExecutor(0, settings.maxConnections(), IDLE_THREAD_KEEP_ALIVE.toSeconds(),
                    TimeUnit.SECONDS, new SynchronousQueue<>(), task -> {
                        Thread thread = named.newThread(task);
                        // Idle threads end after the keep-alive; forgetting them here keeps the set small.
                        connectionThreads.removeIf(old -> !old.isAlive());
                        connectionThreads.add(thread);
                        return thread;
                    });
            Thread acceptor = new NamedThreadFactory(ACCEPT_THREAD, true).newThread(this::acceptConnections);
            idleWatch = Executors.newSingleThreadScheduledExecutor(new NamedThreadFactory(IDLE_WATCH_THREAD, true));
            long period = Math.max(10, Math.min(1_000, settings.idleTimeout().toMillis() / 4));
            idleWatch.scheduleWithFixedDelay(this::closeIdleConnections, period, period, TimeUnit.MILLISECONDS);
            running = new Running(channel, socket, fileKey, owner, dispatcher, pool, acceptor, idleWatch);
            acceptor.start();
            if (primary) {
                log.info("Control socket listening at {}", socket);
            } else {
                log.info("Control socket {} belongs to another running Holdfast; this one listens at {}",
                        sockets.primary(), socket);
            }
            return socket;
        } catch (IOException | RuntimeException e) {
            running = null;
            if (pool != null) {
                pool.shutdownNow();
            }
            if (idleWatch != null) {
                idleWatch.shutdownNow();
            }
            channel.close();
            Files.deleteIfExists(socket);
            throw e;
        }
    }

    /** The socket this server listens on, or empty before {@link #start()} and after {@link #stop()}. */
    public synchronized Optional<Path> socket() {
        return running == null || stopped ? Optional.empty() : Optional.of(running.socket());
    }

    /**
     * Takes the lock that orders the socket choice of instances starting together; it is held until the returned
     * channel is closed, since closing a channel releases its locks. The lock is between processes: two servers of
     * one JVM starting on one directory at the same moment would get an OverlappingFileLockException, which the
     * app, with one server, never does.
     */
    private FileChannel lockStartup() throws IOException {
        Path lockFile = sockets.primary().resolveSibling(sockets.primary().getFileName() + ".lock");
        FileChannel channel = FileChannel.open(lockFile, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE),
                PosixFilePermissions.asFileAttribute(PrivateFiles.FILE_PERMISSIONS));
        try {
            channel.lock();
            return channel;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * Deletes the instance sockets ({@code control-<pid>.sock}) nobody listens on: each instance that was killed
     * while it held one left it behind. A probe, not the pid, decides: a pid can be reused by another process.
     */
    private void removeStaleInstanceSockets(long ownPid) {
        List<Path> instanceSockets;
        try {
            instanceSockets = sockets.instanceSockets();
        } catch (IOException e) {
            log.warn("Could not look for stale control sockets next to {}: {}", sockets.primary(), e.toString());
            return;
        }
        for (Path candidate : instanceSockets) {
            try {
                if (ControlSockets.probe(candidate) == ControlSockets.State.STALE) {
                    Files.delete(candidate);
                    log.info("Removed stale control socket {}: the Holdfast that made it is gone", candidate);
                }
            } catch (NoSuchFileException gone) {
                // Its instance removed it meanwhile.
            } catch (IOException e) {
                log.warn("Left {} alone: {}", candidate, e.getMessage());
            }
        }
    }

    private Path chooseSocket(long pid) throws IOException {
        List<Path> candidates = mayTakePrimary ? List.of(sockets.primary(), sockets.forPid(pid))
                : List.of(sockets.forPid(pid));
        for (Path candidate : candidates) {
            ControlSockets.State state = ControlSockets.probe(candidate);
            if (state == ControlSockets.State.LIVE) {
                continue;
            }
            if (state == ControlSockets.State.STALE) {
                Files.delete(candidate);
                log.info("Removed stale control socket {}: the Holdfast that made it is gone", candidate);
            }
            return candidate;
        }
        throw new IOException("the control sockets " + candidates + " belong to running Holdfast instances");
    }

    private static ServerSocketChannel bind(Path socket) throws IOException {
        ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            channel.bind(UnixDomainSocketAddress.of(socket));
        } catch (IOException e) {
            channel.close();
            // The usual cause is a state directory deep enough to pass the ~100-byte limit of socket paths.
            throw new IOException("cannot listen on " + socket + " (" + socket.toString().length() + " characters): "
                    + e.getMessage(), e);
        }
        try {
            PrivateFiles.restrictToOwner(socket);
        } catch (IOException | RuntimeException e) {
            channel.close();
            Files.deleteIfExists(socket);
            throw e;
        }
        return channel;
    }

    private void acceptConnections() {
        Running server = running;
        while (true) {
            SocketChannel connection;
            try {
                connection = server.channel().accept();
            } catch (ClosedChannelException stopping) {
                return;
            } catch (IOException e) {
                log.warn("Control socket {} could not accept a connection", server.socket(), e);
                try {
                    Thread.sleep(ACCEPT_RETRY_PAUSE.toMillis());
                } catch (InterruptedException interrupted) {
                    return;
                }
                continue;
            }
            Connection open = new Connection(connection, System.nanoTime());
            connections.add(open);
            try {
                server.pool().execute(() -> serve(server, open));
            } catch (RejectedExecutionException full) {
                log.warn("Refused a control connection: all {} connection slots are taken", settings.maxConnections());
                refuse(open, ErrorCode.BUSY, "all " + settings.maxConnections()
                        + " control connections are taken; try again");
            }
        }
    }

    private void serve(Running server, Connection open) {
        SocketChannel connection = open.channel;
        try (connection) {
            Optional<String> stranger = otherUser(connection, server.owner());
            if (stranger.isPresent()) {
                log.warn("Refused a control connection from user {}: the socket belongs to {}", stranger.get(),
                        server.owner().getName());
                write(connection, protocol.failure(NullNode.instance, new ControlError(ErrorCode.FORBIDDEN,
                        "this Holdfast belongs to another user")));
                return;
            }
            LineReader lines = new LineReader(connection, settings.maxRequestBytes());
            while (true) {
                LineReader.Next next = lines.next();
                if (next instanceof LineReader.Line line) {
                    open.answering = true;
                    byte[] answer;
                    try {
                        answer = answer(server.dispatcher(), line.bytes());
                    } finally {
                        // The answer gets a whole idle period to reach a client that reads it.
                        open.idleSinceNanos = System.nanoTime();
                        open.answering = false;
                    }
                    write(connection, answer);
                    open.idleSinceNanos = System.nanoTime();
                } else if (next instanceof LineReader.TooLong tooLong) {
                    write(connection, protocol.failure(NullNode.instance, new ControlError(ErrorCode.TOO_LARGE,
                            "a request line may hold at most " + tooLong.limitBytes() + " bytes")));
                    return;
                } else {
                    if (((LineReader.End) next).midLine()) {
                        log.debug("A control client left in the middle of a request");
                    }
                    return;
                }
            }
        } catch (InterruptedException stopping) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // The client went away, or stop() closed the connection: nothing to answer, nobody to tell.
            log.debug("Control connection ended: {}", e.toString());
        } finally {
            connections.remove(open);
        }
    }

    /** The watchdog's round: closes every connection idle for longer than the timeout. */
    private void closeIdleConnections() {
        long now = System.nanoTime();
        long timeout = settings.idleTimeout().toNanos();
        for (Connection open : connections) {
            if (!open.answering && now - open.idleSinceNanos > timeout && open.channel.isOpen()) {
                log.debug("Closed a control connection that sent no request for {} ms", settings.idleTimeout().toMillis());
                closeQuietly(open.channel);
            }
        }
    }

    private byte[] answer(CommandDispatcher dispatcher, byte[] line) throws InterruptedException {
        ControlProtocol.Incoming incoming = protocol.readRequest(line);
        if (incoming instanceof ControlProtocol.Rejected rejected) {
            return protocol.failure(rejected.id(), rejected.error());
        }
        ControlProtocol.Request request = (ControlProtocol.Request) incoming;
        Optional<ControlCommand> command = ControlCommand.fromWireName(request.command());
        if (command.isEmpty()) {
            return protocol.failure(request.id(), new ControlError(ErrorCode.UNKNOWN_COMMAND,
                    "unknown command '" + request.command() + "'"));
        }
        try {
            CommandArguments args = CommandArguments.check(command.get(), request.args());
            return protocol.success(request.id(), dispatcher.run(command.get(), args));
        } catch (ControlException e) {
            return protocol.failure(request.id(), e.toError());
        } catch (RuntimeException e) {
            log.warn("Control command {} failed", request.command(), e);
            return protocol.failure(request.id(), new ControlError(ErrorCode.INTERNAL,
                    request.command() + " failed: " + e));
        }
    }

    /** The peer's user name when it is not the socket's owner; empty when it is, or the platform cannot tell. */
    private static Optional<String> otherUser(SocketChannel connection, UserPrincipal owner) throws IOException {
        if (!connection.supportedOptions().contains(ExtendedSocketOptions.SO_PEERCRED)) {
            return Optional.empty();
        }
        UnixDomainPrincipal peer = connection.getOption(ExtendedSocketOptions.SO_PEERCRED);
        return peer.user().equals(owner) ? Optional.empty() : Optional.of(peer.user().getName());
    }

    private void refuse(Connection open, ErrorCode code, String message) {
        try (SocketChannel connection = open.channel) {
            write(connection, protocol.failure(NullNode.instance, new ControlError(code, message)));
        } catch (IOException e) {
            log.debug("Could not tell a refused control client why: {}", e.toString());
        } finally {
            connections.remove(open);
        }
    }

    private static void write(SocketChannel connection, byte[] bytes) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
            connection.write(buffer);
        }
    }

    /**
     * Stops accepting, lets commands in flight answer for up to {@link ControlSettings#stopGrace()}, then closes
     * every connection, joins every thread and deletes the socket file (unless another instance has replaced it).
     * Blocks for at most twice the grace; call it from the shutdown path, not the FX thread. Idempotent.
     */
    public synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        Running server = running;
        if (server == null) {
            return;
        }
        long graceNanos = settings.stopGrace().toNanos();
        boolean interrupted = false;
        try {
            closeQuietly(server.channel());
            server.idleWatch().shutdownNow();
            // Idle connections, blocked reading their next request, see the end of input and finish; a connection
            // running a command answers it first.
            connections.forEach(open -> shutdownInputQuietly(open.channel));
            server.pool().shutdown();
            if (!joinAll(server, System.nanoTime() + graceNanos)) {
                forceClose(server);
            }
        } catch (InterruptedException e) {
            interrupted = true;
            forceClose(server);
        }
        try {
            if (!joinAll(server, System.nanoTime() + graceNanos)) {
                log.warn("Control server threads did not end within {} ms of being stopped",
                        settings.stopGrace().toMillis());
            }
        } catch (InterruptedException e) {
            interrupted = true;
        }
        deleteSocketFile(server);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits until the acceptor and every connection thread have ended, or the deadline; true when they have. */
    private boolean joinAll(Running server, long deadlineNanos) throws InterruptedException {
        List<Thread> threads = new ArrayList<>(connectionThreads);
        threads.add(server.acceptor());
        for (Thread thread : threads) {
            long remainingMillis = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
            if (remainingMillis > 0) {
                thread.join(remainingMillis);
            }
        }
        long remainingMillis = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
        boolean watchEnded = server.idleWatch().awaitTermination(Math.max(0, remainingMillis), TimeUnit.MILLISECONDS);
        return watchEnded && threads.stream().noneMatch(Thread::isAlive);
    }

    @Override
    public void close() {
        stop();
    }

    private void forceClose(Running server) {
        server.pool().shutdownNow();
        connections.forEach(open -> closeQuietly(open.channel));
    }

    private void deleteSocketFile(Running server) {
        try (FileChannel lock = lockStartup()) {
            Object current = Files.readAttributes(server.socket(), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
                    .fileKey();
            // A file with another identity is a newer instance's socket (ours was judged stale): not ours to delete.
            if (Objects.equals(current, server.socketFileKey())) {
                Files.delete(server.socket());
                log.info("Control socket {} closed and removed", server.socket());
            }
        } catch (NoSuchFileException gone) {
            log.debug("Control socket {} was already removed", server.socket());
        } catch (IOException e) {
            log.warn("Could not remove control socket {}", server.socket(), e);
        }
    }

    private static void shutdownInputQuietly(SocketChannel connection) {
        try {
            connection.shutdownInput();
        } catch (IOException e) {
            log.debug("Control connection was already closed: {}", e.toString());
        }
    }

    private static void closeQuietly(Channel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            log.debug("Closing a control channel failed: {}", e.toString());
        }
    }
}
