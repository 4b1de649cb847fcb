package dev.holdfast.terminal.agent.resume;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.agent.Agent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ResumeOffersTest {
    private static final String A = "019aad50-a7e6-7422-b7a8-0b384290624f";
    private static final String B = "2ff46cd5-f4e7-4724-bb20-579dae7956ea";
    private final UUID first = UUID.randomUUID();
    private final UUID second = UUID.randomUUID();
    private final List<String> checked = new ArrayList<>();

    private static SavedWork bound(Agent agent, String id, String title) {
        return new SavedWork.BoundAgent(new SavedConversation(new Resumable.AgentConversation(agent, id,
                Optional.ofNullable(title)), List.of(), Optional.empty(), Optional.empty()));
    }

    private ResumeOffers offers(ResumeAgents mode, String liveId, long pid) {
        return new ResumeOffers(mode, saved -> {
            checked.add(saved.conversation().sessionId());
            return saved.conversation().sessionId().equals(liveId) ? new Liveness.Running(pid, "test")
                    : new Liveness.NotRunning();
        }, tmux -> tmux.name().equals("alive"));
    }

    @Test
    void aBoundAgentTabOffersItsResumeCommandTypedNotRunAndDoesNotReplay() {
        Map<UUID, TabResume> result = offers(ResumeAgents.ASK, null, 0).decide(List.of(
                new ResumeOffers.Tab(first, bound(Agent.CODEX, A, "fix the flaky test")),
                new ResumeOffers.Tab(second, bound(Agent.CLAUDE_CODE, B, null))));
        TabResume.Offer codex = (TabResume.Offer) result.get(first);
        assertEquals("codex resume " + A, codex.what().command());
        assertEquals("Codex conversation \u2018fix the flaky test\u2019 \u2014 press Enter to resume", codex.text());
        assertFalse(codex.run());
        assertFalse(codex.replay());
        assertEquals("claude --resume " + B, ((TabResume.Offer) result.get(second)).what().command());
    }

    @Test
    void alwaysRunsTheCommandAndNeverOnlyNamesIt() {
        SavedWork work = bound(Agent.CODEX, A, "t");
        assertTrue(((TabResume.Offer) offers(ResumeAgents.ALWAYS, null, 0)
                .decide(List.of(new ResumeOffers.Tab(first, work))).get(first)).run());
        TabResume never = offers(ResumeAgents.NEVER, null, 0).decide(List.of(new ResumeOffers.Tab(first, work))).get(first);
        TabResume.Note note = assertInstanceOf(TabResume.Note.class, never);
        assertEquals("Codex conversation \u2018t\u2019 \u2014 to resume it: codex resume " + A, note.text());
        assertFalse(note.replay());
    }

    @Test
    void aConversationStillRunningIsOfferedNowhereAndSaysWhere() {
        for (ResumeAgents mode : ResumeAgents.values()) {
            TabResume result = offers(mode, A, 4321).decide(List.of(new ResumeOffers.Tab(first,
                    bound(Agent.CODEX, A, "t")))).get(first);
            TabResume.Note note = assertInstanceOf(TabResume.Note.class, result, mode.word());
            assertTrue(note.text().contains("still running in pid 4321"), note.text());
            assertEquals(Optional.of(4321L), note.runningPid());
            assertFalse(note.replay());
        }
    }

    @Test
    void aConversationBoundToTwoTabsIsOfferedInTheFirstOnlyAndCheckedOnce() {
        Map<UUID, TabResume> result = offers(ResumeAgents.ASK, null, 0).decide(List.of(
                new ResumeOffers.Tab(first, bound(Agent.CODEX, A, "t")),
                new ResumeOffers.Tab(second, bound(Agent.CODEX, A.toUpperCase(), "t"))));
        assertInstanceOf(TabResume.Offer.class, result.get(first));
        TabResume.Note note = assertInstanceOf(TabResume.Note.class, result.get(second));
        assertEquals("Codex conversation \u2018t\u2019 is offered in another tab", note.text());
        assertEquals(List.of(A), checked);
    }

    @Test
    void anUnboundAgentTabReplaysWithANote() {
        TabResume result = offers(ResumeAgents.ASK, null, 0).decide(List.of(new ResumeOffers.Tab(first,
                new SavedWork.UnboundAgent(Agent.CODEX, "two threads fit")))).get(first);
        TabResume.Note note = assertInstanceOf(TabResume.Note.class, result);
        assertTrue(note.replay());
        assertEquals("Codex ran in this tab, but its conversation could not be identified (two threads fit): its "
                + "output is shown as it was", note.text());
    }

    @Test
    void tmuxIsOfferedOnlyWhileItsSessionExistsAndSshAlwaysBothTypedWhateverTheSetting() {
        Map<UUID, TabResume> result = offers(ResumeAgents.ALWAYS, null, 0).decide(List.of(
                new ResumeOffers.Tab(first, new SavedWork.Tmux(new Resumable.TmuxSession("alive", List.of()))),
                new ResumeOffers.Tab(second, new SavedWork.Tmux(new Resumable.TmuxSession("gone", List.of())))));
        TabResume.Offer attach = (TabResume.Offer) result.get(first);
        assertEquals("tmux attach -t alive", attach.what().command());
        assertFalse(attach.run());
        assertTrue(attach.replay());
        assertEquals(new TabResume.Note("tmux session \u2018gone\u2019 no longer exists", true, Optional.empty()),
                result.get(second));
        TabResume.Offer ssh = (TabResume.Offer) offers(ResumeAgents.ALWAYS, null, 0).decide(List.of(new ResumeOffers.Tab(
                first, new SavedWork.Ssh(new Resumable.SshSession("me@host", List.of()))))).get(first);
        assertEquals("ssh me@host", ssh.what().command());
        assertEquals("ssh session to me@host \u2014 press Enter to reconnect", ssh.text());
        assertFalse(ssh.run());
    }

    @Test
    void aTabThatRanNothingComesBackAsAnyTab() {
        assertEquals(new TabResume.Nothing(), offers(ResumeAgents.ASK, null, 0).decide(List.of(
                new ResumeOffers.Tab(first, new SavedWork.Nothing()))).get(first));
    }
}
