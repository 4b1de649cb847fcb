package dev.holdfast.terminal.agent.report;

import dev.holdfast.terminal.agent.Agent;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What an agent said about its conversation through {@code holdfast ctl agent-session} (from its
 * session-start hook): which session it runs now, where its transcript is, and why it says so. Nothing in it is
 * believed before it is checked: the ancestry must lead to the tab's own agent process, and the transcript must
 * be that session's.
 *
 * @param agent the agent the report says it comes from
 * @param sessionId the conversation (Claude: the session id; Codex: the thread id), a UUID
 * @param transcript where the agent says it writes it, if it says
 * @param source why it reports
 * @param cwd the agent's directory as it says, if it says
 * @param ancestry the reporting process and its ancestors, nearest first (may be empty: then it cannot be
 *     tied to the tab's agent, and is not used)
 */
public record AgentReport(Agent agent, String sessionId, Optional<Path> transcript, ReportSource source, Optional<Path> cwd,
        List<Reporter> ancestry) {
    private static final Pattern SESSION_ID =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    public AgentReport {
        Objects.requireNonNull(agent, "agent");
        Objects.requireNonNull(sessionId, "sessionId");
        if (!SESSION_ID.matcher(sessionId).matches()) {
            throw new IllegalArgumentException("a session id is a UUID, not '" + sessionId + "'");
        }
        sessionId = sessionId.toLowerCase(Locale.ROOT);
        Objects.requireNonNull(transcript, "transcript");
        transcript.ifPresent(t -> {
            if (!t.isAbsolute()) {
                throw new IllegalArgumentException("a transcript path must be absolute: " + t);
            }
        });
        transcript = transcript.map(Path::normalize);
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(cwd, "cwd");
        ancestry = List.copyOf(ancestry);
    }
}
