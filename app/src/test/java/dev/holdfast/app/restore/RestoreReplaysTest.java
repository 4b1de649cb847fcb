package dev.holdfast.app.restore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.emulation.SessionSpec;
import dev.holdfast.terminal.emulation.TerminalEvents;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.pty.ProcessInspector;
import dev.holdfast.terminal.pty.ShellCommand;
import dev.holdfast.terminal.replay.InertReplay;
import dev.holdfast.terminal.replay.ReplaySanitizer;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Restored scrollback goes into each tab's model off the FX thread, in bounded slices, one tab after another, and
 * only then does the tab's shell start: real sessions, real PTYs, real shells.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RestoreReplaysTest {
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final String ESC = "\u001b";

    @TempDir
    Path dir;

    private final ExecutorService shells = Executors.newCachedThreadPool(new NamedThreadFactory("test-shell-start", true));
    private final InertReplay replay = new InertReplay(new ReplaySanitizer(), Clock.systemUTC(),
            DateTimeFormatter.ISO_LOCAL_DATE_TIME);
    private final PendingHistories histories = new PendingHistories();
    private final List<TerminalSession> sessions = new ArrayList<>();
    private final List<RestoreReplays> replays = new ArrayList<>();

    @AfterEach
    void closeEverything() throws InterruptedException {
        replays.forEach(RestoreReplays::close);
        sessions.forEach(TerminalSession::close);
        shells.shutdown();
        shells.awaitTermination(10, TimeUnit.SECONDS);
    }

    private TerminalSession session(String script) {
        TerminalSession s = new TerminalSession(new SessionSpec(UUID.randomUUID(), dir,
                new ShellCommand(List.of("/bin/sh", "-c", script)), Map.of("PATH", System.getenv("PATH")), 80, 24,
                10_000), TerminalEvents.NONE, ProcessInspector.forCurrentOs(), Clock.systemUTC());
        sessions.add(s);
        return s;
    }

    private RestoreReplays replays(RestoreReplays.SliceObserver observer) {
        return replays(observer, 1);
    }

    private RestoreReplays replays(RestoreReplays.SliceObserver observer, int threads) {
        RestoreReplays r = new RestoreReplays(replay, shells, histories, observer, threads);
        replays.add(r);
        // No window in these tests: the tabs keep their own size.
        r.sizeKnown(new RestoreReplays.TabSize(80, 24));
        return r;
    }

    /** History and screen, one row per line, read under the lock. */
    private static String text(TerminalSession s) {
        s.buffer().lock();
        try {
            StringBuilder sb = new StringBuilder();
            for (int i = -s.buffer().getHistoryLinesCount(); i < s.buffer().getHeight(); i++) {
                var line = s.buffer().getLine(i);
                sb.append(line.getText());
                if (!line.isWrapped()) {
                    sb.append('\n');
                }
            }
            return sb.toString();
        } finally {
            s.buffer().unlock();
        }
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(20);
        }
    }

    @Test
    void theShellStartsOnlyAfterItsReplayAndSeparatorAreInTheModel() throws Exception {
        TerminalSession tab = session("echo shell-output; sleep 30");
        CompletableFuture<Void> started = replays(RestoreReplays.SliceObserver.NONE)
                .replayThenStart(tab, ESC + "[32mrestored-line" + ESC + "[0m\r\nlast-restored", "restored earlier");
        started.get(20, TimeUnit.SECONDS);
        await("the shell's output", () -> text(tab).contains("shell-output"));
        String text = text(tab);
        int restored = text.indexOf("last-restored");
        int separator = text.indexOf("── restored earlier ──");
        int shell = text.indexOf("shell-output");
        assertTrue(restored >= 0 && separator > restored && shell > separator, text);
    }

    @Test
    void aLongScrollbackComesBackWholeAboveTheShellsOutputWithItsHistoryPutInAfterTheShellStarts() throws Exception {
        StringBuilder scrollback = new StringBuilder();
        for (int i = 0; i < 3_000; i++) {
            scrollback.append(ESC).append("[3").append(i % 8).append("mrestored-").append(String.format("%05d", i))
                    .append(ESC).append("[0m\r\n");
        }
        scrollback.append("last-restored");
        TerminalSession tab = session("echo shell-output; sleep 30");
        replays(RestoreReplays.SliceObserver.NONE).replayThenStart(tab, scrollback.toString(), "restored earlier")
                .get(20, TimeUnit.SECONDS);
        await("the shell's output", () -> text(tab).contains("shell-output"));
        await("the restored history", () -> !histories.isPending(tab));
        String text = text(tab);
        int previous = -1;
        for (int i = 0; i < 3_000; i++) {
            int at = text.indexOf(String.format("restored-%05d\n", i));
            assertTrue(at > previous, "restored line " + i + " at " + at + ", after " + previous);
            previous = at;
        }
        assertTrue(previous < text.indexOf("last-restored") && text.indexOf("last-restored")
                < text.indexOf("── restored earlier ──") && text.indexOf("── restored earlier ──")
                < text.indexOf("shell-output"), "restored text, separator, then the shell's output");
        assertFalse(histories.any());
    }

    @Test
    void tabsAreReplayedInTheOrderGivenOneAtATime() throws Exception {
        assertReplayedInOrderAtMostAtOnce(1);
    }

    @Test
    void withTwoThreadsNoMoreThanTwoTabsReplayAtOnce() throws Exception {
        assertReplayedInOrderAtMostAtOnce(2);
    }

    /**
     * What a second thread is for: a tab whose replay is slow (its first slice held here until the others are
     * done) does not hold back the tabs queued after it. With one thread this would wait out its deadline.
     */
    @Test
    void withTwoThreadsASlowTabDoesNotHoldBackTheOthers() throws Exception {
        CountDownLatch othersDone = new CountDownLatch(3);
        List<TerminalSession> tabs = idleTabs(4);
        UUID slow = tabs.get(0).spec().panelId();
        List<Boolean> releasedByTheOthers = new CopyOnWriteArrayList<>();
        RestoreReplays r = replays((session, remaining) -> {
            if (session.spec().panelId().equals(slow)) {
                if (releasedByTheOthers.isEmpty()) {
                    try {
                        releasedByTheOthers.add(othersDone.await(20, TimeUnit.SECONDS));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        releasedByTheOthers.add(false);
                    }
                }
            } else if (remaining == 0) {
                othersDone.countDown();
            }
        }, 2);
        String scrollback = (ESC + "[1mline" + ESC + "[0m of restored text\r\n").repeat(200);
        replayAll(r, tabs, scrollback);
        assertEquals(List.of(true), releasedByTheOthers, "the three later tabs finished while the first was held");
        assertFalse(r.replaying());
    }

    /**
     * A tab's older history waits until every queued tab's shell was asked to start: while the second tab's replay
     * is held, the history thread waits with the first tab's rows still to come; let go, both come.
     */
    @Test
    void olderHistoriesArePutInPlaceOnceEveryQueuedTabsShellWasAskedToStart() throws Exception {
        List<TerminalSession> tabs = idleTabs(2);
        TerminalSession first = tabs.get(0);
        TerminalSession second = tabs.get(1);
        List<Boolean> firstPendingWhileSecondHeld = new CopyOnWriteArrayList<>();
        RestoreReplays r = replays((session, remaining) -> {
            if (session == second && firstPendingWhileSecondHeld.isEmpty()) {
                try {
                    await("the history thread to wait", RestoreReplaysTest::historyThreadWaits);
                    firstPendingWhileSecondHeld.add(histories.isPending(first));
                } catch (InterruptedException | AssertionError e) {
                    firstPendingWhileSecondHeld.add(false);
                }
            }
        });
        StringBuilder scrollback = new StringBuilder();
        for (int i = 0; i < 3_000; i++) {
            scrollback.append(ESC).append("[3").append(i % 8).append("mrestored-").append(i).append(ESC).append("[0m\r\n");
        }
        replayAll(r, tabs, scrollback.toString());
        assertEquals(List.of(true), firstPendingWhileSecondHeld, "the first tab's rows waited for the second tab");
        await("both tabs' older history", () -> !histories.isPending(first) && !histories.isPending(second));
        assertTrue(text(first).contains("restored-0\n") && text(second).contains("restored-0\n"));
    }

    /** Whether this restore's history thread is waiting (for work, or for the queue to drain). */
    private static boolean historyThreadWaits() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith(RestoreReplays.HISTORY_THREAD_NAME) && t.isAlive())
                .anyMatch(t -> t.getState() == Thread.State.WAITING);
    }

    /**
     * One thread replays the tabs strictly in the order given. With more, the queue is taken in that order, but
     * which of two threads gets to its first slice first is the scheduler's: each tab's part replayed before its
     * shell starts is only its last screen, so a thread can take and finish several tabs while the other has not
     * been given the CPU yet. There, only how many run at once is asserted.
     */
    private void assertReplayedInOrderAtMostAtOnce(int threads) throws Exception {
        List<UUID> order = new CopyOnWriteArrayList<>();
        AtomicInteger mostAtOnce = new AtomicInteger();
        List<UUID> inProgress = Collections.synchronizedList(new ArrayList<>());
        RestoreReplays r = replays((session, remaining) -> {
            UUID id = session.spec().panelId();
            synchronized (inProgress) {
                if (!order.contains(id)) {
                    order.add(id);
                }
                if (remaining > 0 && !inProgress.contains(id)) {
                    inProgress.add(id);
                }
                if (remaining == 0) {
                    inProgress.remove(id);
                }
                mostAtOnce.accumulateAndGet(inProgress.size(), Math::max);
            }
        }, threads);
        String scrollback = (ESC + "[1mline" + ESC + "[0m of restored text\r\n").repeat(2_000);
        List<TerminalSession> tabs = idleTabs(4);
        replayAll(r, tabs, scrollback);
        List<UUID> given = tabs.stream().map(t -> t.spec().panelId()).toList();
        if (threads == 1) {
            assertEquals(given, order);
        } else {
            assertEquals(new HashSet<>(given), new HashSet<>(order), "every tab was replayed");
        }
        assertTrue(mostAtOnce.get() <= threads, "replays at once: " + mostAtOnce.get());
        assertFalse(r.replaying());
    }

    private List<TerminalSession> idleTabs(int count) {
        List<TerminalSession> tabs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            tabs.add(session("sleep 30"));
        }
        return tabs;
    }

    /** Queues every tab with the same scrollback and waits until each one's shell was asked to start. */
    private static void replayAll(RestoreReplays r, List<TerminalSession> tabs, String scrollback) throws Exception {
        CompletableFuture.allOf(tabs.stream().map(tab -> r.replayThenStart(tab, scrollback, "restored"))
                .toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
    }

    @Test
    void aOneMegabyteLineIsFedInBoundedSlicesWithTheLockFreeBetweenThem() throws Exception {
        TerminalSession tab = session("echo shell-up; sleep 30");
        List<Integer> remaining = new CopyOnWriteArrayList<>();
        List<Boolean> lockFree = new CopyOnWriteArrayList<>();
        ExecutorService other = Executors.newSingleThreadExecutor(new NamedThreadFactory("test-lock-probe", true));
        try {
            RestoreReplays r = replays((session, left) -> {
                remaining.add(left);
                if (remaining.size() % 16 == 1) {
                    // What the view's paint does between two slices: take the lock from another thread.
                    lockFree.add(CompletableFuture.supplyAsync(() -> {
                        boolean got = session.buffer().tryLock();
                        if (got) {
                            session.buffer().unlock();
                        }
                        return got;
                    }, other).join());
                }
            });
            String line = "0123456789abcdef".repeat(65_536) + "-end-of-the-long-line";
            r.replayThenStart(tab, ESC + "[33m" + line + ESC + "[0m", "restored").get(30, TimeUnit.SECONDS);
        } finally {
            other.shutdownNow();
        }
        assertTrue(remaining.size() >= 1_048_576 / RestoreReplays.SLICE_CHARS, "slices: " + remaining.size());
        for (int i = 1; i < remaining.size(); i++) {
            // A slice may run past the bound only to finish an SGR sequence.
            assertTrue(remaining.get(i - 1) - remaining.get(i) <= RestoreReplays.SLICE_CHARS + 32,
                    "slice " + i + " fed " + (remaining.get(i - 1) - remaining.get(i)));
        }
        assertFalse(lockFree.isEmpty());
        assertTrue(lockFree.stream().allMatch(Boolean::booleanValue), "the lock was held between slices");
        await("the shell", () -> text(tab).contains("shell-up"));
        String text = text(tab);
        assertTrue(text.contains("-end-of-the-long-line"), "the end of the line is in the model");
        assertTrue(text.indexOf("shell-up") > text.indexOf("-end-of-the-long-line"));
    }

    @Test
    void manyHugeWrappedLinesComeBackWhole() throws Exception {
        TerminalSession tab = session("sleep 30");
        StringBuilder scrollback = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            scrollback.append(ESC).append("[3").append(i % 8).append('m').append("wrapped-").append(i).append(' ')
                    .append("x".repeat(20_000)).append(ESC).append("[0m").append("<end-").append(i).append(">\r\n");
        }
        replays(RestoreReplays.SliceObserver.NONE).replayThenStart(tab, scrollback.toString(), "restored")
                .get(30, TimeUnit.SECONDS);
        String text = text(tab);
        // 40 lines of 250 rows each pass the 10,000-row history: the oldest are dropped, the newest are whole.
        assertTrue(text.contains("<end-39>"), "the last line is whole");
        assertTrue(text.contains("wrapped-39 xxxx"), "and so is its start");
    }

    @Test
    void hostileRestoredTextChangesNoModeAndNothingOfItReachesTheShell() throws Exception {
        // The shell's first line of input is printed back: anything the replay made the emulator answer would
        // come before the line the test types.
        TerminalSession tab = session("stty -echo; IFS= read -r first; printf 'first-input[%s]\\n' \"$first\"; sleep 30");
        String hostile = "before "
                + ESC + "[6n" + ESC + "[c" + ESC + "[>c" + ESC + "[5n" // cursor, device attribute, status queries
                + ESC + "P$qm" + ESC + "\\" // DECRQSS
                + ESC + "]52;c;ZWNobyBwd25lZA==\u0007" // clipboard write
                + ESC + "]0;hijacked-title\u0007" + ESC + "]2;hijacked-too" + ESC + "\\" // titles
                + ESC + "]4;1;rgb:ff/00/00\u0007" + ESC + "]10;?\u0007" // palette set and query
                + ESC + "[?1000h" + ESC + "[?1006h" + ESC + "[?2004h" + ESC + "[?1h" // mouse, paste, cursor keys
                + ESC + "[?1049h" + ESC + "[2J" + ESC + "[H" + "vim-screen-left-open" // alternate screen, never left
                + "\u0005" // ENQ: asks for the answerback
                + " after";
        replays(RestoreReplays.SliceObserver.NONE).replayThenStart(tab, hostile, "restored").get(30, TimeUnit.SECONDS);
        await("the shell", tab::isRunning);
        tab.sendText("typed\r");
        await("the shell's first input", () -> text(tab).contains("first-input["));
        String text = text(tab);
        assertTrue(text.contains("first-input[typed]"), text);
        assertTrue(text.contains("before") && text.contains("vim-screen-left-open") && text.contains("after"), text);
        assertFalse(text.contains("ZWNobyBwd25lZA"), text);
        assertEquals("", tab.programTitle());
        assertFalse(tab.mouseReporting());
        assertFalse(tab.bracketedPaste());
        assertFalse(tab.applicationCursorKeys());
        tab.buffer().lock();
        try {
            assertFalse(tab.buffer().isUsingAlternateBuffer());
        } finally {
            tab.buffer().unlock();
        }
    }

    @Test
    void closingStopsTheReplayAndStartsNoShellThatWasStillWaiting() throws Exception {
        List<TerminalSession> tabs = List.of(session("sleep 30"), session("sleep 30"));
        CompletableFuture<Void> firstSliceFed = new CompletableFuture<>();
        CompletableFuture<Void> mayGoOn = new CompletableFuture<>();
        RestoreReplays r = replays((session, remaining) -> {
            firstSliceFed.complete(null);
            mayGoOn.join();
        });
        String scrollback = "restored line\r\n".repeat(5_000);
        CompletableFuture<Void> first = r.replayThenStart(tabs.get(0), scrollback, "restored");
        CompletableFuture<Void> second = r.replayThenStart(tabs.get(1), scrollback, "restored");
        firstSliceFed.get(20, TimeUnit.SECONDS);
        r.close();
        mayGoOn.complete(null);
        assertCancelled(first);
        assertCancelled(second);
        assertFalse(r.replaying());
        assertTrue(tabs.get(0).shellPid().isEmpty() && tabs.get(1).shellPid().isEmpty(), "no shell was started");
    }

    private static void assertCancelled(CompletableFuture<Void> future) throws Exception {
        try {
            future.get(20, TimeUnit.SECONDS);
            throw new AssertionError("the tab was started");
        } catch (CancellationException expected) {
            // Not started.
        }
    }

    @Test
    void replaysWaitForTheWindowsSizeAndGiveItToEachTabBeforeReplaying() throws Exception {
        List<Integer> widthsWhileReplaying = new CopyOnWriteArrayList<>();
        RestoreReplays r = new RestoreReplays(replay, shells, histories, (session, remaining) -> {
            session.buffer().lock();
            try {
                widthsWhileReplaying.add(session.buffer().getWidth());
            } finally {
                session.buffer().unlock();
            }
        }, 1);
        replays.add(r);
        TerminalSession tab = session("sleep 30");
        CompletableFuture<Void> done = r.replayThenStart(tab, "x".repeat(150) + "\r\nshort", "restored");
        r.sizeKnown(new RestoreReplays.TabSize(150, 30));
        done.get(20, TimeUnit.SECONDS);
        assertFalse(widthsWhileReplaying.isEmpty());
        assertTrue(widthsWhileReplaying.stream().allMatch(width -> width == 150), widthsWhileReplaying.toString());
        tab.buffer().lock();
        try {
            assertEquals(30, tab.buffer().getHeight());
            // Replayed at 150 columns, the 150-character line fills one row.
            assertFalse(tab.buffer().getLine(0).isWrapped());
        } finally {
            tab.buffer().unlock();
        }
    }
}
