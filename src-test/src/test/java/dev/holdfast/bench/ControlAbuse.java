package dev.holdfast.bench;

import static dev.holdfast.bench.HoldfastProcess.call;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.holdfast.app.control.ControlClient;
import dev.holdfast.app.control.ControlCommand;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Abuse of a running app's control socket, phase after phase: malformed JSON, 10 MB lines, requests for panels
 * that do not exist, 200 connections held open (silent, then with 20 clients listing); during each, `list` round
 * trips on a new connection each time, as `ctl` makes ("refused" counts those answered busy or not at all). Then
 * the socket's mode and whether the server closed a silent connection. For {@link ControlAbuseBenchmark} and the
 * reliability harness.
 */
public final class ControlAbuse {
    /** One phase's figures; the times in milliseconds. */
    public record Phase(String name, int lists, long refused, double median, double p99, double max, long sent) {
    }

    /**
     * @param idleClosedSeconds how long after it opened the server closed the last silent connection (NaN when it
     *                          did not before the phases ended)
     */
    public record Result(List<Phase> phases, String socketMode, double idleClosedSeconds) {
    }

    private interface Abuse {
        void run(Path socket, AtomicBoolean stop, AtomicLong sent) throws Exception;
    }

    private ControlAbuse() {
    }

    public static Result run(Path socket, Duration phase) throws Exception {
        List<Phase> phases = new ArrayList<>();
        double idleClosedSeconds;
        phases.add(phase(socket, phase, "nothing (baseline)", 1, (s, stop, sent) -> { }));
        phases.add(phase(socket, phase, "malformed JSON, 4 clients", 4, (s, stop, sent) -> {
            try (SocketChannel c = SocketChannel.open(UnixDomainSocketAddress.of(s))) {
                ByteBuffer in = ByteBuffer.allocate(1 << 16);
                while (!stop.get()) {
                    write(c, "{\"v\":1,\"cmd\":\n[1,2\n\u00ff\u00fe}\n{\"v\":1,\"id\":1,\"cmd\":\"list\"} x\n");
                    in.clear();
                    c.read(in);
                    sent.addAndGet(4);
                }
            }
        }));
        phases.add(phase(socket, phase, "10 MB lines, 2 clients", 2, (s, stop, sent) -> {
            byte[] line = new byte[10 * 1024 * 1024];
            Arrays.fill(line, (byte) 'x');
            line[line.length - 1] = '\n';
            while (!stop.get()) {
                try (SocketChannel c = SocketChannel.open(UnixDomainSocketAddress.of(s))) {
                    c.write(ByteBuffer.wrap(line));
                } catch (IOException refused) {
                    // The server answered too-large and closed, as it should.
                }
                sent.incrementAndGet();
            }
        }));
        phases.add(phase(socket, phase, "unknown panels, 4 clients", 4, (s, stop, sent) -> {
            try (ControlClient c = ControlClient.connect(s, Duration.ofSeconds(30))) {
                while (!stop.get()) {
                    var args = JsonNodeFactory.instance.objectNode();
                    args.put("panel", UUID.randomUUID().toString());
                    c.request(ControlCommand.READ, args);
                    args.put("panel", "ffff");
                    c.request(ControlCommand.SELECT, args);
                    sent.addAndGet(2);
                }
            }
        }));
        List<SocketChannel> silent = new ArrayList<>();
        try {
            for (int i = 0; i < 200; i++) {
                silent.add(SocketChannel.open(UnixDomainSocketAddress.of(socket)));
            }
            long opened = System.nanoTime();
            phases.add(phase(socket, phase, "200 open connections, silent", 1, (s, stop, sent) -> { }));
            phases.add(phase(socket, phase, "200 silent + 20 clients listing", 20, (s, stop, sent) -> {
                try (ControlClient c = ControlClient.connect(s, Duration.ofSeconds(30))) {
                    while (!stop.get()) {
                        c.request(ControlCommand.LIST, JsonNodeFactory.instance.objectNode());
                        sent.incrementAndGet();
                    }
                }
            }));
            // Blocks until the server closes it (the phases above may have taken longer than the idle timeout).
            int read = silent.get(silent.size() - 1).read(ByteBuffer.allocate(16));
            idleClosedSeconds = read < 0 ? (System.nanoTime() - opened) / 1e9 : Double.NaN;
        } finally {
            for (SocketChannel c : silent) {
                c.close();
            }
        }
        String mode = PosixFilePermissions.toString(Files.getPosixFilePermissions(socket));
        return new Result(phases, mode, idleClosedSeconds);
    }

    private static Phase phase(Path socket, Duration phase, String name, int abusers, Abuse abuse)
            throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong sent = new AtomicLong();
        ExecutorService threads = Executors.newFixedThreadPool(abusers, new NamedThreadFactory("bench-abuse", true));
        for (int i = 0; i < abusers; i++) {
            threads.execute(() -> {
                try {
                    abuse.run(socket, stop, sent);
                } catch (Exception e) {
                    // An abuser that was cut off ends; the others go on.
                }
            });
        }
        List<Double> millis = new ArrayList<>();
        long end = System.nanoTime() + phase.toNanos();
        while (System.nanoTime() < end) {
            long started = System.nanoTime();
            try (ControlClient client = ControlClient.connect(socket, Duration.ofSeconds(30))) {
                call(client, ControlCommand.LIST, JsonNodeFactory.instance.objectNode());
                millis.add((System.nanoTime() - started) / 1e6);
            } catch (IOException e) {
                millis.add(Double.POSITIVE_INFINITY);
            }
            Thread.sleep(20);
        }
        stop.set(true);
        threads.shutdownNow();
        threads.awaitTermination(10, TimeUnit.SECONDS);
        Collections.sort(millis);
        long refused = millis.stream().filter(m -> m.isInfinite()).count();
        return new Phase(name, millis.size(), refused, millis.get(millis.size() / 2),
                millis.get(Math.min(millis.size() - 1, (int) (millis.size() * 0.99))), millis.get(millis.size() - 1),
                sent.get());
    }

    private static void write(SocketChannel c, String text) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        while (b.hasRemaining()) {
            c.write(b);
        }
    }
}
