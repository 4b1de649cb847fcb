package dev.holdfast.app.autosave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.holdfast.checkpoint.session.PanelForeground;
import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.binding.Binding;
import dev.holdfast.terminal.agent.binding.BindingSource;
import dev.holdfast.terminal.agent.binding.UnavailableReason;
import dev.holdfast.terminal.agent.live.TabConversation;
import dev.holdfast.terminal.emulation.SessionSpec;
import dev.holdfast.terminal.emulation.TerminalEvents;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.pty.ProcessInspector;
import dev.holdfast.terminal.pty.ShellCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** What the saver records of a tab's foreground, read from real processes in real PTYs. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ForegroundRecorderTest {
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final String ID = "019aad50-a7e6-7422-b7a8-0b384290624f";

    @TempDir
    Path dir;

    private final List<TerminalSession> sessions = new ArrayList<>();
    private final Map<UUID, TabConversation> conversations = new HashMap<>();
    private final List<String> tmuxServers = new ArrayList<>();
    private final ForegroundRecorder recorder = new ForegroundRecorder(ProcessInspector.forCurrentOs(),
            id -> Optional.ofNullable(conversations.get(id)), Path.of("/nonexistent-home"), new TmuxClients("tmux"));

    @AfterEach
    void closeEverything() throws Exception {
        // The stand-in programs wait for minutes and a shell's hang-up does not always reach them: end them first.
        for (TerminalSession session : sessions) {
            session.shellPid().ifPresent(pid -> ProcessHandle.of(pid)
                    .ifPresent(shell -> shell.descendants().forEach(ProcessHandle::destroyForcibly)));
        }
        sessions.forEach(TerminalSession::close);
        for (String server : tmuxServers) {
            new ProcessBuilder("tmux", "-L", server, "kill-server").start().waitFor(10, TimeUnit.SECONDS);
        }
    }

    private TerminalSession shell(Map<String, String> environment) {
        Map<String, String> env = new HashMap<>(environment);
        env.putIfAbsent("PATH", System.getenv("PATH"));
        env.put("HOME", dir.toString());
        TerminalSession s = new TerminalSession(new SessionSpec(UUID.randomUUID(), dir,
                new ShellCommand(List.of("/bin/bash", "--norc", "-i")), env, 80, 24, 1000), TerminalEvents.NONE,
                ProcessInspector.forCurrentOs(), Clock.systemUTC());
        sessions.add(s);
        s.start();
        return s;
    }

    private static TabState tab(TerminalSession session) {
        return new TabState(session.spec().panelId(), null, null, session, true);
    }

    private static <T> T await(String what, Supplier<T> value) throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (true) {
            T v = value.get();
            if (v != null) {
                return v;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(50);
        }
    }

    /** A {@code codex} that only waits: the recorder reads its process, not its screen. */
    private Map<String, String> codexOnPath(Path codexHome) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path codex = Files.writeString(bin.resolve("codex"), "#!/bin/sh\nsleep 600\n");
        Files.setPosixFilePermissions(codex, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        return Map.of("PATH", bin + ":" + System.getenv("PATH"), "CODEX_HOME", codexHome.toString());
    }

    @Test
    void aBoundCodexTabRecordsItsConversationDirectoryProcessesAndACommandLineWithoutSecrets() throws Exception {
        Path codexHome = Files.createDirectories(dir.resolve("codex-home"));
        TerminalSession session = shell(codexOnPath(codexHome));
        session.sendText("codex --api-key sk-live-abcdefgh12345678 -m o3\r");
        conversations.put(session.spec().panelId(), new TabConversation(session.spec().panelId(), Optional.of(Agent.CODEX),
                Optional.of(new Binding.Bound(ID, BindingSource.SCREEN_MATCH, "test")), Optional.empty(), Optional.empty()));
        PanelForeground.AgentRun run = (PanelForeground.AgentRun) await("codex recorded",
                () -> recorder.of(tab(session)) instanceof PanelForeground.AgentRun r ? r : null);
        assertEquals("codex", run.agent());
        assertEquals(ID, run.conversationId());
        assertEquals("SCREEN_MATCH", run.bindingSource());
        assertEquals(dir.toRealPath().toString(), Path.of(run.workingDirectory()).toRealPath().toString());
        assertEquals(codexHome.toString(), run.agentHome());
        assertFalse(run.processes().isEmpty());
        assertTrue(run.processes().stream().allMatch(p -> ProcessHandle.of(p.pid()).isPresent() && p.startedAt() != null));
        assertTrue(run.argv().contains("-m") && run.argv().contains("o3"), run.argv().toString());
        assertFalse(run.argv().toString().contains("sk-live") || run.argv().contains("--api-key"), run.argv().toString());
    }

    @Test
    void anAgentTabWithoutABindingRecordsThatItWasNotBoundAndWhy() throws Exception {
        TerminalSession session = shell(codexOnPath(Files.createDirectories(dir.resolve("codex-home"))));
        session.sendText("codex\r");
        conversations.put(session.spec().panelId(), new TabConversation(session.spec().panelId(), Optional.of(Agent.CODEX),
                Optional.of(new Binding.Unavailable(UnavailableReason.values()[0], "two threads fit")), Optional.empty(),
                Optional.empty()));
        PanelForeground.AgentRun run = (PanelForeground.AgentRun) await("codex recorded",
                () -> recorder.of(tab(session)) instanceof PanelForeground.AgentRun r ? r : null);
        assertFalse(run.bound());
        assertTrue(run.unboundReason().contains("two threads fit"), run.unboundReason());
    }

    @Test
    void aTmuxClientRecordsItsSessionAskedOfItsServerWhenTheCommandLineDoesNotSayIt() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/tmux")) || Files.isExecutable(Path.of("/usr/local/bin/tmux")));
        String server = "hf-test-" + UUID.randomUUID().toString().substring(0, 8);
        tmuxServers.add(server);
        Process created = new ProcessBuilder("tmux", "-L", server, "new-session", "-d", "-s", "work").start();
        assertTrue(created.waitFor(10, TimeUnit.SECONDS) && created.exitValue() == 0);
        TerminalSession session = shell(Map.of("TERM", "xterm-256color"));
        session.sendText("tmux -L " + server + " attach\r");
        PanelForeground.TmuxClient client = (PanelForeground.TmuxClient) await("tmux recorded",
                () -> recorder.of(tab(session)) instanceof PanelForeground.TmuxClient c ? c : null);
        assertEquals("work", client.session());
        assertEquals(List.of("-L", server), client.serverOptions());
    }

    @Test
    void anSshSessionRecordsItsDestination() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/ssh")));
        TerminalSession session = shell(Map.of());
        // A proxy that never answers: a real ssh client waiting, with no network involved.
        session.sendText("ssh -o ProxyCommand='sleep 600' -p 2222 me@example.test\r");
        PanelForeground.SshClient ssh = (PanelForeground.SshClient) await("ssh recorded",
                () -> recorder.of(tab(session)) instanceof PanelForeground.SshClient c ? c : null);
        assertEquals("me@example.test", ssh.destination());
        assertEquals(List.of("-p", "2222"), ssh.options());
    }

    @Test
    void aRestoredTabKeepsItsRecordUntilSomethingRunsInIt() throws Exception {
        TerminalSession session = shell(Map.of());
        await("the shell", () -> session.shellPid().isPresent() ? session : null);
        PanelForeground restored = new PanelForeground.SshClient("host", List.of());
        recorder.carry(session.spec().panelId(), restored);
        assertEquals(restored, recorder.of(tab(session)));
        session.sendText("sleep 600\r");
        await("the restored record replaced", () -> recorder.of(tab(session)) == null ? "" : null);
        session.sendText("\u0003");
        await("the prompt again", () -> ProcessInspector.forCurrentOs().foregroundProcesses(
                session.shellPid().getAsLong()).isEmpty() ? "" : null);
        assertNull(recorder.of(tab(session)), "once something ran, the restored record is gone for good");
    }

    @Test
    void aConversationWithoutATitleIsOfferedByItsFirstMessageOnOneLineShortened() {
        var untitled = new dev.holdfast.terminal.agent.conversation.Conversation(Optional.empty(), List.of(
                new dev.holdfast.terminal.agent.conversation.AssistantMessage(0, Optional.empty(), "hello"),
                new dev.holdfast.terminal.agent.conversation.UserTurn(1, Optional.empty(),
                        "  rename the config\nloader  "),
                new dev.holdfast.terminal.agent.conversation.UserTurn(2, Optional.empty(), "and its tests")), 3, 0);
        assertEquals(Optional.of("rename the config loader"), ForegroundRecorder.titleOf(untitled));
        var titled = new dev.holdfast.terminal.agent.conversation.Conversation(Optional.of("Config loader rename"),
                untitled.items(), 3, 0);
        assertEquals(Optional.of("Config loader rename"), ForegroundRecorder.titleOf(titled));
        var longFirst = new dev.holdfast.terminal.agent.conversation.Conversation(Optional.empty(), List.of(
                new dev.holdfast.terminal.agent.conversation.UserTurn(1, Optional.empty(), "x".repeat(200))), 1, 0);
        String shortened = ForegroundRecorder.titleOf(longFirst).orElseThrow();
        assertEquals(ForegroundRecorder.TITLE_LENGTH, shortened.length());
        assertTrue(shortened.endsWith("\u2026"));
        assertEquals(Optional.empty(), ForegroundRecorder.titleOf(new dev.holdfast.terminal.agent.conversation
                .Conversation(Optional.empty(), List.of(), 0, 0)));
    }
}
