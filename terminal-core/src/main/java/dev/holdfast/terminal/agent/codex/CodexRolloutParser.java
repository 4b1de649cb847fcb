package dev.holdfast.terminal.agent.codex;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.terminal.agent.conversation.ConversationEvents;
import dev.holdfast.terminal.agent.conversation.ConversationEvents.Provenance;
import dev.holdfast.terminal.agent.transcript.JsonRecords;
import dev.holdfast.terminal.agent.transcript.TranscriptFile;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads Codex rollout lines ({@code {"timestamp":…,"type":…,"payload":{…}}}) and tells what they say:
 * <ul>
 *   <li>user turns from {@code event_msg/user_message} only — the {@code response_item} user messages also
 *       carry what Codex injects ({@code <environment_context>}, {@code AGENTS.md} instructions), and
 *       {@code developer} messages are never the user's;</li>
 *   <li>answers from {@code event_msg/agent_message}, with {@code response_item} assistant messages as the
 *       fallback copy (the builder lists one of the two);</li>
 *   <li>tool calls from {@code function_call}, {@code custom_tool_call} and {@code local_shell_call}, their
 *       results from the matching {@code *_output} items and {@code exec_command_end} events, with the exit
 *       status and duration Codex wrote into the output.</li>
 * </ul>
 * Every other record type (and each new one Codex adds) is skipped; a line that is not JSON is reported as
 * skipped and reading goes on.
 */
public final class CodexRolloutParser implements TranscriptFile.LineHandler {
    private static final Pattern EXIT_CODE = Pattern.compile("(?m)^(?:Process exited with code|Exit code:) ?(-?\\d+)\\s*$");
    private static final Pattern JSON_EXIT_CODE = Pattern.compile("\"exit_code\"\\s*:\\s*(-?\\d+)");
    private static final Pattern WALL_TIME = Pattern.compile("(?m)^Wall time: ([0-9.]+) ?s(?:econds)?\\s*$");
    private static final Pattern PATCH_FILE = Pattern.compile("(?m)^\\*\\*\\* (?:Add|Update|Delete) File: (.+)$");
    /** Header lines Codex puts above a command's output; shown as status and duration instead. */
    private static final Pattern OUTPUT_HEADER = Pattern.compile(
            "(?s)^(?:(?:Chunk ID|Wall time|Process exited with code|Exit code|Original token count|Process running with session ID)[^\\n]*\\n)+Output:\\n");

    private final ObjectMapper json;
    private final ConversationEvents events;
    private final Runnable onRestart;

    public CodexRolloutParser(ObjectMapper json, ConversationEvents events, Runnable onRestart) {
        this.json = Objects.requireNonNull(json, "json");
        this.events = Objects.requireNonNull(events, "events");
        this.onRestart = Objects.requireNonNull(onRestart, "onRestart");
    }

    @Override
    public void line(byte[] bytes, int length) {
        Optional<JsonNode> read = JsonRecords.object(json, bytes, length, "rollout", events::skipped);
        if (read.isEmpty()) {
            return;
        }
        JsonNode record = read.get();
        Optional<Instant> at = JsonRecords.instant(record.path("timestamp"));
        JsonNode payload = record.path("payload");
        switch (record.path("type").asText("")) {
            case "event_msg" -> event(at, payload);
            case "response_item" -> responseItem(at, payload);
            default -> {
                // session_meta, turn_context, compacted and whatever later versions add: nothing to list.
            }
        }
    }

    @Override
    public void oversized(long length) {
        events.skipped("a rollout record of " + length + " bytes is too large to read");
    }

    @Override
    public void restart() {
        onRestart.run();
    }

