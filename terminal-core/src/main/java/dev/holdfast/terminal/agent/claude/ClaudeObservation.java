package dev.holdfast.terminal.agent.claude;

import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.AgentProcess;
import dev.holdfast.terminal.agent.binding.ScreenText;
import dev.holdfast.terminal.agent.report.AgentReport;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * A tab found running Claude Code, as the glue saw it this round.
 *
 * @param tabEnvironment the environment the tab's shell was started with (for {@code CLAUDE_CONFIG_DIR} when the
 *     Claude process's own cannot be read)
 * @param screen the tab's last lines, read when needed
 * @param report the last report Claude made from within this very process, its origin already checked
 */
public record ClaudeObservation(UUID panelId, AgentProcess process, Map<String, String> tabEnvironment,
        Supplier<ScreenText> screen, Optional<AgentReport> report) {
    public ClaudeObservation {
        Objects.requireNonNull(panelId, "panelId");
        Objects.requireNonNull(process, "process");
        if (process.agent() != Agent.CLAUDE_CODE) {
            throw new IllegalArgumentException("not a Claude Code process: " + process.agent());
        }
        tabEnvironment = Map.copyOf(tabEnvironment);
        Objects.requireNonNull(screen, "screen");
        Objects.requireNonNull(report, "report");
    }
}
