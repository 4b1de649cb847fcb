package dev.holdfast.app.control;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.binding.Binding;
import dev.holdfast.terminal.agent.conversation.AssistantMessage;
import dev.holdfast.terminal.agent.conversation.Conversation;
import dev.holdfast.terminal.agent.conversation.ConversationItem;
import dev.holdfast.terminal.agent.conversation.ToolCall;
import dev.holdfast.terminal.agent.conversation.UserTurn;
import dev.holdfast.terminal.agent.live.TabConversation;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.UUID;

/**
 * What {@code conversation} answers: which conversation the tab's agent is in and why (or why Holdfast cannot
 * tell), and its turns.
 *
 * @param agent {@code codex}, {@code claude-code}, or null when no agent runs in the tab
 * @param binding null when no agent Holdfast reads runs in the tab
 * @param title the thread's title, when its store has one
 * @param readProblem why a bound conversation could not be read, if so
 * @param turns oldest first; empty unless bound and read
 * @param skippedRecords transcript records that could not be read and were left out
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ConversationReport(UUID panelId, String agent, BindingInfo binding, String title, String readProblem,
                                 List<Turn> turns, long skippedRecords) {
    public ConversationReport {
        Objects.requireNonNull(panelId, "panelId");
        turns = List.copyOf(turns);
    }

    /**
     * @param bound whether Holdfast knows the conversation
     * @param source what ties the tab to it: {@code agent-report}, {@code open-transcript}, {@code session-file}, {@code resume-argument}, {@code screen-match}
     * @param threadId the agent's id of it
     * @param why the evidence, or why there is none
     * @param reason when not bound, the kind of reason: {@code newer-thread}, {@code ambiguous}, {@code no-match}, …
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record BindingInfo(boolean bound, String source, String threadId, String why, String reason) {
    }

    /**
     * One entry: {@code kind} is {@code user}, {@code answer} or {@code tool}; a tool call has its command,
     * {@code status} ({@code running}, {@code succeeded}, {@code failed}), exit code, duration and output, the
     * others their text.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Turn(String kind, Instant at, String text, String command, String status, Integer exitCode,
                       Long durationMillis, String output) {
        public Turn {
            Objects.requireNonNull(kind, "kind");
        }
    }

    /** The report of a tab's state as the conversation service resolved it. */
    public static ConversationReport of(TabConversation state) {
        String agent = state.agent().map(ConversationReport::wireName).orElse(null);
        BindingInfo binding = state.binding().map(ConversationReport::binding).orElse(null);
        List<Turn> turns = new ArrayList<>();
        long skipped = 0;
        String title = null;
        if (state.conversation().isPresent()) {
            Conversation conversation = state.conversation().get();
            for (ConversationItem item : conversation.items()) {
                turns.add(turn(item));
            }
            skipped = conversation.skippedRecords();
            title = conversation.title().filter(t -> !t.isBlank()).orElse(null);
        }
        return new ConversationReport(state.panelId(), agent, binding, title, state.readProblem().orElse(null), turns,
                skipped);
    }

    private static BindingInfo binding(Binding binding) {
        if (binding instanceof Binding.Bound bound) {
            return new BindingInfo(true, wireName(bound.source()), bound.sessionId(), bound.why(), null);
        }
        Binding.Unavailable unavailable = (Binding.Unavailable) binding;
        return new BindingInfo(false, null, null, unavailable.explanation(), wireName(unavailable.reason()));
    }

    private static Turn turn(ConversationItem item) {
        Instant at = item.at().orElse(null);
        if (item instanceof UserTurn user) {
            return new Turn("user", at, user.text(), null, null, null, null, null);
        }
        if (item instanceof AssistantMessage answer) {
            return new Turn("answer", at, answer.text(), null, null, null, null, null);
        }
        ToolCall call = (ToolCall) item;
        return new Turn("tool", at, null, call.command(), wireName(call.status()),
                call.exitCode().isPresent() ? call.exitCode().getAsInt() : null,
                call.duration().map(d -> d.toMillis()).orElse(null), call.output());
    }

    /** {@code SCREEN_MATCH} as {@code screen-match}: the protocol's spelling of every enum. */
    static String wireName(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The agent's name in {@code list} and {@code conversation}. */
    public static String wireName(Agent agent) {
        return wireName((Enum<?>) agent);
    }
}
