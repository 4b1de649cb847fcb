package dev.holdfast.terminal.agent.codex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.fixtures.codex.FakeCodexHome;
import dev.holdfast.terminal.agent.conversation.AssistantMessage;
import dev.holdfast.terminal.agent.conversation.Conversation;
import dev.holdfast.terminal.agent.conversation.ConversationBuilder;
import dev.holdfast.terminal.agent.conversation.ConversationItem;
import dev.holdfast.terminal.agent.conversation.ConversationLimits;
import dev.holdfast.terminal.agent.conversation.ToolCall;
import dev.holdfast.terminal.agent.conversation.UserTurn;
import dev.holdfast.terminal.agent.transcript.TranscriptLimits;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CodexRolloutParserTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant T = Instant.parse("2026-11-30T10:00:00Z");

    @TempDir
    Path dir;

    private static String line(String type, Map<String, ?> payload) {
        return FakeCodexHome.line(T, type, payload);
    }

    private Conversation read(String... lines) throws Exception {
        Path file = dir.resolve("rollout-2026-11-30T10-00-00-019aad50-a7e6-7422-b7a8-0b384290624f.jsonl");
        Files.writeString(file, String.join("", lines));
        CodexConversation c = new CodexConversation("t", file, JSON, ConversationLimits.DEFAULTS, TranscriptLimits.DEFAULTS);
        c.read();
        return c.snapshot(Optional.empty());
    }

    @Test
    void userTurnsComeFromUserMessageEventsNeverFromInjectedContextOrDeveloperItems() throws Exception {
        Conversation c = read(
                line("session_meta", Map.of("id", "x", "cwd", "/p")),
                line("response_item", Map.of("type", "message", "role", "developer", "content",
                        List.of(Map.of("type", "input_text", "text", "You are Codex")))),
                line("response_item", Map.of("type", "message", "role", "user", "content",
                        List.of(Map.of("type", "input_text", "text", "<environment_context><cwd>/p</cwd></environment_context>")))),
                line("response_item", Map.of("type", "message", "role", "user", "content",
                        List.of(Map.of("type", "input_text", "text", "# AGENTS.md instructions for /p\n...")))),
                line("response_item", Map.of("type", "message", "role", "user", "content",
                        List.of(Map.of("type", "input_text", "text", "fix the flaky test")))),
                line("event_msg", Map.of("type", "user_message", "message", "fix the flaky test", "images", List.of())));
        assertEquals(1, c.items().size());
        assertEquals("fix the flaky test", assertInstanceOf(UserTurn.class, c.items().get(0)).text());
    }

    @Test
    void anAnswerRecordedAsBothItemAndEventIsListedOnceAndAnItemAloneIsTheFallback() throws Exception {
        Conversation c = read(
                line("response_item", Map.of("type", "message", "role", "assistant", "content",
                        List.of(Map.of("type", "output_text", "text", "Fixed: the test raced.")))),
                line("event_msg", Map.of("type", "agent_message", "message", "Fixed: the test raced.")),
                line("response_item", Map.of("type", "message", "role", "assistant", "content",
                        List.of(Map.of("type", "output_text", "text", "Only as an item.")))));
        assertEquals(List.of("Fixed: the test raced.", "Only as an item."),
                c.items().stream().map(i -> ((AssistantMessage) i).text()).toList());
    }

    @Test
    void toolCallsAreFoldedWithCommandExitStatusDurationAndOutput() throws Exception {
        Conversation c = read(
                line("response_item", Map.of("type", "function_call", "name", "exec_command",
                        "arguments", "{\"cmd\":\"pytest -q\"}", "call_id", "c1")),
                line("response_item", Map.of("type", "function_call_output", "call_id", "c1",
                        "output", "Chunk ID: 1\nWall time: 1.5 seconds\nProcess exited with code 2\nOutput:\n1 failed")),
                line("response_item", Map.of("type", "custom_tool_call", "name", "apply_patch", "call_id", "c2",
                        "input", "*** Begin Patch\n*** Update File: src/a.py\n@@\n-x\n+y\n*** End Patch")),
                line("response_item", Map.of("type", "custom_tool_call_output", "call_id", "c2", "output", "Done!")),
                line("response_item", Map.of("type", "function_call", "name", "shell",
                        "arguments", "{\"command\":[\"bash\",\"-lc\",\"ls -la\"]}", "call_id", "c3")));
        ToolCall pytest = assertInstanceOf(ToolCall.class, c.items().get(0));
        assertEquals("pytest -q", pytest.command());
        assertEquals(2, pytest.exitCode().orElseThrow());
        assertEquals(ToolCall.Status.FAILED, pytest.status());
        assertEquals(Optional.of(Duration.ofMillis(1500)), pytest.duration());
        assertEquals("1 failed", pytest.output());
        ToolCall patch = assertInstanceOf(ToolCall.class, c.items().get(1));
        assertEquals("apply_patch src/a.py", patch.command());
        assertEquals(ToolCall.Status.SUCCEEDED, patch.status());
        ToolCall running = assertInstanceOf(ToolCall.class, c.items().get(2));
        assertEquals("ls -la", running.command());
        assertEquals(ToolCall.Status.RUNNING, running.status());
    }

    @Test
    void unknownRecordsAreSkippedAndCorruptLinesCounted() throws Exception {
        Conversation c = read(
                line("world_state", Map.of("anything", 1)),
                line("event_msg", Map.of("type", "token_count", "info", Map.of())),
                "{not json\n",
                line("event_msg", Map.of("type", "agent_message", "message", "still read")));
        assertEquals(1, c.items().size());
        assertEquals(1, c.skippedRecords());
    }

    @Test
    void aFiftyMegabyteRolloutIsReadWithItsOutputsWithinTheMemoryBudget() throws Exception {
        Path file = dir.resolve("rollout-2026-11-30T10-00-00-019aad50-a7e6-7422-b7a8-0b384290624f.jsonl");
        String output = "x".repeat(40_000);
        int calls = 0;
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            while (Files.size(file) < 50L * 1024 * 1024 || calls == 0) {
                w.write(line("event_msg", Map.of("type", "user_message", "message", "step " + calls)));
                w.write(line("response_item", Map.of("type", "function_call", "name", "exec_command",
                        "arguments", "{\"cmd\":\"make " + calls + "\"}", "call_id", "c" + calls)));
                w.write(line("response_item", Map.of("type", "function_call_output", "call_id", "c" + calls,
                        "output", "Process exited with code 0\nOutput:\n" + output)));
                calls++;
                if (calls % 100 == 0) {
                    w.flush();
                }
            }
        }
        ConversationLimits limits = ConversationLimits.DEFAULTS;
        ConversationBuilder builder = new ConversationBuilder(limits);
        dev.holdfast.terminal.agent.transcript.TranscriptFile t =
                dev.holdfast.terminal.agent.transcript.TranscriptFile.fromStart(file, TranscriptLimits.DEFAULTS);
        CodexRolloutParser parser = new CodexRolloutParser(JSON, builder, builder::reset);
        int steps = 1;
        while (t.read(parser).more()) {
            steps++;
        }
        Conversation c = builder.snapshot(Optional.empty());
        assertEquals(2 * calls, c.items().size());
        assertTrue(steps > 1, "a 50 MB rollout is read in steps");
        assertTrue(builder.keptOutputChars() <= limits.maxKeptOutputChars(), "full outputs stay within the budget");
        long held = c.items().stream().mapToLong(CodexRolloutParserTest::chars).sum();
        assertTrue(held < limits.maxKeptOutputChars() + (long) calls * (limits.trimmedOutputChars() + 200),
                "the model holds " + held + " characters");
        ToolCall last = (ToolCall) c.items().get(c.items().size() - 1);
        assertTrue(last.output().endsWith("more characters not shown]"), "a long output is cut with a marker");
        ToolCall first = (ToolCall) c.items().get(1);
        assertTrue(first.output().contains("older output trimmed"), first.output().substring(0, 80));
    }

    private static long chars(ConversationItem item) {
        if (item instanceof UserTurn u) {
            return u.text().length();
        }
        if (item instanceof AssistantMessage a) {
            return a.text().length();
        }
        ToolCall t = (ToolCall) item;
        return t.output().length() + t.command().length();
    }
}
