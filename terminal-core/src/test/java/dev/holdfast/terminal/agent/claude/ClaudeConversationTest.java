package dev.holdfast.terminal.agent.claude;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.fixtures.claude.FakeClaudeConfig;
import dev.holdfast.terminal.agent.conversation.AssistantMessage;
import dev.holdfast.terminal.agent.conversation.Conversation;
import dev.holdfast.terminal.agent.conversation.ConversationItem;
import dev.holdfast.terminal.agent.conversation.ConversationLimits;
import dev.holdfast.terminal.agent.conversation.ToolCall;
import dev.holdfast.terminal.agent.conversation.UserTurn;
import dev.holdfast.terminal.agent.transcript.TranscriptLimits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A Claude Code transcript read into a conversation, from a real file shaped as Claude writes it. */
class ClaudeConversationTest {
    @TempDir
    Path dir;

    private Conversation read(FakeClaudeConfig config, FakeClaudeConfig.SessionSpec spec) throws Exception {
        String id = config.add(spec);
        ClaudeConversation conversation = new ClaudeConversation(id, config.transcript(id), new ObjectMapper(),
                ConversationLimits.DEFAULTS, TranscriptLimits.DEFAULTS);
        while (conversation.read().orElseThrow()) {
            // A long transcript comes in steps.
        }
        return conversation.snapshot();
    }

    @Test
    void blocksOfOneMessageAreMergedSidechainMetaSystemAndBookkeepingSkippedAndToolResultsFolded() throws Exception {
        FakeClaudeConfig config = FakeClaudeConfig.create(Files.createDirectories(dir.resolve("claude")));
        Path project = Files.createDirectories(dir.resolve("project"));
        Conversation c = read(config, FakeClaudeConfig.session().cwd(project).begunAt(Instant.parse("2026-03-01T22:38:47Z"))
                .turn("make the tests pass", "Running the tests first.\n\nThen I fix what fails.")
                .noise()
                .tool("pnpm test", "17 passed, 1 failed", true)
                .tool("pnpm test -- --filter parser", "18 passed", false)
                .title("ai-title", "Fix flaky tests"));
        List<ConversationItem> items = c.items();
        assertEquals(4, items.size(), items::toString);
        assertEquals("make the tests pass", assertInstanceOf(UserTurn.class, items.get(0)).text());
        assertEquals("Running the tests first.\n\nThen I fix what fails.",
                assertInstanceOf(AssistantMessage.class, items.get(1)).text(), "two blocks of one message.id, one answer");
        ToolCall failed = assertInstanceOf(ToolCall.class, items.get(2));
        assertEquals("pnpm test", failed.command());
        assertEquals(ToolCall.Status.FAILED, failed.status());
        assertEquals("17 passed, 1 failed", failed.output());
        ToolCall passed = assertInstanceOf(ToolCall.class, items.get(3));
        assertEquals(ToolCall.Status.SUCCEEDED, passed.status());
        for (ConversationItem item : items) {
            String text = item.toString();
            assertTrue(!text.contains("a sub-agent's answer") && !text.contains("local-command-caveat")
                    && !text.contains("a system note"), "shown: " + text);
        }
        assertEquals(Optional.of("Fix flaky tests"), c.title());
    }
}
