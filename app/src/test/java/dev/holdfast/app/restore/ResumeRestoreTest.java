package dev.holdfast.app.restore;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.resume.Resumable;
import dev.holdfast.terminal.agent.resume.TabResume;
import dev.holdfast.terminal.emulation.SessionSpec;
import dev.holdfast.terminal.emulation.TerminalEvents;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.pty.ProcessInspector;
import dev.holdfast.terminal.pty.ShellCommand;
import dev.holdfast.terminal.replay.InertReplay;
import dev.holdfast.terminal.replay.ReplaySanitizer;
import dev.holdfast.terminal.shell.ShellIntegration;
import dev.holdfast.terminal.shell.ShellIntegrationScripts;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A restored tab's offer on a real shell in a real PTY: a bound agent's old frames are not replayed, its line is
 * above the prompt and its resume command is typed there, not run (or run, under {@code always}); an unbound
 * agent's tab is replayed with its note.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ResumeRestoreTest {
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final String ID = "019aad50-a7e6-7422-b7a8-0b384290624f";
    private static final Resumable.AgentConversation CONVERSATION =
            new Resumable.AgentConversation(Agent.CODEX, ID, Optional.of("fix the flaky test"));

    @TempDir
    Path dir;

    private final ExecutorService shells = Executors.newCachedThreadPool(new NamedThreadFactory("test-shell-start", true));
    private final InertReplay replay = new InertReplay(new ReplaySanitizer(), Clock.systemUTC(),
            DateTimeFormatter.ISO_LOCAL_DATE_TIME);
    private final List<TerminalSession> sessions = new ArrayList<>();
    private final PromptTyping typing = new PromptTyping();
    private RestoreReplays replays;

    @AfterEach
    void closeEverything() throws InterruptedException {
        if (replays != null) {
            replays.close();
        }
        typing.close();
        sessions.forEach(TerminalSession::close);
        shells.shutdown();
        shells.awaitTermination(10, TimeUnit.SECONDS);
    }

    /** bash with Holdfast's prompt marks, or without them; {@code bin} first on its PATH. */
    private TerminalSession bash(boolean integrated, Path bin) throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.writeString(home.resolve(".bashrc"), "PS1='READY$ '\nHISTFILE=/dev/null\n");
        ShellIntegration integration = integrated
                ? ShellIntegrationScripts.install(Files.createDirectories(dir.resolve("integration")))
                : ShellIntegration.OFF;
        List<String> argv = integrated ? List.of("/bin/bash") : List.of("/bin/bash", "--rcfile", home + "/.bashrc", "-i");
        TerminalSession s = new TerminalSession(new SessionSpec(UUID.randomUUID(), dir, new ShellCommand(argv),
                Map.of("PATH", bin + ":" + System.getenv("PATH"), "HOME", home.toString(), "TERM", "xterm-256color"),
                80, 24, 10_000, integration), TerminalEvents.NONE, ProcessInspector.forCurrentOs(), Clock.systemUTC());
        sessions.add(s);
        return s;
    }

    private void restore(TerminalSession session, String scrollback, TabResume offer) {
        replays = new RestoreReplays(replay, shells, new PendingHistories(), RestoreReplays.SliceObserver.NONE, 1);
        replays.sizeKnown(new RestoreReplays.TabSize(80, 24));
        replays.replayThenStart(session, scrollback, "restored", CompletableFuture.completedFuture(offer), decided -> {
            if (decided instanceof TabResume.Offer typed) {
                typing.typeAtPrompt(session, typed.what().command(), typed.run());
            }
        });
    }

    private static String text(TerminalSession session) {
        StringBuilder all = new StringBuilder();
        session.buffer().lock();
        try {
            var history = session.buffer().getHistoryBuffer();
            for (int i = 0; i < history.getLineCount(); i++) {
                all.append(history.getLine(i).getText()).append('\n');
            }
            for (int r = 0; r < session.buffer().getHeight(); r++) {
                all.append(session.buffer().getLine(r).getText()).append('\n');
            }
        } finally {
            session.buffer().unlock();
        }
        return all.toString();
    }

    private static void await(String what, BooleanSupplier condition, TerminalSession session) throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what + "; the tab shows:\n" + text(session));
            }
            Thread.sleep(20);
        }
    }

    private Path emptyBin() throws Exception {
        return Files.createDirectories(dir.resolve("bin"));
    }

    @Test
    void aBoundAgentTabIsNotReplayedShowsItsLineAndGetsItsResumeCommandTypedNotRun() throws Exception {
        TerminalSession tab = bash(true, emptyBin());
        restore(tab, "\u2022 Working (3s \u2022 esc to interrupt) OLD FRAME\r\n",
                new TabResume.Offer(CONVERSATION, CONVERSATION.description() + " \u2014 press Enter to resume", false, false));
        await("the command at the prompt", () -> text(tab).contains("READY$ codex resume " + ID), tab);
        String shown = text(tab);
        assertTrue(shown.contains("Codex conversation \u2018fix the flaky test\u2019 \u2014 press Enter to resume"), shown);
        assertTrue(shown.indexOf("press Enter to resume") < shown.indexOf("READY$ codex resume"), "the line is above it");
        assertFalse(shown.contains("OLD FRAME"), "the agent's old frames are not replayed:\n" + shown);
        // Ctrl+U takes the typed command back; had it been run, bash's complaint would show before the marker.
        tab.sendText("\u0015echo MARK-$((6*7))\r");
        await("the marker", () -> text(tab).contains("MARK-42"), tab);
        assertFalse(text(tab).contains("command not found"), "the command was typed, not run:\n" + text(tab));
    }

    @Test
    void alwaysRunsTheResumeCommandAtThePrompt() throws Exception {
        Path bin = emptyBin();
        Path ran = dir.resolve("ran.txt");
        Path codex = Files.writeString(bin.resolve("codex"), "#!/bin/sh\necho \"$@\" > '" + ran + "'\n");
        Files.setPosixFilePermissions(codex, PosixFilePermissions.fromString("rwx------"));
        TerminalSession tab = bash(true, bin);
        restore(tab, null, new TabResume.Offer(CONVERSATION, CONVERSATION.description() + " \u2014 resuming", true, false));
        await("codex resumed", () -> {
            try {
                return Files.exists(ran) && Files.readString(ran).strip().equals("resume " + ID);
            } catch (java.io.IOException e) {
                return false;
            }
        }, tab);
    }

    @Test
    void withoutPromptMarksTheCommandIsTypedOnceTheShellsFirstOutputIsQuiet() throws Exception {
        TerminalSession tab = bash(false, emptyBin());
        Resumable.TmuxSession tmux = new Resumable.TmuxSession("work", List.of());
        restore(tab, "old output\r\n", new TabResume.Offer(tmux, tmux.description() + " \u2014 press Enter to attach",
                false, true));
        await("the command at the prompt", () -> text(tab).contains("READY$ tmux attach -t work"), tab);
        String shown = text(tab);
        assertTrue(shown.contains("old output"), "a tmux tab is replayed as any tab:\n" + shown);
        assertTrue(shown.contains("tmux session \u2018work\u2019 \u2014 press Enter to attach"), shown);
    }

    @Test
    void anUnboundAgentTabIsReplayedWithItsNoteAndNothingTyped() throws Exception {
        TerminalSession tab = bash(true, emptyBin());
        restore(tab, "old codex output\r\n", new TabResume.Note("Codex ran in this tab, but its conversation could not "
                + "be identified: its output is shown as it was", true, Optional.empty()));
        await("the prompt", () -> tab.shellStatus().atPrompt(), tab);
        tab.sendText("echo MARK-$((6*7))\r");
        await("the marker", () -> text(tab).contains("MARK-42"), tab);
        String shown = text(tab);
        assertTrue(shown.contains("old codex output"), shown);
        assertTrue(shown.contains("its conversation could not be identified"), shown);
        assertTrue(shown.contains("READY$ echo MARK"), "nothing was typed before the user's input:\n" + shown);
    }

    @Test
    void aLineCannotCarryControlSequencesFromATitle() throws Exception {
        TerminalSession tab = bash(true, emptyBin());
        restore(tab, null, new TabResume.Note("Codex conversation \u2018x\u001b]0;pwned\u0007\u001b[2J\u2019 is offered "
                + "in another tab", false, Optional.empty()));
        await("the prompt", () -> tab.shellStatus().atPrompt(), tab);
        assertTrue(text(tab).contains("is offered in another tab"), text(tab));
        assertFalse(tab.programTitle() != null && tab.programTitle().contains("pwned"), "no title was set");
    }
}
