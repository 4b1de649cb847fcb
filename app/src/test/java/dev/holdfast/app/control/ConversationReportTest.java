package dev.holdfast.app.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.binding.Binding;
import dev.holdfast.terminal.agent.binding.BindingSource;
import dev.holdfast.terminal.agent.binding.UnavailableReason;
import dev.holdfast.terminal.agent.conversation.AssistantMessage;
import dev.holdfast.terminal.agent.conversation.Conversation;
import dev.holdfast.terminal.agent.conversation.ToolCall;
import dev.holdfast.terminal.agent.conversation.UserTurn;
import dev.holdfast.terminal.agent.live.TabConversation;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What ctl conversation reports of a tab's state: the binding with its evidence, and every turn. */
class ConversationReportTest {
    private static final UUID PANEL = UUID.randomUUID();

    @Test
    void aBoundConversationReportsItsSourceThreadAndTurns() {
        Instant at = Instant.parse("2026-03-01T10:15:30Z");
        Conversation conversation = new Conversation(Optional.of("fix it"), List.of(
                new UserTurn(0, Optional.of(at), "fix it"),
                new ToolCall(1, Optional.empty(), "c1", "exec_command", "make", ToolCall.Status.FAILED,
                        OptionalInt.of(2), Optional.of(Duration.ofMillis(1500)), "error"),
                new AssistantMessage(2, Optional.of(at), "Done.")), 7, 1);
        ConversationReport report = ConversationReport.of(new TabConversation(PANEL, Optional.of(Agent.CODEX),
                Optional.of(new Binding.Bound("thread-1", BindingSource.OPEN_TRANSCRIPT, "Codex holds its rollout open")),
                Optional.of(conversation), Optional.empty()));
        assertEquals("codex", report.agent());
        assertEquals(new ConversationReport.BindingInfo(true, "open-transcript", "thread-1",
                "Codex holds its rollout open", null), report.binding());
        assertEquals("fix it", report.title());
        assertEquals(1, report.skippedRecords());
        assertEquals(List.of(
                new ConversationReport.Turn("user", at, "fix it", null, null, null, null, null),
                new ConversationReport.Turn("tool", null, null, "make", "failed", 2, 1500L, "error"),
                new ConversationReport.Turn("answer", at, "Done.", null, null, null, null, null)), report.turns());
    }

    @Test
    void anUnavailableBindingReportsItsReasonAndNoTurns() {
        ConversationReport report = ConversationReport.of(new TabConversation(PANEL, Optional.of(Agent.CODEX),
                Optional.of(new Binding.Unavailable(UnavailableReason.AMBIGUOUS, "thread-1 and thread-2")),
                Optional.empty(), Optional.empty()));
        assertFalse(report.binding().bound());
        assertEquals("ambiguous", report.binding().reason());
        assertEquals("more than one conversation fits what this tab shows: thread-1 and thread-2", report.binding().why());
        assertNull(report.binding().threadId());
        assertTrue(report.turns().isEmpty());
    }

    @Test
    void aTabWithoutAnAgentReportsNone() {
        ConversationReport report = ConversationReport.of(TabConversation.noAgent(PANEL));
        assertNull(report.agent());
        assertNull(report.binding());
        assertEquals("claude-code", ConversationReport.wireName(Agent.CLAUDE_CODE));
    }
}
