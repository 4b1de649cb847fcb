package dev.holdfast.app.restore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.checkpoint.session.PanelForeground;
import dev.holdfast.checkpoint.session.PanelSnapshot;
import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.resume.ConversationLiveness;
import dev.holdfast.terminal.agent.resume.ResumeAgents;
import dev.holdfast.terminal.agent.resume.Resumable;
import dev.holdfast.terminal.agent.resume.SavedWork;
import dev.holdfast.terminal.agent.resume.TabResume;
import dev.holdfast.terminal.pty.ProcessInspector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading saved records into offers, and the planner on this machine's process table and tmux. */
class ResumePlannerTest {
    private static final String ID = "019aad50-a7e6-7422-b7a8-0b384290624f";

    @TempDir
    Path dir;

    private static PanelForeground.AgentRun codex(String id, String home) {
        return new PanelForeground.AgentRun("codex", id, null, "/p", List.of("codex"), "SCREEN_MATCH", null,
                List.of(new PanelForeground.SavedProcess(999_999_999L, Instant.EPOCH)), home, null);
    }

    @Test
    void aRecordItCannotUseOffersNothingAndNeverFails() {
        assertInstanceOf(SavedWork.Nothing.class, ResumePlanner.work(null));
        assertInstanceOf(SavedWork.Nothing.class, ResumePlanner.work(codex("not-a-uuid; rm -rf ~", null)));
        assertInstanceOf(SavedWork.Nothing.class, ResumePlanner.work(new PanelForeground.AgentRun("aider", ID, null,
                null, List.of(), null, null, List.of(), null, null)));
        assertInstanceOf(SavedWork.Nothing.class, ResumePlanner.work(new PanelForeground.TmuxClient(null, null)));
        assertInstanceOf(SavedWork.Nothing.class, ResumePlanner.work(new PanelForeground.SshClient("-oProxyCommand=x",
                List.of())));
    }

    @Test
    void boundUnboundTmuxAndSshRecordsReadAsWhatTheyWere() {
        SavedWork.BoundAgent bound = assertInstanceOf(SavedWork.BoundAgent.class, ResumePlanner.work(codex(ID, "/h")));
        assertEquals(Agent.CODEX, bound.saved().conversation().agent());
        assertEquals(Path.of("/h"), bound.saved().agentHome().orElseThrow());
        assertEquals(999_999_999L, bound.saved().processes().get(0).pid());
        assertEquals(new SavedWork.UnboundAgent(Agent.CLAUDE_CODE, "why"), ResumePlanner.work(
                new PanelForeground.AgentRun("claude", null, null, null, List.of(), null, "why", List.of(), null, null)));
        assertEquals(new SavedWork.Tmux(new Resumable.TmuxSession("w", List.of("-L", "x"))),
                ResumePlanner.work(new PanelForeground.TmuxClient("w", List.of("-L", "x"))));
        assertEquals(new SavedWork.Ssh(new Resumable.SshSession("h", List.of())),
                ResumePlanner.work(new PanelForeground.SshClient("h", List.of())));
    }

    @Test
    void tmuxIsAskedWhetherTheSessionStillExists() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/tmux")) || Files.isExecutable(Path.of("/usr/local/bin/tmux")));
        String server = "hf-test-" + UUID.randomUUID().toString().substring(0, 8);
        try {
            assertFalse(ResumePlanner.tmuxHasSession(new Resumable.TmuxSession("work", List.of("-L", server))));
            Process created = new ProcessBuilder("tmux", "-L", server, "new-session", "-d", "-s", "work").start();
            assertTrue(created.waitFor(10, TimeUnit.SECONDS) && created.exitValue() == 0);
            assertTrue(ResumePlanner.tmuxHasSession(new Resumable.TmuxSession("work", List.of("-L", server))));
            assertFalse(ResumePlanner.tmuxHasSession(new Resumable.TmuxSession("wor", List.of("-L", server))),
                    "the name matches exactly, not as a prefix");
        } finally {
            new ProcessBuilder("tmux", "-L", server, "kill-server").start().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aBoundAgentsShellStartsInTheAgentsDirectory() {
        Path home = Path.of("/home/u");
        PanelSnapshot agent = new PanelSnapshot(UUID.randomUUID(), null, null, "/home/u", null, true, null,
                new PanelForeground.AgentRun("codex", ID, null, "/home/u/proj", List.of(), null, null, List.of(), null, null));
        assertEquals(Path.of("/home/u/proj"), SessionRestorer.startDirectory(agent, home));
        PanelSnapshot unbound = new PanelSnapshot(UUID.randomUUID(), null, null, "/srv", null, true, null,
                new PanelForeground.AgentRun("codex", null, null, "/home/u/proj", List.of(), null, "x", List.of(), null, null));
        assertEquals(Path.of("/srv"), SessionRestorer.startDirectory(unbound, home));
        assertEquals(home, SessionRestorer.startDirectory(new PanelSnapshot(UUID.randomUUID(), null, null, null, null,
                true), home));
    }

    /**
     * A restore right after a crash runs while the crashed launch's agents are still ending on their hang-up: an
     * agent that ends within {@link ResumePlanner#HANGUP_GRACE} does not block its tab's offer; one looked at only
     * once, while it still ran, did.
     */
    @Test
    void anAgentThatEndsJustAfterTheRestoreLooksDoesNotBlockItsOffer() throws Exception {
        for (boolean grace : new boolean[] {false, true}) {
            Process ending = new ProcessBuilder("sleep", "0.8").start();
            try {
                Instant started = ending.toHandle().info().startInstant().orElseThrow();
                PanelSnapshot panel = new PanelSnapshot(UUID.randomUUID(), null, null, "/p", null, true, null,
                        new PanelForeground.AgentRun("codex", ID, null, "/p", List.of("codex"), "SCREEN_MATCH", null,
                                List.of(new PanelForeground.SavedProcess(ending.pid(), started)), null, null));
                ResumePlanner planner = new ResumePlanner(new ConversationLiveness(ProcessInspector.forCurrentOs(),
                        new ObjectMapper(), ConversationLiveness.START_TOLERANCE), ResumeAgents.ASK, session -> false,
                        grace ? ResumePlanner.HANGUP_GRACE : Duration.ZERO);

                TabResume decided = planner.plan(List.of(panel)).get(panel.panelId());

                if (grace) {
                    assertInstanceOf(TabResume.Offer.class, decided, decided.toString());
                } else {
                    TabResume.Note note = assertInstanceOf(TabResume.Note.class, decided, decided.toString());
                    assertTrue(note.text().contains("still running in pid " + ending.pid()), note.text());
                }
            } finally {
                ending.destroyForcibly();
                ending.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
