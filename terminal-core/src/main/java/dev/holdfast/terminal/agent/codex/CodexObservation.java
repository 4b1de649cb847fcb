package dev.holdfast.terminal.agent.codex;

import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.AgentProcess;
import dev.holdfast.terminal.agent.binding.ScreenText;
import java.util.Map;
import dev.holdfast.terminal.agent.report.AgentReport;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * A tab found running Codex, as the glue saw it this round.
 *
 * @param tabEnvironment the environment the tab's shell was started with (for {@code CODEX_HOME} when the
 *     Codex process's own cannot be read)
 * @param screen the tab's last lines, read when needed
 * @param report the last report Codex made from within this very process, its origin already checked
 */
public record CodexObservation(UUID panelId, AgentProcess process, Map<String, String> tabEnvironment,
        Supplier<ScreenText> screen, Optional<AgentReport> report) {

    /** A tab whose Codex reported nothing. */
    public CodexObservation(UUID panelId, AgentProcess process, Map<String, String> tabEnvironment,
            Supplier<ScreenText> screen) {
        this(panelId, process, tabEnvironment, screen, Optional.empty());
    }

    public CodexObservation {
        Objects.requireNonNull(panelId, "panelId");
        Objects.requireNonNull(process, "process");
        if (process.agent() != Agent.CODEX) {
            throw new IllegalArgumentException("not a Codex process: " + process.agent());
        }
        tabEnvironment = Map.copyOf(tabEnvironment);
        Objects.requireNonNull(screen, "screen");
        Objects.requireNonNull(report, "report");
    }
}
