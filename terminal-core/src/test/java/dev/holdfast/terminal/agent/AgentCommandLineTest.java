package dev.holdfast.terminal.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AgentCommandLineTest {
    private static final String ID = "019aad50-a7e6-7422-b7a8-0b384290624f";

    private static Optional<AgentCommandLine> of(String... argv) {
        return AgentCommandLine.of(List.of(argv));
    }

    @Test
    void codexIsRecognisedInEveryWayItIsStarted() {
        assertEquals(Agent.CODEX, of("codex").orElseThrow().agent());
        assertEquals(Agent.CODEX, of("/usr/local/bin/codex", "--model", "x").orElseThrow().agent());
        assertEquals(Agent.CODEX, of("node", "/usr/lib/node_modules/@openai/codex/bin/codex.js").orElseThrow().agent());
        assertEquals(Agent.CODEX, of("node", "--no-warnings", "/opt/x/codex.js", "resume", ID).orElseThrow().agent());
        assertEquals(Agent.CODEX, of("/x/vendor/x86_64-unknown-linux-musl/codex/codex-x86_64-unknown-linux-musl").orElseThrow().agent());
        assertEquals(Agent.CODEX, of("npx", "@openai/codex").orElseThrow().agent());
        assertEquals(Agent.CODEX, of("npm", "exec", "--", "@openai/codex@0.60.1", "resume", ID).orElseThrow().agent());
        assertEquals(Agent.CODEX, of("node", "/usr/bin/npx", "-y", "@openai/codex").orElseThrow().agent());
        assertEquals(Agent.CODEX, of("/bin/bash", "/home/u/bin/codex", "resume", ID).orElseThrow().agent());
        assertEquals(Agent.CODEX, of("python3", "/tmp/bin/codex").orElseThrow().agent());
        assertEquals(Agent.CLAUDE_CODE, of("claude", "--resume", ID).orElseThrow().agent());
    }

    @Test
    void otherProgramsAndCodeOptionsAreNotCodex() {
        assertTrue(of("vim", "codex").isEmpty());
        assertTrue(of("bash", "-c", "codex").isEmpty());
        assertTrue(of("node", "-e", "require('codex')").isEmpty());
        assertTrue(of("bash", "--norc", "-i").isEmpty());
        assertTrue(of("npx", "prettier").isEmpty());
        assertTrue(of("grep", "codex", "file").isEmpty());
    }

    @Test
    void theResumedThreadIsTheUuidAfterResume() {
        assertEquals(Optional.of(ID), of("codex", "resume", ID).orElseThrow().resumedSession());
        assertEquals(Optional.of(ID), of("codex", "-c", "model=o3", "resume", "--all", ID).orElseThrow().resumedSession());
        assertEquals(Optional.of(ID), of("npx", "@openai/codex", "resume", ID.toUpperCase()).orElseThrow().resumedSession());
        assertTrue(of("codex", "resume", "--last").orElseThrow().resumedSession().isEmpty());
        assertTrue(of("codex", "resume").orElseThrow().resumedSession().isEmpty());
        assertTrue(of("codex", ID).orElseThrow().resumedSession().isEmpty());
        assertEquals(Optional.of(ID), of("claude", "-r", ID).orElseThrow().resumedSession());
    }

    @Test
    void claudeCodeIsRecognisedInEveryWayItIsStarted() {
        assertEquals(Agent.CLAUDE_CODE, of("claude").orElseThrow().agent());
        assertEquals(Agent.CLAUDE_CODE, of("/home/u/.local/bin/claude", "--model", "opus").orElseThrow().agent());
        assertEquals(Agent.CLAUDE_CODE, of("npx", "@anthropic-ai/claude-code").orElseThrow().agent());
        assertEquals(Agent.CLAUDE_CODE, of("npx", "-y", "@anthropic-ai/claude-code@2.0.1", "-r", ID).orElseThrow().agent());
        assertEquals(Agent.CLAUDE_CODE, of("pnpm", "dlx", "@anthropic-ai/claude-code").orElseThrow().agent());
        assertEquals(Agent.CLAUDE_CODE, of("node", "/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js")
                .orElseThrow().agent());
        assertEquals(Agent.CLAUDE_CODE, of("/bin/bash", "/home/u/bin/claude", "--resume", ID).orElseThrow().agent());
        assertEquals(Agent.CLAUDE_CODE, of("python3", "/tmp/standin/bin/claude").orElseThrow().agent());
        assertTrue(of("vim", "claude").isEmpty());
        assertTrue(of("bash", "-c", "claude").isEmpty());
        assertTrue(of("npx", "@anthropic-ai/sdk").isEmpty());
    }

    @Test
    void claudesSessionIsTheIdOfResumeOrSessionIdNeverContinueOrAForkOrThePicker() {
        assertEquals(Optional.of(ID), of("claude", "--resume", ID).orElseThrow().resumedSession());
        assertEquals(Optional.of(ID), of("claude", "--resume=" + ID.toUpperCase()).orElseThrow().resumedSession());
        assertEquals(Optional.of(ID), of("claude", "--session-id", ID).orElseThrow().resumedSession());
        assertTrue(of("claude", "--continue").orElseThrow().resumedSession().isEmpty(), "the cwd's newest: ambiguous");
        assertTrue(of("claude", "-c").orElseThrow().resumedSession().isEmpty());
        assertTrue(of("claude", "--resume").orElseThrow().resumedSession().isEmpty(), "the picker names none");
        assertTrue(of("claude", "--resume", "--verbose").orElseThrow().resumedSession().isEmpty());
        assertTrue(of("claude", "--resume", ID, "--fork-session").orElseThrow().resumedSession().isEmpty(),
                "a fork runs under a new id");
        assertTrue(of("claude", "--", "--resume", ID).orElseThrow().resumedSession().isEmpty(), "a prompt, not an option");
    }

    @Test
    void claudeWithPrintIsHeadless() {
        assertTrue(of("claude", "-p", "explain this").orElseThrow().headless());
        assertTrue(of("claude", "--print", "--output-format", "json", "x").orElseThrow().headless());
        assertTrue(!of("claude", "--resume", ID).orElseThrow().headless());
        assertTrue(!of("claude", "--", "-p").orElseThrow().headless());
    }
}
