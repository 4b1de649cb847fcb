package dev.holdfast.terminal.agent.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.AgentDetector;
import dev.holdfast.terminal.pty.ForegroundProcesses;
import dev.holdfast.terminal.pty.ProcessDetails;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Who sent a report, judged by its ancestry against the tab's foreground processes. */
class ReportOriginTest {
    private static final String SESSION = "2ff46cd5-f4e7-4724-bb20-579dae7956ea";
    private static final Instant T0 = Instant.parse("2026-12-01T12:00:00Z");
    private final ReportOrigin origin = new ReportOrigin(new AgentDetector(), Duration.ofSeconds(2));
    private final List<ProcessDetails> tree = new ArrayList<>();

    private void process(long pid, long parent, int startSecond, String... argv) {
        tree.add(new ProcessDetails(pid, parent, 200, Optional.of(T0.plusSeconds(startSecond)), Arrays.asList(argv),
                Optional.empty(), Optional.empty(), List.of(), Optional.empty()));
    }

    private ReportOrigin.Judgement judge(Agent agent, long... chain) {
        List<Reporter> ancestry = new ArrayList<>();
        for (long pid : chain) {
            Instant start = tree.stream().filter(p -> p.pid() == pid).findFirst().flatMap(ProcessDetails::startTime)
                    .orElse(T0);
            ancestry.add(new Reporter(pid, Optional.of(start)));
        }
        return judge(agent, ancestry);
    }

    private ReportOrigin.Judgement judge(Agent agent, List<Reporter> ancestry) {
        AgentReport report = new AgentReport(agent, SESSION, Optional.empty(), ReportSource.STARTUP, Optional.empty(),
                ancestry);
        return origin.judge(report, new ForegroundProcesses(100, tree));
    }

    private static ReportOutcome.Verdict refused(ReportOrigin.Judgement judgement) {
        return assertInstanceOf(ReportOrigin.Refused.class, judgement, judgement::toString).verdict();
    }

    @Test
    void aHookOfTheTabsOwnClaudeIsTheTabsThroughAWrapper() {
        process(200, 100, 0, "/bin/bash", "/home/u/bin/claude");
        process(210, 200, 1, "node", "/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js");
        process(300, 210, 5, "/bin/sh", "-c", "holdfast ctl agent-session --agent claude --hook");
        process(400, 300, 5, "java", "dev.holdfast.app.control.CtlMain");
        ReportOrigin.FromTabAgent from = assertInstanceOf(ReportOrigin.FromTabAgent.class,
                judge(Agent.CLAUDE_CODE, 400, 300, 210, 200, 100));
        assertEquals(200, from.agent().outermost().pid());
    }

    @Test
    void aReporterWhosePidNowRunsAnotherProcessIsNotBelieved() {
        process(200, 100, 0, "claude");
        process(300, 200, 5, "/bin/sh", "-c", "hook");
        List<Reporter> ancestry = List.of(new Reporter(300, Optional.of(T0.plusSeconds(60))),
                new Reporter(200, Optional.of(T0)));
        assertEquals(ReportOutcome.Verdict.NOT_THE_TABS_AGENT, refused(judge(Agent.CLAUDE_CODE, ancestry)));
    }

    @Test
    void aHeadlessRunInsideTheTabsClaudeIsHeadless() {
        process(200, 100, 0, "claude");
        process(300, 200, 5, "/bin/bash", "-c", "claude -p 'summarise'");
        process(350, 300, 5, "claude", "-p", "summarise");
        process(360, 350, 6, "/bin/sh", "-c", "hook");
        assertEquals(ReportOutcome.Verdict.HEADLESS, refused(judge(Agent.CLAUDE_CODE, 360, 350, 300, 200)));
    }

    @Test
    void aClaudeNestedInAnotherAgentInTheTabsClaudeIsNested() {
        process(200, 100, 0, "claude");
        process(300, 200, 5, "codex");
        process(310, 300, 6, "claude");
        process(320, 310, 7, "/bin/sh", "-c", "hook");
        assertEquals(ReportOutcome.Verdict.NESTED, refused(judge(Agent.CLAUDE_CODE, 320, 310, 300, 200)));
    }

    @Test
    void aReportForAnotherAgentOrFromOutsideTheForegroundIsRefused() {
        process(200, 100, 0, "claude");
        process(300, 200, 5, "/bin/sh", "-c", "hook");
        assertEquals(ReportOutcome.Verdict.NO_AGENT, refused(judge(Agent.CODEX, 300, 200)));
        assertEquals(ReportOutcome.Verdict.NOT_THE_TABS_AGENT, refused(judge(Agent.CLAUDE_CODE, 900, 800)));
        assertEquals(ReportOutcome.Verdict.NOT_THE_TABS_AGENT, refused(judge(Agent.CLAUDE_CODE, List.of())));
    }
}
