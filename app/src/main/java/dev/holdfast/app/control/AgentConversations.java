package dev.holdfast.app.control;

import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.live.TabConversation;
import dev.holdfast.terminal.agent.report.AgentReport;
import dev.holdfast.terminal.agent.report.ReportOutcome;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/** The tabs' agents and conversations as the control socket asks for them. Any thread; nothing blocks. */
public interface AgentConversations {

    /** The agent the tab ran when it was last looked at (at most one poll interval ago), if any. */
    Optional<Agent> agentOf(UUID panelId);

    /** The tab's binding and its whole conversation, resolved now. */
    CompletableFuture<TabConversation> conversation(UUID panelId);

    /** The agent's own report of its session in the tab, judged and used or refused. */
    CompletableFuture<ReportOutcome> report(UUID panelId, AgentReport report);
}
