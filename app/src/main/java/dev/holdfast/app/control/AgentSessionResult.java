package dev.holdfast.app.control;

import dev.holdfast.terminal.agent.report.ReportOutcome;
import java.util.Objects;
import java.util.UUID;

/**
 * What {@code agent-session} answers: what became of the agent's report.
 *
 * @param verdict {@code bound}, {@code waiting-for-transcript}, {@code earlier-report-kept}, {@code nested},
 *     {@code headless}, {@code not-the-tabs-agent}, {@code no-agent}, {@code unknown-tab}, {@code transcript-mismatch}
 * @param used whether the tab goes by the report (now, or once the transcript is written)
 * @param detail the particulars, in words
 */
public record AgentSessionResult(UUID panelId, String verdict, boolean used, String detail) {
    public AgentSessionResult {
        Objects.requireNonNull(panelId, "panelId");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(detail, "detail");
    }

    public static AgentSessionResult of(UUID panelId, ReportOutcome outcome) {
        return new AgentSessionResult(panelId, ConversationReport.wireName(outcome.verdict()), outcome.used(),
                outcome.detail());
    }
}
