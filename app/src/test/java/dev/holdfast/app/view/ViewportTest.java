package dev.holdfast.app.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.emulation.SessionSpec;
import dev.holdfast.terminal.emulation.TerminalEvents;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.pty.ProcessSnapshot;
import dev.holdfast.terminal.pty.ShellCommand;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ViewportTest {

    private static TerminalSession terminal() {
        return new TerminalSession(new SessionSpec(UUID.randomUUID(), Path.of("/"),
                new ShellCommand(List.of("/bin/sh")), Map.of(), 40, 5, 100),
                TerminalEvents.NONE, pid -> ProcessSnapshot.UNKNOWN, Clock.systemUTC());
    }

    private static Viewport viewport(TerminalSession session) {
        CellGrid grid = new CellGrid(new CellMetrics(null, null, null, null, 8, 16, 12));
        grid.fit(4 + 40 * 8, 5 * 16, true);
        return new Viewport(session, grid, () -> { });
    }

    @Test
    void aFrameGetsTheLockBetweenTheOperationsOfAReaderThatKeepsRetakingIt() throws Exception {
        TerminalSession session = terminal();
        session.writeLocal("first\r\n");
        Viewport viewport = viewport(session);
        TerminalTextBuffer buffer = session.buffer();
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        CountDownLatch running = new CountDownLatch(1);
        Thread reader = new Thread(() -> {
            running.countDown();
            while (!stop.get()) {
                buffer.lock();
                try {
                    // An emulator operation's worth of holding.
                    long until = System.nanoTime() + 20_000;
                    while (System.nanoTime() < until) {
                        Thread.onSpinWait();
                    }
                } finally {
                    buffer.unlock();
                }
            }
        }, "test-reader");
        reader.start();
        assertTrue(running.await(10, TimeUnit.SECONDS));
        try {
            int copied = Viewport.BUSY;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (copied == Viewport.BUSY && System.nanoTime() < deadline) {
                copied = viewport.tryRefresh();
            }
            assertEquals(0, copied, "some frame copied the screen");
        } finally {
            stop.set(true);
            reader.join(10_000);
        }
    }

    @Test
    void aFrameDoesNotWaitForALockThatAReaderHoldsAndCopiesOnceItIsFree() throws Exception {
        TerminalSession session = terminal();
        session.writeLocal("first\r\n");
        Viewport viewport = viewport(session);
        TerminalTextBuffer buffer = session.buffer();
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread reader = new Thread(() -> {
            buffer.lock();
            try {
                held.countDown();
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                buffer.unlock();
            }
        }, "test-reader");
        reader.start();
        assertTrue(held.await(10, TimeUnit.SECONDS));
        try {
            int busy = assertTimeoutPreemptively(Duration.ofSeconds(5), viewport::tryRefresh,
                    "the frame waited for the reader's lock");
            assertEquals(Viewport.BUSY, busy);
        } finally {
            release.countDown();
            reader.join(10_000);
        }

        assertEquals(0, viewport.tryRefresh());
        assertEquals('f', viewport.current().chars[0][0]);
    }
}
