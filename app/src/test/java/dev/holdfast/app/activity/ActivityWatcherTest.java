package dev.holdfast.app.activity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.emulation.SessionSpec;
import dev.holdfast.terminal.emulation.TerminalEvents;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.pty.ProcessInspector;
import dev.holdfast.terminal.pty.ShellCommand;
import dev.holdfast.terminal.screen.ActivitySettings;
import dev.holdfast.terminal.screen.TabCard;
import dev.holdfast.terminal.screen.TabState;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The watcher on real bash shells: output drives looks, cards arrive coalesced, a save learns its fingerprint. */
class ActivityWatcherTest {
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private final Map<UUID, TabCard> cards = new ConcurrentHashMap<>();
    private final List<ActivityEvent> events = new CopyOnWriteArrayList<>();
    private final List<Integer> batchSizes = new CopyOnWriteArrayList<>();
    private final List<TerminalSession> sessions = new ArrayList<>();
    private ActivityWatcher watcher;

    private ActivityWatcher watcher() {
        watcher = new ActivityWatcher(ActivitySettings.DEFAULT, WatcherSettings.DEFAULT, null,
                ProcessInspector.forCurrentOs(), Clock.systemUTC(), Runnable::run, (batch, happened) -> {
                    cards.putAll(batch);
                    events.addAll(happened);
                    batchSizes.add(batch.size());
                });
        return watcher;
    }

    private TerminalSession shell() {
        TerminalSession s = new TerminalSession(new SessionSpec(UUID.randomUUID(), dir,
                new ShellCommand(List.of("/bin/bash", "--norc", "--noprofile", "-i")),
                Map.of("PS1", "$ ", "HOME", dir.toString(), "PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"),
                        "HISTFILE", "/dev/null"), 80, 24, 1000),
                TerminalEvents.NONE, ProcessInspector.forCurrentOs(), Clock.systemUTC());
        sessions.add(s);
        return s;
    }

    @AfterEach
    void stop() {
        if (watcher != null) {
            watcher.close();
        }
        sessions.forEach(TerminalSession::close);
    }

    private TabCard await(UUID panel, String what, Predicate<TabCard> condition) throws InterruptedException {
        long end = System.nanoTime() + DEADLINE.toNanos();
        while (true) {
            TabCard card = cards.get(panel);
            if (card != null && condition.test(card)) {
                return card;
            }
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out waiting for " + what + "; card: " + card + "; screen: "
                        + dev.holdfast.terminal.screen.VisibleScreen.capture(sessions.get(0)).rows() + "; stats "
                        + watcher.stats());
            }
            Thread.sleep(20);
        }
    }

    private void awaitSettled() throws InterruptedException {
        long end = System.nanoTime() + DEADLINE.toNanos();
        while (watcher.stats().settling() > 0 || watcher.stats().tabs() < sessions.size()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("the tabs never settled: " + watcher.stats());
            }
            Thread.sleep(20);
        }
    }

    @Test
    void outputAfterTheTabSettledMovesItsLastActivity() throws Exception {
        TerminalSession s = shell();
        watcher().watch(s, new ActivityWatcher.Start.Fresh(), "bash");
        s.start();
        await(s.spec().panelId(), "idle", c -> c.state() == TabState.IDLE);
        awaitSettled();
        Instant before = cards.get(s.spec().panelId()).lastActivityAt();

        s.sendText("echo hello-from-the-test\r");

        TabCard changed = await(s.spec().panelId(), "the echo to count as activity",
                c -> c.lastActivityAt().isAfter(before));
        assertTrue(changed.lastActivityAt().isAfter(before));
    }
}
