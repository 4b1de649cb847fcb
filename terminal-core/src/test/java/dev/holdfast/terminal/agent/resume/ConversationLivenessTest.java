package dev.holdfast.terminal.agent.resume;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.pty.ProcessIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConversationLivenessTest {
    private static final String ID = "019aad50-a7e6-7422-b7a8-0b384290624f";
    private static final Instant STARTED = Instant.parse("2026-12-01T10:00:00.25Z");

    @TempDir
    Path dir;

    private final FakeProcesses processes = new FakeProcesses();
    private final ConversationLiveness liveness =
            new ConversationLiveness(processes, new ObjectMapper(), ConversationLiveness.START_TOLERANCE);

    private SavedConversation codex(List<ProcessIdentity> saved, Path transcript) {
        return new SavedConversation(new Resumable.AgentConversation(Agent.CODEX, ID, Optional.empty()), saved,
                Optional.of(dir), Optional.ofNullable(transcript));
    }

    private SavedConversation claude() {
        return new SavedConversation(new Resumable.AgentConversation(Agent.CLAUDE_CODE, ID, Optional.empty()),
                List.of(), Optional.of(dir), Optional.empty());
    }

    @Test
    void aSavedAgentProcessRunningWithTheSameStartIsLive() {
        processes.run(4242, STARTED.plusMillis(300), List.of("codex"));
        Liveness result = liveness.check(codex(List.of(new ProcessIdentity(4242, Optional.of(STARTED))), null));
        assertEquals(new Liveness.Running(4242, "the agent of the last launch still runs"), result);
    }

    @Test
    void aReusedPidWithAnotherStartIsNotTheAgent() {
        processes.run(4242, STARTED.plus(Duration.ofMinutes(5)), List.of("codex"));
        assertInstanceOf(Liveness.NotRunning.class,
                liveness.check(codex(List.of(new ProcessIdentity(4242, Optional.of(STARTED))), null)));
    }

    @Test
    void withoutStartTimesOnlyAPidThatStillRunsTheAgentCounts() {
        processes.run(10, null, List.of("codex", "resume", ID)).run(11, null, List.of("vim"));
        assertEquals(10, ((Liveness.Running) liveness.check(codex(List.of(new ProcessIdentity(10, Optional.empty())),
                null))).pid());
        assertInstanceOf(Liveness.NotRunning.class,
                liveness.check(codex(List.of(new ProcessIdentity(11, Optional.empty())), null)));
    }

    @Test
    void aProcessHoldingTheRolloutOpenIsLive() throws IOException {
        Path rollout = Files.writeString(dir.resolve("rollout-2026-12-01T10-00-00-" + ID + ".jsonl"), "");
        processes.run(77, STARTED, List.of("node", "codex.js"), rollout);
        Liveness result = liveness.check(codex(List.of(), rollout));
        assertEquals(77, ((Liveness.Running) result).pid());
    }

    @Test
    void holdfastReadingTheRolloutItselfIsNoWriter() throws IOException {
        Path rollout = Files.writeString(dir.resolve("rollout-2026-12-01T10-00-00-" + ID + ".jsonl"), "");
        processes.run(ProcessHandle.current().pid(), STARTED, List.of("java", "dev.holdfast.app.Main"), rollout);
        assertInstanceOf(Liveness.NotRunning.class, liveness.check(codex(List.of(), rollout)));
    }

    @Test
    void aProcessHoldingTheThreadsWriterLockIsLive() throws IOException {
        Path locks = Files.createDirectories(dir.resolve(ConversationLiveness.WRITER_LOCKS));
        Path lock = Files.writeString(locks.resolve(ID + ".lock"), "");
        Path other = Files.writeString(locks.resolve("019aad50-0000-7422-b7a8-0b384290624f.lock"), "");
        processes.run(90, STARTED, List.of("codex"), other);
        assertInstanceOf(Liveness.NotRunning.class, liveness.check(codex(List.of(), null)));
        processes.run(91, STARTED, List.of("codex"), lock);
        assertEquals(91, ((Liveness.Running) liveness.check(codex(List.of(), null))).pid());
    }

    @Test
    void aLeftOverLockFileNobodyHoldsIsNotLive() throws IOException {
        Path locks = Files.createDirectories(dir.resolve(ConversationLiveness.WRITER_LOCKS));
        Files.writeString(locks.resolve(ID + ".lock"), "");
        assertInstanceOf(Liveness.NotRunning.class, liveness.check(codex(List.of(), null)));
    }

    private void sessionsFile(long pid, String body) throws IOException {
        Files.createDirectories(dir.resolve("sessions"));
        Files.writeString(dir.resolve("sessions/" + pid + ".json"), body);
    }

    @Test
    void aClaudeSessionsFileWhosePidRunsWithTheRecordedStartIsLive() throws IOException {
        sessionsFile(500, "{\"pid\":500,\"sessionId\":\"" + ID + "\",\"cwd\":\"/p\",\"procStart\":\"123456\"}");
        processes.run(500, STARTED, List.of("claude")).ticks(500, 123456);
        assertEquals(new Liveness.Running(500, "sessions/500.json names it"), liveness.check(claude()));
    }

    @Test
    void aStaleClaudeSessionsFileOfAReusedPidIsNotLive() throws IOException {
        sessionsFile(500, "{\"pid\":500,\"sessionId\":\"" + ID + "\",\"procStart\":123456}");
        processes.run(500, STARTED, List.of("claude")).ticks(500, 999999);
        assertInstanceOf(Liveness.NotRunning.class, liveness.check(claude()));
    }

    @Test
    void aClaudeSessionsFileOfADeadPidOrAnotherSessionIsNotLive() throws IOException {
        sessionsFile(501, "{\"pid\":501,\"sessionId\":\"" + ID + "\",\"procStart\":1}");
        sessionsFile(502, "{\"pid\":502,\"sessionId\":\"2ff46cd5-f4e7-4724-bb20-579dae7956ea\",\"procStart\":2}");
        processes.run(502, STARTED, List.of("claude")).ticks(502, 2);
        assertInstanceOf(Liveness.NotRunning.class, liveness.check(claude()));
    }

    @Test
    void aClaudeSessionsFileWithoutAStartCountsWhenItsPidRunsClaude() throws IOException {
        sessionsFile(600, "{\"pid\":600,\"sessionId\":\"" + ID + "\"}");
        processes.run(600, STARTED, List.of("node", "/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js"));
        assertEquals(600, ((Liveness.Running) liveness.check(claude())).pid());
        processes.run(600, STARTED, List.of("bash"));
        assertInstanceOf(Liveness.NotRunning.class, liveness.check(claude()));
    }

    @Test
    void unreadableSessionsFilesSayNothing() throws IOException {
        sessionsFile(700, "{not json");
        sessionsFile(701, "[]");
        sessionsFile(702, "{\"sessionId\":\"" + ID + "\"}");
        assertInstanceOf(Liveness.NotRunning.class, liveness.check(claude()));
    }
}