    private void event(Optional<Instant> at, JsonNode payload) {
        switch (payload.path("type").asText("")) {
            case "user_message" -> {
                String kind = payload.path("kind").asText("plain");
                String text = payload.path("message").asText("");
                if (kind.equals("plain") && !isInjectedContext(text)) {
                    events.userTurn(at, text);
                }
            }
            case "agent_message" -> events.answer(at, payload.path("message").asText(""), Provenance.PRIMARY);
            case "exec_command_end" -> {
                String callId = payload.path("call_id").asText("");
                if (callId.isEmpty()) {
                    return;
                }
                String output = firstText(payload, "formatted_output", "aggregated_output", "stdout");
                OptionalInt exit = payload.path("exit_code").isIntegralNumber()
                        ? OptionalInt.of(payload.path("exit_code").asInt()) : OptionalInt.empty();
                events.toolResult(at, callId, output, exit, duration(payload.path("duration")), false);
            }
            default -> {
                // token_count, task_started, reasoning and the rest: not listed.
            }
        }
    }

    private void responseItem(Optional<Instant> at, JsonNode payload) {
        switch (payload.path("type").asText("")) {
            case "message" -> {
                if (payload.path("role").asText("").equals("assistant")) {
                    events.answer(at, contentText(payload.path("content")), Provenance.FALLBACK);
                }
            }
            case "function_call" -> {
                String name = payload.path("name").asText("tool");
                events.toolCall(at, callId(payload), name, functionSummary(name, payload.path("arguments").asText("")));
            }
            case "custom_tool_call" -> {
                String name = payload.path("name").asText("tool");
                events.toolCall(at, callId(payload), name, customSummary(name, payload.path("input").asText("")));
            }
            case "local_shell_call" -> events.toolCall(at, callId(payload), "shell",
                    commandLine(payload.path("action").path("command")));
            case "function_call_output", "custom_tool_call_output" -> toolOutput(at, payload);
            default -> {
                // reasoning, web_search_call and the rest.
            }
        }
    }

    private static String callId(JsonNode payload) {
        String id = payload.path("call_id").asText("");
        return id.isEmpty() ? payload.path("id").asText("") : id;
    }

    private void toolOutput(Optional<Instant> at, JsonNode payload) {
        String callId = callId(payload);
        JsonNode output = payload.path("output");
        String text;
        boolean failed = false;
        OptionalInt exit = OptionalInt.empty();
        Optional<Duration> took = Optional.empty();
        if (output.isTextual()) {
            text = output.asText();
        } else if (output.isObject()) {
            text = output.has("content") ? contentText(output.path("content")) : output.path("output").asText("");
            failed = output.path("success").isBoolean() && !output.path("success").asBoolean();
        } else {
            text = contentText(output);
        }
        // Older shells wrote a JSON string: {"output": "...", "metadata": {"exit_code": 0, "duration_seconds": 1.2}}.
        if (text.startsWith("{") && text.contains("\"metadata\"")) {
            try {
                JsonNode inner = json.readTree(text);
                if (inner.isObject() && inner.has("output")) {
                    JsonNode metadata = inner.path("metadata");
                    if (metadata.path("exit_code").isIntegralNumber()) {
                        exit = OptionalInt.of(metadata.path("exit_code").asInt());
                    }
                    if (metadata.path("duration_seconds").isNumber()) {
                        took = Optional.of(seconds(metadata.path("duration_seconds").asDouble()));
                    }
                    text = inner.path("output").asText("");
                }
            } catch (JsonProcessingException e) {
                // Not JSON after all: shown as it is.
            }
        }
        String head = text.length() > 2_000 ? text.substring(0, 2_000) : text;
        if (exit.isEmpty()) {
            Matcher m = EXIT_CODE.matcher(head);
            Matcher j = JSON_EXIT_CODE.matcher(head);
            if (m.find()) {
                exit = OptionalInt.of(Integer.parseInt(m.group(1)));
            } else if (j.find()) {
                exit = OptionalInt.of(Integer.parseInt(j.group(1)));
            }
        }
        if (took.isEmpty()) {
            Matcher w = WALL_TIME.matcher(head);
            if (w.find()) {
                try {
                    took = Optional.of(seconds(Double.parseDouble(w.group(1))));
                } catch (NumberFormatException e) {
                    // Left unknown.
                }
            }
        }
        failed |= head.contains("apply_patch verification failed") || head.startsWith("Script failed");
        Matcher header = OUTPUT_HEADER.matcher(text);
        if (header.lookingAt()) {
            text = text.substring(header.end());
        }
        events.toolResult(at, callId, text, exit, took, failed);
    }

