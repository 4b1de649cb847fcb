package dev.holdfast.terminal.agent.resume;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.holdfast.terminal.agent.Agent;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ResumableTest {
    private static final String ID = "019aad50-a7e6-7422-b7a8-0b384290624f";

    @Test
    void eachAgentResumesByItsOwnCommand() {
        assertEquals("codex resume " + ID, new Resumable.AgentConversation(Agent.CODEX, ID, Optional.empty()).command());
        assertEquals("claude --resume " + ID,
                new Resumable.AgentConversation(Agent.CLAUDE_CODE, ID.toUpperCase(), Optional.empty()).command());
    }

    @Test
    void onlyASessionIdCanReachThePrompt() {
        assertThrows(IllegalArgumentException.class,
                () -> new Resumable.AgentConversation(Agent.CODEX, "x; rm -rf ~", Optional.empty()));
    }

    @Test
    void theDescriptionNamesTheTitleOnOneLineOrTheIdsStart() {
        assertEquals("Codex conversation \u2018fix the flaky test\u2019",
                new Resumable.AgentConversation(Agent.CODEX, ID, Optional.of("fix the\nflaky\u001b\u009b test")).description());
        assertEquals("Claude Code conversation 019aad50\u2026",
                new Resumable.AgentConversation(Agent.CLAUDE_CODE, ID, Optional.of("  ")).description());
        String longTitle = "x".repeat(200);
        assertEquals(Resumable.AgentConversation.TITLE_CHARS + "Codex conversation \u2018\u2019".length(),
                new Resumable.AgentConversation(Agent.CODEX, ID, Optional.of(longTitle)).description().length());
    }

    @Test
    void onlyTheOptionsThatSayWhereTheSessionWentCanBeTyped() {
        assertThrows(IllegalArgumentException.class,
                () -> new Resumable.SshSession("h", List.of("-o", "ProxyCommand=touch /tmp/x")));
        assertThrows(IllegalArgumentException.class, () -> new Resumable.SshSession("h", List.of("-p")));
        assertThrows(IllegalArgumentException.class, () -> new Resumable.SshSession("h", List.of("-p", "-oX")));
        assertThrows(IllegalArgumentException.class, () -> new Resumable.TmuxSession("w", List.of("-f", "/x")));
        assertThrows(IllegalArgumentException.class, () -> new Resumable.SshSession("-oProxyCommand=x", List.of()));
    }

    @Test
    void tmuxAndSshCommandsQuoteWhatAShellWouldSplit() {
        assertEquals("tmux attach -t work", new Resumable.TmuxSession("work", List.of()).command());
        assertEquals("tmux -L other attach -t 'my session'",
                new Resumable.TmuxSession("my session", List.of("-L", "other")).command());
        assertEquals(List.of("tmux", "has-session", "-t", "=work"),
                new Resumable.TmuxSession("work", List.of()).hasSessionCommand());
        assertEquals("ssh -p 2222 me@host", new Resumable.SshSession("me@host", List.of("-p", "2222")).command());
        assertEquals("ssh 'h$(x)'", new Resumable.SshSession("h$(x)", List.of()).command());
    }
}
