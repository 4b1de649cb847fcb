package dev.holdfast.terminal.emulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.pty.ProcessInspector;
import dev.holdfast.terminal.pty.ProcessSnapshot;
import dev.holdfast.terminal.pty.ShellCommand;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TerminalSessionTest {
    private static final Duration DEADLINE = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    private TerminalSession session;
    private final AtomicReference<SessionEnd> end = new AtomicReference<>();
    private final AtomicReference<String> title = new AtomicReference<>("");

    @AfterEach
    void closeSession() {
        if (session != null) {
            session.close();
        }
    }

    private TerminalSession startBash(Path cwd) {
        return startBash(cwd, EmulatorParser.DEFAULT);
    }

    private TerminalSession startBash(Path cwd, EmulatorParser parser) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PS1", "$ ");
        env.put("HISTFILE", "/dev/null");
        TerminalEvents events = new TerminalEvents() {
            @Override
            public void ended(SessionEnd e) {
                end.set(e);
            }

            @Override
            public void titleChanged(String t) {
                title.set(t);
            }
        };
        session = new TerminalSession(
                new SessionSpec(UUID.randomUUID(), cwd, new ShellCommand(List.of("/bin/bash", "--norc", "--noprofile", "-i")),
                        env, 80, 24, 1000, parser),
                events, ProcessInspector.forCurrentOs(), Clock.systemUTC());
        session.start();
        return session;
    }

    static String text(TerminalSession s) {
        s.buffer().lock();
        try {
            StringBuilder sb = new StringBuilder();
            int history = s.buffer().getHistoryLinesCount();
            for (int i = -history; i < s.buffer().getHeight(); i++) {
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

    private static String screen(TerminalSession s) {
        return underLock(s, TerminalTextBuffer::getScreenLines);
    }

    /** What {@code read} finds in the session's buffer, read under its lock. */
    private static <T> T underLock(TerminalSession s, Function<TerminalTextBuffer, T> read) {
        s.buffer().lock();
        try {
            return read.apply(s.buffer());
        } finally {
            s.buffer().unlock();
        }
    }

    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(20);
        }
    }

    @Test
    void echoRoundTripAppearsInTheModel() throws Exception {
        TerminalSession s = startBash(dir);
        s.sendText("echo holdfast-$((6*7))\r");
        await("echo output", () -> text(s).contains("holdfast-42"));
    }

    @ParameterizedTest
    @EnumSource(EmulatorParser.class)
    void workRequestedUnderTheLockIsDoneByTheReaderThreadWhileItHoldsTheLock(EmulatorParser parser) throws Exception {
        TerminalSession s = startBash(dir, parser);
        s.sendText("echo up-$((6*7))\r");
        await("the prompt", () -> text(s).contains("up-42"));
        AtomicReference<String> ranOn = new AtomicReference<>();
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch tried = new CountDownLatch(1);
        // Held here as a preempted reader would hold it: the window's short try fails, so it asks the reader.
        s.buffer().lock();
        try {
            s.sendText("echo busy\r");
            s.requestUnderLock(() -> {
                ranOn.set(Thread.currentThread().getName());
                running.countDown();
                try {
                    tried.await(DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        } finally {
            s.buffer().unlock();
        }
        try {
            assertTrue(running.await(DEADLINE.toMillis(), TimeUnit.MILLISECONDS),
                    "the reader did the work once it had parsed the output that came");
            assertFalse(s.tryLockBuffer(), "the work runs while the reader holds the buffer lock");
        } finally {
            tried.countDown();
        }
        assertTrue(ranOn.get().startsWith("holdfast-pty-reader-"), ranOn.get());
        s.sendText("echo after-$((6*7))\r");
        await("the reader goes on", () -> text(s).contains("after-42"));
    }

    @Test
    void theReaderThreadRunsAtALowerCpuPriorityThanTheWindow() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isDirectory(Path.of("/proc/self/task")),
                "per-thread nice values are Linux's");
        TerminalSession s = startBash(dir);
        s.sendText("echo up\r");
        await("echo output", () -> text(s).contains("up"));

        await("every reader thread at nice " + TerminalSession.READER_NICE, () -> {
            List<Integer> nices = threadNices("holdfast-pty-re");
            return !nices.isEmpty() && nices.stream().allMatch(n -> n == TerminalSession.READER_NICE);
        });
        await("every drain thread at nice " + TerminalSession.READER_NICE, () -> {
            List<Integer> nices = threadNices("holdfast-pty-dr");
            return !nices.isEmpty() && nices.stream().allMatch(n -> n == TerminalSession.READER_NICE);
        });
        assertEquals(0, niceOf(Path.of("/proc/thread-self")), "this (the caller's) thread keeps its priority");
    }

    /** The nice value of every thread of this JVM named {@code comm} (Linux truncates a name to 15 bytes). */
    private static List<Integer> threadNices(String comm) {
        List<Integer> nices = new java.util.ArrayList<>();
        try (var tasks = java.nio.file.Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                try {
                    if (java.nio.file.Files.readString(task.resolve("comm")).strip().equals(comm)) {
                        nices.add(niceOf(task));
                    }
                } catch (java.io.IOException gone) {
                    // The thread ended meanwhile.
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return nices;
    }

    private static int niceOf(Path task) throws java.io.IOException {
        String stat = java.nio.file.Files.readString(task.resolve("stat"));
        // Field 19 of stat; the fields after the name in parentheses start at field 3.
        return Integer.parseInt(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[16]);
    }

    @Test
    void shellSeesTheSizeAfterAResize() throws Exception {
        TerminalSession s = startBash(dir);
        s.resize(101, 37);
        await("model resized", () -> s.terminal().getTerminalWidth() == 101);
        s.sendText("stty size\r");
        await("stty size", () -> text(s).contains("37 101"));
    }

    @Test
    void aResizeBeforeTheShellStartsDoesNotWaitForTheModelOnTheCallersThread() throws Exception {
        session = new TerminalSession(new SessionSpec(UUID.randomUUID(), dir, new ShellCommand(List.of("/bin/sh")),
                Map.of(), 80, 24, 1000), TerminalEvents.NONE, ProcessInspector.forCurrentOs(), Clock.systemUTC());
        java.util.concurrent.CountDownLatch held = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        // Another thread holds the model, as a restore's replay does while it feeds a slice.
        Thread holder = new Thread(() -> {
            session.buffer().lock();
            try {
                held.countDown();
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                session.buffer().unlock();
            }
        }, "test-model-holder");
        holder.start();
        held.await();
        // The view calls this on the FX thread: it must return while the model is busy, not wait for it.
        java.util.concurrent.CompletableFuture<Void> resized = java.util.concurrent.CompletableFuture.runAsync(
                () -> session.resize(120, 40));
        try {
            resized.get(10, java.util.concurrent.TimeUnit.SECONDS);
        } finally {
            release.countDown();
            holder.join();
        }
        await("the model resized", () -> {
            session.buffer().lock();
            try {
                return session.buffer().getWidth() == 120 && session.buffer().getHeight() == 40;
            } finally {
                session.buffer().unlock();
            }
        });
    }

    @Test
    void aResizeBeforeTheShellStartsReachesThePty() throws Exception {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("PS1", "$ ");
        session = new TerminalSession(
                new SessionSpec(UUID.randomUUID(), dir, new ShellCommand(List.of("/bin/bash", "--norc", "--noprofile", "-i")),
                        env, 80, 24, 1000),
                TerminalEvents.NONE, ProcessInspector.forCurrentOs(), Clock.systemUTC());
        session.resize(100, 30);
        session.start();
        session.sendText("stty size\r");
        await("stty size", () -> text(session).contains("30 100"));
    }

    @Test
    void shellGetsTerminalEnvironmentAndStartsInTheChosenDirectory() throws Exception {
        TerminalSession s = startBash(dir);
        s.sendText("echo \"[$TERM|$COLORTERM|$HOLDFAST_PANEL_ID|$(pwd)]\"\r");
        String expected = "[xterm-256color|truecolor|" + s.spec().panelId() + "|" + dir.toRealPath() + "]";
        await("environment line", () -> text(s).contains(expected));
    }

    @Test
    void clearingTheScrollbackEmptiesTheHistoryKeepsTheScreenAndCountsAsAnEditNotAsOutput() throws Exception {
        TerminalSession s = startBash(dir);
        s.sendText("seq 1 200; echo marker-$((6*7))\r");
        await("the numbers and the marker", () -> text(s).contains("marker-42\n$ "));
        await("processed catches up", () -> s.generation().processed() == s.generation().read());
        long reads = s.generation().read();
        long model = s.generation().model();
        assertTrue(historyLines(s) > 100, "the numbers went into the history");

        s.clearScrollback().get(20, TimeUnit.SECONDS);

        assertEquals(0, historyLines(s));
        assertTrue(text(s).contains("marker-42\n$ "), "the screen stays: " + text(s));
        assertEquals(reads, s.generation().read(), "no output was counted");
        assertTrue(s.generation().model() > model, "the model's generation moved, for the next checkpoint");
    }

    @Test
    void clearingTheScrollbackUnderAFullScreenProgramEmptiesTheMainScreensHistory() throws Exception {
        TerminalSession s = startBash(dir);
        s.sendText("seq 1 200; printf '\\033[?1049h'; echo alternate-$((6*7)); read x\r");
        await("the alternate screen", () -> usesAlternateBuffer(s) && text(s).contains("alternate-42"));

        s.clearScrollback().get(20, TimeUnit.SECONDS);
        s.sendText("\r");
        s.sendText("printf '\\033[?1049l'; echo back-$((6*7))\r");
        await("back on the main screen", () -> text(s).contains("back-42"));

        assertFalse(usesAlternateBuffer(s));
        assertFalse(text(s).contains("\n150\n"), "the numbers above the screen are gone: " + text(s));
    }

    @Test
    void resetUndoesWhatAProgramLeftOnAndKeepsTheScreensTextInTheScrollback() throws Exception {
        TerminalSession s = startBash(dir);
        // Line drawing (the shell's own lines then show q as ─), mouse reports, application cursor keys, red.
        s.sendText("seq 1 50; echo shown-$((6*7)); printf '\\033(0\\033[?1000h\\033[?1h\\033[31m'\r");
        await("the modes on", () -> s.mouseReporting() && s.applicationCursorKeys() && text(s).contains("shown-42"));
        long reads = s.generation().read();

        s.reset(false).get(20, TimeUnit.SECONDS);

        assertFalse(s.mouseReporting());
        assertFalse(s.applicationCursorKeys());
        assertFalse(screen(s).contains("shown-42"), "the screen starts clean: " + screen(s));
        assertTrue(text(s).contains("\n50\nshown-42\n"), "what it showed is in the scrollback: " + text(s));
        assertEquals(reads, s.generation().read(), "no output was counted");
        s.sendText("echo qqq-$((6*7))\r");
        await("plain characters again", () -> text(s).contains("\nqqq-42\n"));
    }

    @Test
    void resetLeavesTheAlternateScreenWithoutLosingTheMainOne() throws Exception {
        TerminalSession s = startBash(dir);
        s.sendText("seq 1 50; echo main-$((6*7)); printf '\\033[?1049h'; echo alternate-$((6*7)); read x\r");
        await("the alternate screen", () -> usesAlternateBuffer(s) && text(s).contains("alternate-42"));

        s.reset(false).get(20, TimeUnit.SECONDS);

        assertFalse(usesAlternateBuffer(s));
        assertTrue(text(s).contains("\n50\nmain-42\n"), "the main screen's lines are kept: " + text(s));
        s.sendText("\r");
    }

    @Test
    void resetAndClearAlsoEmptiesTheScrollback() throws Exception {
        TerminalSession s = startBash(dir);
        s.sendText("seq 1 200; echo shown-$((6*7))\r");
        await("the numbers", () -> text(s).contains("shown-42\n"));

        s.reset(true).get(20, TimeUnit.SECONDS);

        assertEquals(0, historyLines(s));
        assertFalse(text(s).contains("shown-42"), text(s));
    }

    /**
     * A shell that waits at its prompt (its integration's marks say so) is sent Ctrl+L after a reset, to draw its
     * prompt again on the clean screen. Here the marks come from printf and the "shell" reading is cat -v, so the
     * Ctrl+L it is sent shows as ^L.
     */
    @Test
    void resetSendsCtrlLToAShellWaitingAtItsPrompt() throws Exception {
        TerminalSession s = startBash(dir);
        s.sendText("printf '\\033]133;A\\007fake-prompt> \\033]133;B\\007'; cat -v\r");
        await("the prompt marks", () -> s.shellStatus().atPrompt() && text(s).contains("fake-prompt> "));

        s.reset(false).get(20, TimeUnit.SECONDS);

        await("Ctrl+L at the prompt", () -> screen(s).contains("^L"));
    }

    @Test
    void resetDropsASequenceTheProgramSentOnlyPartOf() throws Exception {
        TerminalSession s = startBash(dir);
        s.sendText("printf 'half-%s\\033[3' $((6*7)); read x; printf 'Xafter-%s\\n' $((6*7))\r");
        await("the first half", () -> text(s).contains("half-42"));

        s.reset(false).get(20, TimeUnit.SECONDS);
        s.sendText("\r");

        // Still inside ESC [ 3, X would end it as an erase (ECH) and never show.
        await("the rest read as text", () -> text(s).contains("Xafter-42"));
    }

    private static boolean usesAlternateBuffer(TerminalSession s) {
        return underLock(s, TerminalTextBuffer::isUsingAlternateBuffer);
    }

    private static int historyLines(TerminalSession s) {
        return underLock(s, TerminalTextBuffer::getHistoryLinesCount);
    }

    /** That a read with no data is no generation is {@code HoldfastReadLoopTest}'s; here, real output on a real PTY. */
    @Test
    void outputGenerationGrowsWithOutputAndIsProcessedOnceInTheModel() throws Exception {
        TerminalSession s = startBash(dir);
        s.sendText("echo ready\r");
        await("ready and the prompt after it", () -> text(s).contains("ready\n$ "));
        await("processed catches up", () -> s.generation().processed() == s.generation().read());
        long before = s.generation().read();

        s.sendText("for i in 1 2 3; do echo line-$i; sleep 0.1; done\r");
        await("loop output", () -> text(s).contains("line-3"));
        assertTrue(s.generation().read() > before, "output bumped the generation");
        await("processed catches up again", () -> s.generation().processed() == s.generation().read());
        assertTrue(text(s).contains("line-3"), "what was processed is in the model");
    }

    @Test
    void titleFollowsOsc() throws Exception {
        TerminalSession s = startBash(dir);
        s.sendText("printf '\\033]0;my-title\\007'\r");
        await("title", () -> "my-title".equals(title.get()));
        assertEquals("my-title", s.programTitle());
    }

    @Test
    void knowsCwdAndForegroundCommand() throws Exception {
        TerminalSession s = startBash(dir);
        Path sub = java.nio.file.Files.createDirectory(dir.resolve("sub dir"));
        s.sendText("cd 'sub dir'\r");
        await("cwd", () -> s.inspectProcess().workingDirectory().map(p -> p.equals(toReal(sub))).orElse(false));
        assertFalse(s.inspectProcess().runsCommand(), "idle shell runs no command");
        s.sendText("sleep 30\r");
        await("sleep in foreground", () -> s.inspectProcess().foregroundCommand().filter("sleep"::equals).isPresent());
        s.send(new byte[] {3}); // Ctrl+C
        await("back to the prompt", () -> !s.inspectProcess().runsCommand());
        ProcessSnapshot snapshot = s.inspectProcess();
        assertTrue(snapshot.workingDirectory().isPresent());
        assertTrue(s.shellStartTime().isPresent());
    }

    private static Path toReal(Path p) {
        try {
            return p.toRealPath();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void closeEndsTheShellAndAllSessionThreads() throws Exception {
        TerminalSession s = startBash(dir);
        s.sendText("echo up\r");
        await("up", () -> text(s).contains("up\n"));
        long pid = s.shellPid().orElseThrow();
        String shortId = s.spec().panelId().toString().substring(0, 8);
        s.close();
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "shell process ended");
        Set<String> left = Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive).map(Thread::getName).filter(n -> n.contains(shortId))
                .collect(Collectors.toSet());
        assertEquals(Set.of(), left, "session threads still alive");
        assertInstanceOf(SessionEnd.Closed.class, end.get());
    }

    @Test
    void shellExitIsReported() throws Exception {
        TerminalSession s = startBash(dir);
        s.sendText("echo bye; exit 0\r");
        await("exit reported", () -> end.get() != null);
        SessionEnd.Exited exited = assertInstanceOf(SessionEnd.Exited.class, end.get());
        assertEquals(0, exited.exitCode());
        assertFalse(exited.deservesExplanation());
    }

    @Test
    void missingShellGivesAClearMessageInTheTerminal() throws Exception {
        session = new TerminalSession(
                new SessionSpec(UUID.randomUUID(), dir, new ShellCommand(List.of("/nonexistent/shell", "-l")),
                        System.getenv(), 80, 24, 100),
                new TerminalEvents() {
                    @Override
                    public void ended(SessionEnd e) {
                        end.set(e);
                    }
                }, pid -> ProcessSnapshot.UNKNOWN, Clock.systemUTC());
        session.start();
        SessionEnd.FailedToStart failed = assertInstanceOf(SessionEnd.FailedToStart.class, end.get());
        assertTrue(failed.message().contains("/nonexistent/shell does not exist"), failed.message());
        assertTrue(text(session).contains("could not start the shell"), text(session));
    }

    @Test
    void goneDirectoryFallsBackToHomeWithANote() throws Exception {
        TerminalSession s = startBash(dir.resolve("missing"));
        await("note", () -> text(s).contains("no longer exists"));
        // The tab's own HOME (what its shell would cd to), which is this JVM's environment here.
        assertEquals(Path.of(System.getenv().getOrDefault("HOME", System.getProperty("user.home"))),
                s.startDirectory().orElseThrow());
    }

    @Test
    void bracketedPasteWrapsAndStripsEmbeddedEndMarker() throws Exception {
        TerminalSession s = startBash(dir);
        s.sendText("printf '\\033[?2004h'; cat -v\r");
        await("bracketed mode on", s::bracketedPaste);
        s.paste("a\u001b[201~b\n");
        s.send(new byte[] {4});
        await("cat shows the bracket markers", () -> text(s).contains("^[[200~ab"));
    }

    @Test
    void wideCharactersThatWrapAreAllKept() throws Exception {
        TerminalSession s = startBash(dir);
        s.resize(10, 24);
        await("narrow", () -> s.terminal().getTerminalWidth() == 10);
        s.sendText("printf 'ab\\344\\270\\255\\346\\226\\207\\345\\255\\227\\347\\254\\246\\344\\270\\255\\346\\226\\207\\345\\255\\227\\347\\254\\246xyz\\n'\r");
        await("every CJK character on screen", () -> text(s).replace(String.valueOf(com.techsenger.jeditermfx.core.util.CharUtils.DWC), "")
                .contains("ab中文字符中文字符xyz"));
    }

    @Test
    void osc8HyperlinksKeepTheirUriOnTheirText() throws Exception {
        TerminalSession s = startBash(dir);
        s.sendText("clear; printf 'see \\033]8;;https://example.com/a;b\\033\\\\the docs\\033]8;;\\033\\\\ now\\n'\r");
        await("link text", () -> text(s).contains("see the docs now"));
        s.buffer().lock();
        try {
            java.util.List<HyperlinkTable.Span> found = new java.util.ArrayList<>();
            for (int i = 0; i < s.buffer().getHeight(); i++) {
                found.addAll(s.hyperlinks().spansOf(s.buffer().getLine(i)));
            }
            assertEquals(List.of(new HyperlinkTable.Span(4, 12, "https://example.com/a;b")), found);
        } finally {
            s.buffer().unlock();
        }
    }

    /** Every link span in the history and on the screen, each with its line's text: "text: from-to uri". */
    private static List<String> links(TerminalSession s) {
        s.buffer().lock();
        try {
            List<String> found = new java.util.ArrayList<>();
            for (int i = -s.buffer().getHistoryLinesCount(); i < s.buffer().getHeight(); i++) {
                for (HyperlinkTable.Span span : s.hyperlinks().spansOf(s.buffer().getLine(i))) {
                    found.add(s.buffer().getLine(i).getText() + ": " + span.from() + "-" + span.to() + " " + span.uri());
                }
            }
            return found;
        } finally {
            s.buffer().unlock();
        }
    }

    @Test
    void linksInTheHistoryStayOnTheirTextWhenTheWidthChanges() throws Exception {
        TerminalSession s = startBash(dir);
        s.resize(40, 10);
        await("40 columns", () -> s.terminal().getTerminalWidth() == 40);
        s.sendText("clear; printf 'see \\033]8;;https://example.com/a\\033\\\\the docs\\033]8;;\\033\\\\ now\\n'; seq 1 30\r");
        await("the link scrolled into the history", () -> text(s).contains("see the docs now") && text(s).contains("\n30\n"));
        assertEquals(List.of("see the docs now: 4-12 https://example.com/a"), links(s));

        // Ten columns: the link's text now ends on the next row.
        s.resize(10, 10);
        await("10 columns", () -> s.terminal().getTerminalWidth() == 10);
        assertEquals(List.of("see the do: 4-10 https://example.com/a", "cs now: 0-2 https://example.com/a"), links(s));

        s.resize(80, 10);
        await("80 columns", () -> s.terminal().getTerminalWidth() == 80);
        assertEquals(List.of("see the docs now: 4-12 https://example.com/a"), links(s));
    }

    @Test
    void aLinkStillBeingPrintedWhenTheWidthChangesEndsOnItsText() throws Exception {
        TerminalSession s = startBash(dir);
        s.resize(40, 10);
        await("40 columns", () -> s.terminal().getTerminalWidth() == 40);
        s.sendText("clear; printf 'see \\033]8;;https://example.com/b\\033\\\\the do'; sleep 2; printf 'cs\\033]8;;\\033\\\\ now\\n'\r");
        await("the link's first half", () -> text(s).contains("see the do"));
        s.resize(10, 10);
        await("10 columns", () -> s.terminal().getTerminalWidth() == 10);
        await("the rest of the line", () -> text(s).contains("cs now"));
        assertEquals(List.of("see the do: 4-10 https://example.com/b", "cs now: 0-2 https://example.com/b"), links(s));
    }

    /** The text from a pin's place to its row's end, and the pin's row, read under the lock; null if lost. */
    private static String pinnedText(TerminalSession s, Object key) {
        s.buffer().lock();
        try {
            int row = s.pinnedRow(key);
            if (row == Integer.MIN_VALUE) {
                return null;
            }
            String text = s.buffer().getLine(row).getText();
            return text.substring(Math.min(text.length(), s.pinned(key).column()));
        } finally {
            s.buffer().unlock();
        }
    }

    @Test
    void aPinStaysOnItsTextThroughChangesOfWidthUntilLetGo() throws Exception {
        TerminalSession s = startBash(dir);
        s.resize(40, 10);
        await("40 columns", () -> s.terminal().getTerminalWidth() == 40);
        s.sendText("clear; echo 'aaaa bbbb gamma'; seq 1 20\r");
        await("the line in the history", () -> text(s).contains("aaaa bbbb gamma") && text(s).contains("\n20\n"));
        Object key = new Object();
        s.buffer().lock();
        try {
            for (int row = -s.buffer().getHistoryLinesCount(); row < s.buffer().getHeight(); row++) {
                if (s.buffer().getLine(row).getText().equals("aaaa bbbb gamma")) {
                    s.pin(key, s.buffer().getLine(row), 10);
                }
            }
        } finally {
            s.buffer().unlock();
        }
        assertEquals("gamma", pinnedText(s, key));

        // Ten columns: "aaaa bbbb " and "gamma" are two rows now, the pin at the start of the second.
        s.resize(10, 10);
        await("10 columns", () -> s.terminal().getTerminalWidth() == 10);
        assertEquals("gamma", pinnedText(s, key));
        s.buffer().lock();
        try {
            assertEquals(0, s.pinned(key).column());
        } finally {
            s.buffer().unlock();
        }
        s.resize(60, 10);
        await("60 columns", () -> s.terminal().getTerminalWidth() == 60);
        assertEquals("gamma", pinnedText(s, key));

        s.unpin(key);
        s.buffer().lock();
        try {
            assertEquals(null, s.pinned(key));
        } finally {
            s.buffer().unlock();
        }
    }

    @Test
    void theLibrarysEmulatorStaysSelectableAndWorksAsBefore() throws Exception {
        TerminalSession s = startBash(dir, EmulatorParser.JEDITERM);
        s.sendText("printf '\\033]0;old-path\\007\\033[4:3mcurly\\033[m \\033]8;;https://x/y\\033\\\\link\\033]8;;\\033\\\\\\n'\r");
        await("output through the library's emulator", () -> text(s).contains("curly link"));
        await("title", () -> "old-path".equals(title.get()));
        s.buffer().lock();
        try {
            List<HyperlinkTable.Span> found = new java.util.ArrayList<>();
            for (int i = 0; i < s.buffer().getHeight(); i++) {
                found.addAll(s.hyperlinks().spansOf(s.buffer().getLine(i)));
            }
            assertEquals(1, found.size(), found.toString());
            assertEquals("https://x/y", found.get(0).uri());
        } finally {
            s.buffer().unlock();
        }
    }
}