    /** What a function call ran, as one line: the command, else a path, pattern or address it names. */
    private String functionSummary(String name, String arguments) {
        JsonNode args;
        try {
            args = arguments.isBlank() ? null : json.readTree(arguments);
        } catch (JsonProcessingException e) {
            args = null;
        }
        if (args == null || !args.isObject()) {
            return arguments.isBlank() ? name : name + " " + arguments;
        }
        for (String field : List.of("cmd", "command")) {
            JsonNode value = args.path(field);
            if (value.isTextual() || value.isArray()) {
                String line = commandLine(value);
                if (!line.isBlank()) {
                    return customSummary(name, line);
                }
            }
        }
        for (String field : List.of("path", "file_path", "pattern", "url", "query", "description")) {
            if (args.path(field).isTextual()) {
                return name + " " + args.path(field).asText();
            }
        }
        return name;
    }

    /** A freeform tool's input as one line: a patch by the files it touches, anything else by its first line. */
    private static String customSummary(String name, String input) {
        if (input.contains("*** Begin Patch")) {
            Set<String> files = new LinkedHashSet<>();
            Matcher m = PATCH_FILE.matcher(input);
            while (m.find()) {
                files.add(m.group(1).strip());
            }
            if (!files.isEmpty()) {
                return "apply_patch " + String.join(", ", files);
            }
        }
        String trimmed = input.strip();
        return trimmed.isEmpty() ? name : trimmed;
    }

    /** {@code "ls -la"} or {@code ["bash","-lc","ls -la"]} as one command line. */
    private static String commandLine(JsonNode command) {
        if (command.isTextual()) {
            return command.asText();
        }
        if (!command.isArray()) {
            return "";
        }
        List<String> words = new ArrayList<>();
        command.forEach(w -> words.add(w.asText("")));
        if (words.size() == 3 && (words.get(0).endsWith("sh")) && (words.get(1).equals("-lc") || words.get(1).equals("-c"))) {
            return words.get(2);
        }
        return String.join(" ", words);
    }

    /** The text of a content list ({@code [{"type":"output_text","text":…}]}) or a plain string. */
    private static String contentText(JsonNode content) {
        if (content.isTextual()) {
            return content.asText();
        }
        if (!content.isArray()) {
            return "";
        }
        StringBuilder text = new StringBuilder();
        for (JsonNode part : content) {
            String type = part.path("type").asText("");
            if ((type.equals("output_text") || type.equals("input_text") || type.equals("text")) && part.path("text").isTextual()) {
                if (text.length() > 0) {
                    text.append('\n');
                }
                text.append(part.path("text").asText());
            }
        }
        return text.toString();
    }

    private static String firstText(JsonNode node, String... fields) {
        for (String f : fields) {
            if (node.path(f).isTextual() && !node.path(f).asText().isEmpty()) {
                return node.path(f).asText();
            }
        }
        return "";
    }

    /** {@code {"secs":1,"nanos":5}}, a number of seconds, or {@code "1.2s"}. */
    private static Optional<Duration> duration(JsonNode node) {
        if (node.isObject() && node.path("secs").isNumber()) {
            return Optional.of(Duration.ofSeconds(node.path("secs").asLong(), node.path("nanos").asLong(0)));
        }
        if (node.isNumber()) {
            return Optional.of(seconds(node.asDouble()));
        }
        return Optional.empty();
    }

    private static Duration seconds(double seconds) {
        return Duration.ofNanos(Math.round(seconds * 1e9));
    }


    /** Text Codex puts in a user message for the model, not typed by the user. */
    static boolean isInjectedContext(String text) {
        String t = text.strip();
        return t.startsWith("<environment_context>") || t.startsWith("<user_instructions>")
                || t.startsWith("# AGENTS.md instructions") || t.startsWith("<permissions instructions>")
                || t.startsWith("<turn_aborted>") || t.startsWith("<subagent_notification>");
    }
}
