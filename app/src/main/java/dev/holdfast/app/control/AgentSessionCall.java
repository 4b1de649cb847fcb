package dev.holdfast.app.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.terminal.agent.report.Reporter;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The {@code ctl} side of {@code agent-session}: completes its command line before it is parsed and sent. The panel
 * comes from {@code $HOLDFAST_PANEL_ID} unless given; {@code --ancestry} is always {@code ctl}'s own (whatever the
 * command line said: Holdfast judges a report by who sent it); and with {@code --hook} the session, transcript,
 * source and directory come from the hook's JSON payload on standard input ({@code session_id},
 * {@code transcript_path}, {@code source}, {@code cwd}), as Claude Code and Codex give it to a SessionStart hook.
 */
final class AgentSessionCall {
    static final String HOOK = "--hook";
    static final String PANEL_VARIABLE = "HOLDFAST_PANEL_ID";
    /** A hook payload larger than this is not one. */
    static final int MAX_PAYLOAD_BYTES = 1024 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What to do. */
    sealed interface Prepared {
    }

    /**
     * Send this command line.
     *
     * @param hook whether run as a hook: then nothing goes to standard output (an agent may read a SessionStart
     *     hook's output as context), and the exit status is 0 whatever happens (a hook must not disturb the agent)
     */
    record Send(List<String> words, boolean hook) implements Prepared {
        Send {
            words = List.copyOf(words);
        }
    }

    /** A hook outside a Holdfast tab, or with a payload that says nothing: nothing to send, and no error. */
    record Skip(String why) implements Prepared {
        Skip {
            Objects.requireNonNull(why, "why");
        }
    }

    /** The command line is wrong. */
    record Invalid(String message) implements Prepared {
        Invalid {
            Objects.requireNonNull(message, "message");
        }
    }

    private AgentSessionCall() {
    }

    /** Whether {@code words} (a whole {@code ctl} command line) runs {@code agent-session}. */
    static boolean isAgentSession(List<String> words) {
        return commandWord(words).filter(w -> w.equals(ControlCommand.AGENT_SESSION.wireName())).isPresent();
    }

    /** The command word: the first word that is not an option or a global option's value. */
    static java.util.Optional<String> commandWord(List<String> words) {
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (w.equals("--instance") || w.equals("--state-dir")) {
                i++;
            } else if (!w.startsWith("-")) {
                return java.util.Optional.of(w);
            }
        }
        return java.util.Optional.empty();
    }

    static Prepared prepare(List<String> words, CtlEnvironment environment) {
        List<String> out = new ArrayList<>();
        boolean hook = false;
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (w.equals(HOOK)) {
                hook = true;
            } else if (w.equals("--ancestry")) {
                // Its values run to the next option; all of it is replaced below.
                while (i + 1 < words.size() && !words.get(i + 1).startsWith("--")) {
                    i++;
                }
            } else if (!w.startsWith("--ancestry=")) {
                out.add(w);
            }
        }
        if (!given(out, "panel")) {
            var panel = environment.variable(PANEL_VARIABLE);
            if (panel.isEmpty()) {
                return hook ? new Skip("not in a Holdfast tab ($" + PANEL_VARIABLE + " is not set)")
                        : new Invalid("agent-session needs --panel ID ($" + PANEL_VARIABLE + " is not set: this is not"
                                + " a Holdfast tab)");
            }
            out.add("--panel");
            out.add(panel.get());
        }
        if (hook) {
            JsonNode payload;
            try {
                payload = JSON.readTree(readBounded(environment.stdin()));
            } catch (IOException e) {
                return new Skip("the hook's input is not JSON: " + e.getMessage());
            }
            if (payload == null || !payload.isObject()) {
                return new Skip("the hook's input is not a JSON object");
            }
            if (!fromPayload(out, payload, "session", "session_id")) {
                return new Skip("the hook's input names no session_id");
            }
            fromPayload(out, payload, "transcript", "transcript_path");
            fromPayload(out, payload, "cwd", "cwd");
            if (!fromPayload(out, payload, "source", "source")) {
                // Codex before it said why: a hook at session start.
                out.add("--source");
                out.add("startup");
            }
        }
        List<Reporter> ancestry = environment.ancestry().get();
        if (!ancestry.isEmpty()) {
            out.add("--ancestry");
            ancestry.forEach(r -> out.add(r.format()));
        }
        return new Send(out, hook);
    }

    /** Adds {@code --option VALUE} from the payload's {@code field} unless the command line gives it; whether it is there. */
    private static boolean fromPayload(List<String> words, JsonNode payload, String option, String field) {
        if (given(words, option)) {
            return true;
        }
        JsonNode value = payload.path(field);
        if (!value.isTextual() || value.asText().isBlank()) {
            return false;
        }
        words.add("--" + option);
        words.add(value.asText());
        return true;
    }

    private static boolean given(List<String> words, String option) {
        return words.stream().anyMatch(w -> w.equals("--" + option) || w.startsWith("--" + option + "="));
    }

    private static byte[] readBounded(InputStream in) throws IOException {
        byte[] bytes = in.readNBytes(MAX_PAYLOAD_BYTES + 1);
        if (bytes.length > MAX_PAYLOAD_BYTES) {
            throw new IOException("more than " + MAX_PAYLOAD_BYTES + " bytes");
        }
        return bytes;
    }
}
