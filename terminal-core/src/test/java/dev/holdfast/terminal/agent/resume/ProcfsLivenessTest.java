package dev.holdfast.terminal.agent.resume;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.pty.ProcessDetails;
import dev.holdfast.terminal.pty.ProcessIdentity;
import dev.holdfast.terminal.pty.ProcessInspector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The liveness rules against this machine's real process table ({@code /proc}), with real processes. */
class ProcfsLivenessTest {
    private static final String ID = "019aad50-a7e6-7422-b7a8-0b384290624f";

    @TempDir
    Path dir;

    private final ProcessInspector inspector = ProcessInspector.forCurrentOs();
    private final ConversationLiveness liveness =
            new ConversationLiveness(inspector, new ObjectMapper(), ConversationLiveness.START_TOLERANCE);

    private static void linuxOnly() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "needs /proc");
    }

    private Process holding(Path file) throws Exception {
        Process p = new ProcessBuilder("bash", "-c", "exec 3<\"$0\"; echo ready; exec sleep 60", file.toString())
                .redirectErrorStream(true).start();
        assertEquals('r', p.getInputStream().read());
        return p;
    }

    private SavedConversation saved(Agent agent, List<ProcessIdentity> processes, Path transcript) {
        return new SavedConversation(new Resumable.AgentConversation(agent, ID, Optional.empty()), processes,
                Optional.of(dir), Optional.ofNullable(transcript));
    }

    @Test
    void aRealProcessHoldingTheRolloutOpenIsFoundByItsDescriptors() throws Exception {
        linuxOnly();
        Path rollout = Files.writeString(dir.resolve("rollout-x-" + ID + ".jsonl"), "{}\n");
        assertInstanceOf(Liveness.NotRunning.class, liveness.check(saved(Agent.CODEX, List.of(), rollout)));
        Process p = holding(rollout);
        try {
            assertEquals(p.pid(), ((Liveness.Running) liveness.check(saved(Agent.CODEX, List.of(), rollout))).pid());
        } finally {
            p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
        assertInstanceOf(Liveness.NotRunning.class, liveness.check(saved(Agent.CODEX, List.of(), rollout)));
    }

    @Test
    void aRealProcessIsTheSameOnlyWithItsOwnStartTime() throws Exception {
        linuxOnly();
        Process p = new ProcessBuilder("sleep", "60").start();
        try {
            ProcessDetails now = inspector.process(p.pid()).orElseThrow();
            ProcessIdentity same = now.identity();
            ProcessIdentity earlier = new ProcessIdentity(p.pid(), now.startTime().map(t -> t.minusSeconds(30)));
            assertEquals(p.pid(), ((Liveness.Running) liveness.check(saved(Agent.CODEX, List.of(same), null))).pid());
            assertInstanceOf(Liveness.NotRunning.class, liveness.check(saved(Agent.CODEX, List.of(earlier), null)));
        } finally {
            p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void aClaudeSessionsFileIsLiveWithTheRealStartTicksOfItsPid() throws Exception {
        linuxOnly();
        Process p = new ProcessBuilder("sleep", "60").start();
        try {
            long ticks = inspector.startTicks(p.pid()).orElseThrow();
            Files.createDirectories(dir.resolve("sessions"));
            Files.writeString(dir.resolve("sessions/" + p.pid() + ".json"),
                    "{\"pid\":" + p.pid() + ",\"sessionId\":\"" + ID + "\",\"procStart\":\"" + ticks + "\"}");
            assertEquals(p.pid(), ((Liveness.Running) liveness.check(saved(Agent.CLAUDE_CODE, List.of(), null))).pid());
            Files.writeString(dir.resolve("sessions/" + p.pid() + ".json"),
                    "{\"pid\":" + p.pid() + ",\"sessionId\":\"" + ID + "\",\"procStart\":\"" + (ticks + 7) + "\"}");
            assertInstanceOf(Liveness.NotRunning.class, liveness.check(saved(Agent.CLAUDE_CODE, List.of(), null)));
        } finally {
            p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}
