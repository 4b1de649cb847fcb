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
import dev.holdfast.terminal.screen.VisibleScreen;
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
        return shell(List.of("/bin/bash", "--norc", "--noprofile", "-i"));
    }

    private TerminalSession shell(List<String> command) {
        TerminalSession s = new TerminalSession(new SessionSpec(UUID.randomUUID(), dir,
                new ShellCommand(command),
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
    void closingWhileATabPrintsLogsNoFailure() throws Exception {
        // A pass running when the app quits used to schedule its next look on the closed executor: an error with a
        // stack trace in the log at every quit of a busy window.
        ch.qos.logback.classic.Logger log = (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(
                ActivityWatcher.class);
        ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> events =
                new ch.qos.logback.core.read.ListAppender<>();
        events.start();
        log.addAppender(events);
        try {
            List<TerminalSession> printing = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                TerminalSession s = shell(List.of("/bin/bash", "--norc", "--noprofile", "-c",
                        "while :; do echo tick; sleep 0.001; done"));
                s.start();
                printing.add(s);
            }
            for (int round = 0; round < 100; round++) {
                ActivityWatcher w = watcher();
                printing.forEach(s -> w.watch(s, new ActivityWatcher.Start.Fresh(), "bash"));
                long end = System.nanoTime() + DEADLINE.toNanos();
                long passes = w.stats().passes();
                while (w.stats().passes() < passes + 1 + round % 3) {
                    if (System.nanoTime() > end) {
                        throw new AssertionError("the watcher made no passes: " + w.stats());
                    }
                    Thread.sleep(1);
                }
                w.close();
                watcher = null;
            }
        } finally {
            log.detachAppender(events);
        }
        List<String> errors = events.list.stream()
                .filter(e -> e.getLevel().isGreaterOrEqual(ch.qos.logback.classic.Level.ERROR))
                .map(e -> e.getFormattedMessage() + " " + (e.getThrowableProxy() == null ? "" : e.getThrowableProxy().getClassName())).toList();
        assertEquals(List.of(), errors);
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

    @Test
    void aShellThatPrintsItsPromptLateIsStillSettlingWhenItDoes() throws Exception {
        // A slow rc file (or a loaded machine): the shell runs for a while before its first byte; until then its
        // terminal holds still with nothing in the foreground, which is not yet a prompt to settle on.
        TerminalSession s = shell(List.of("/bin/bash", "-c", "sleep 1.5; export PS1='$ '; exec /bin/bash --norc --noprofile -i"));
        watcher().watch(s, new ActivityWatcher.Start.Fresh(), "bash");
        s.start();
        UUID panel = s.spec().panelId();
        TabCard first = await(panel, "the first card", c -> true);
        long end = System.nanoTime() + DEADLINE.toNanos();
        while (!(watcher.stats().settling() == 0 && watcher.stats().behind() == 0
                && s.generation().processed() > 0
                && VisibleScreen.capture(s).rows().stream().anyMatch(r -> r.text().strip().endsWith("$")))) {
            if (System.nanoTime() > end) {
                throw new AssertionError("the prompt was never looked at: " + watcher.stats() + ", generation "
                        + s.generation().processed() + ", screen " + VisibleScreen.capture(s).rows());
            }
            Thread.sleep(20);
        }
        assertEquals(first.lastActivityAt(), cards.get(panel).lastActivityAt(),
                "the late prompt is the tab starting, not the tab changing");
    }
}
