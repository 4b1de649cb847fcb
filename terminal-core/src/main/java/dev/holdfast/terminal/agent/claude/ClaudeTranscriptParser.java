package dev.holdfast.terminal.agent.claude;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.terminal.agent.conversation.ConversationEvents;
import dev.holdfast.terminal.agent.transcript.JsonRecords;
import dev.holdfast.terminal.agent.transcript.TranscriptFile;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Reads Claude Code transcript lines ({@code projects/<dir>/<session>.jsonl}) and tells what they say:
 * <ul>
 *   <li>a {@code user} record whose {@code message.content} is a string is a typed turn; one whose content is an
 *       array with {@code tool_result} blocks carries tool output, folded into the call it answers; what Claude
 *       Code writes for itself (slash-command echoes, local command output, interruption notes, the compaction
 *       summary) is not a turn;</li>
 *   <li>an {@code assistant} record holds content blocks of one answer; Claude writes each block as its own
 *       line sharing {@code message.id}, so text blocks are joined by that id; {@code tool_use} blocks are tool
 *       calls, {@code thinking} blocks are not shown;</li>
 *   <li>{@code summary}, {@code custom-title} and {@code ai-title} records give the title (a title the user set
 *       wins over a generated one).</li>
 * </ul>
 * Sidechain records (a sub-agent's), {@code isMeta} records, {@code system} records, {@code file-history-snapshot},
 * {@code queue-operation} and every other record type are skipped; a line that is not JSON is reported as
 * skipped and reading goes on.
 */
public final class ClaudeTranscriptParser implements TranscriptFile.LineHandler {
    /** How much of a tool's input is shown as its one line when no field of it names what it did. */
    private static final int INPUT_SUMMARY_CHARS = 200;

    private final ObjectMapper json;
    private final ConversationEvents events;
    private final Runnable onRestart;
    private Optional<String> customTitle = Optional.empty();
    private Optional<String> aiTitle = Optional.empty();
    private Optional<String> summary = Optional.empty();

    public ClaudeTranscriptParser(ObjectMapper json, ConversationEvents events, Runnable onRestart) {
        this.json = Objects.requireNonNull(json, "json");
        this.events = Objects.requireNonNull(events, "events");
        this.onRestart = Objects.requireNonNull(onRestart, "onRestart");
    }

    /** The conversation's title as read so far: the user's own, else Claude's generated one, else a summary. */
    public Optional<String> title() {
        return customTitle.or(() -> aiTitle).or(() -> summary);
    }

    @Override
    public void line(byte[] bytes, int length) {
        Optional<JsonNode> read = JsonRecords.object(json, bytes, length, "transcript", events::skipped);
        if (read.isEmpty()) {
            return;
        }
        JsonNode record = read.get();
        String type = record.path("type").asText("");
        switch (type) {
            case "summary" -> text(record, "summary").ifPresent(t -> summary = Optional.of(t));
            case "custom-title" -> text(record, "customTitle", "title").ifPresent(t -> customTitle = Optional.of(t));
            case "ai-title" -> text(record, "aiTitle", "title").ifPresent(t -> aiTitle = Optional.of(t));
            case "user", "assistant" -> {
                if (record.path("isSidechain").asBoolean(false) || record.path("isMeta").asBoolean(false)) {
                    return;
                }
                Optional<Instant> at = JsonRecords.instant(record.path("timestamp"));
                if (type.equals("user")) {
                    user(at, record);
                } else {
                    assistant(at, record);
                }
            }
            default -> {
                // system, file-history-snapshot, queue-operation, pr-link, attachment, progress and whatever later
                // versions add: nothing to list.
            }
        }
    }

    @Override
    public void oversized(long length) {
        events.skipped("a transcript record of " + length + " bytes is too large to read");
    }

    @Override
    public void restart() {
        customTitle = Optional.empty();
        aiTitle = Optional.empty();
        summary = Optional.empty();
        onRestart.run();
    }

    private void user(Optional<Instant> at, JsonNode record) {
        if (record.path("isCompactSummary").asBoolean(false) || record.path("isVisibleInTranscriptOnly").asBoolean(false)) {
            return;
        }
        JsonNode content = record.path("message").path("content");
        if (content.isTextual()) {
            String text = content.asText();
            if (!writtenByClaude(text)) {
                events.userTurn(at, text);
            }
            return;
        }
        if (!content.isArray()) {
            return;
        }
        boolean toolOutput = false;
        for (JsonNode block : content) {
            if (block.path("type").asText("").equals("tool_result")) {
                toolOutput = true;
                String callId = block.path("tool_use_id").asText("");
                if (!callId.isEmpty()) {
                    events.toolResult(at, callId, blockText(block.path("content")), OptionalInt.empty(), Optional.empty(),
                            block.path("is_error").asBoolean(false));
                }
            }
        }
        if (!toolOutput) {
            // Typed text sent with an image is an array of text and image blocks.
            String text = blockText(content);
            if (!text.isBlank() && !writtenByClaude(text)) {
                events.userTurn(at, text);
            }
        }
    }

    private void assistant(Optional<Instant> at, JsonNode record) {
        JsonNode message = record.path("message");
        String messageId = message.path("id").asText("");
        String key = messageId.isEmpty() ? record.path("uuid").asText("") : messageId;
        JsonNode content = message.path("content");
        if (content.isTextual()) {
            events.answerBlock(at, key, content.asText());
            return;
        }
        for (JsonNode block : content) {
            switch (block.path("type").asText("")) {
                case "text" -> {
                    String text = block.path("text").asText("");
                    if (!text.isBlank() && !text.strip().equals("(no content)")) {
                        events.answerBlock(at, key, text);
                    }
                }
                case "tool_use", "server_tool_use" -> {
                    String name = block.path("name").asText("tool");
                    events.toolCall(at, block.path("id").asText(""), name, toolSummary(name, block.path("input")));
                }
                default -> {
                    // thinking, redacted_thinking, images: not listed.
                }
            }
        }
    }

    /** What a tool call did, as one line: its command, else the file, pattern, address or description it names. */
    private String toolSummary(String name, JsonNode input) {
        if (!input.isObject()) {
            return name;
        }
        if (input.path("command").isTextual()) {
            return input.path("command").asText();
        }
        for (String field : List.of("file_path", "notebook_path", "path", "pattern", "url", "query", "description", "prompt")) {
            if (input.path(field).isTextual() && !input.path(field).asText().isBlank()) {
                return name + " " + input.path(field).asText();
            }
        }
        String compact = input.toString();
        return compact.equals("{}") ? name
                : name + " " + (compact.length() > INPUT_SUMMARY_CHARS ? compact.substring(0, INPUT_SUMMARY_CHARS) + "…" : compact);
    }

    /** A tool result's or a message's text: a string, or the text blocks of an array joined by newlines. */
    private static String blockText(JsonNode content) {
        if (content.isTextual()) {
            return content.asText();
        }
        if (!content.isArray()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        for (JsonNode block : content) {
            if (block.isTextual()) {
                parts.add(block.asText());
            } else if (block.path("type").asText("").equals("text")) {
                parts.add(block.path("text").asText(""));
            } else if (block.path("type").asText("").equals("image")) {
                parts.add("[image]");
            }
        }
        return String.join("\n", parts);
    }

    /**
     * Text Claude Code records in a user message that the user did not type: the echo of a slash command, a local
     * command's output, an interruption note, a caveat about them.
     */
    static boolean writtenByClaude(String text) {
        String t = text.strip();
        return t.isEmpty() || t.startsWith("<command-name>") || t.startsWith("<command-message>")
                || t.startsWith("<command-args>") || t.startsWith("<local-command-stdout>")
                || t.startsWith("<local-command-stderr>") || t.startsWith("<bash-input>") || t.startsWith("<bash-stdout>")
                || t.startsWith("<bash-stderr>") || t.startsWith("[Request interrupted by user")
                || t.startsWith("Caveat: The messages below were generated by the user while running local commands")
                || t.startsWith("<system-reminder>") && t.endsWith("</system-reminder>");
    }

    private static Optional<String> text(JsonNode record, String... fields) {
        for (String field : fields) {
            String value = record.path(field).asText("").strip();
            if (!value.isEmpty()) {
                return Optional.of(value);
            }
        }
        return Optional.empty();
    }
}
