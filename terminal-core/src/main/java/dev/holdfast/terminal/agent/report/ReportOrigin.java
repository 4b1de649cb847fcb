package dev.holdfast.terminal.agent.report;

import dev.holdfast.terminal.agent.AgentDetector;
import dev.holdfast.terminal.agent.AgentProcess;
import dev.holdfast.terminal.pty.ForegroundProcesses;
import dev.holdfast.terminal.pty.ProcessDetails;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a report comes from, judged by the reporter's ancestry against the tab's foreground: the nearest agent
 * run the reporter descends from must be the tab's own agent, and that agent interactive; every process between
 * must still run (the reporter waits for the answer, so its ancestors do). A headless run
 * ({@code claude -p} at the prompt, or started by the tab's agent as a tool) or an agent nested in the tab's
 * reports too — with the tab's {@code HOLDFAST_PANEL_ID}, inherited — and must never replace its conversation.
 * No files, no threads: the foreground is read by the caller.
 */
public final class ReportOrigin {
    private final AgentDetector detector;
    private final Duration startTolerance;

    /** What the ancestry shows. */
    public sealed interface Judgement {
    }

    /** The report comes from within the tab's agent. */
    public record FromTabAgent(AgentProcess agent) implements Judgement {
    }

    /** It is not to be used, and why. */
    public record Refused(ReportOutcome.Verdict verdict, String detail) implements Judgement {
        public Refused {
            Objects.requireNonNull(verdict, "verdict");
            Objects.requireNonNull(detail, "detail");
        }
    }

    /**
     * @param startTolerance a reporter whose start differs from the process of its pid by more than this is
     *     another process (start times are computed from whole seconds of boot time on Linux)
     */
    public ReportOrigin(AgentDetector detector, Duration startTolerance) {
        this.detector = Objects.requireNonNull(detector, "detector");
        this.startTolerance = Objects.requireNonNull(startTolerance, "startTolerance");
    }

    public Judgement judge(AgentReport report, ForegroundProcesses foreground) {
        Optional<AgentProcess> tabAgent = detector.detect(foreground);
        if (tabAgent.isEmpty()) {
            return new Refused(ReportOutcome.Verdict.NO_AGENT, "the tab runs no agent now");
        }
        if (tabAgent.get().agent() != report.agent()) {
            return new Refused(ReportOutcome.Verdict.NO_AGENT, "the tab runs " + tabAgent.get().agent().displayName()
                    + ", not " + report.agent().displayName());
        }
        List<AgentProcess> runs = detector.all(foreground);
        // Every process from the reporter up to the agent must still run: a report whose nested run has ended
        // cannot be told from one of the tab's agent, and is not taken for one.
        for (Reporter reporter : report.ancestry()) {
            Optional<ProcessDetails> process = foreground.process(reporter.pid()).filter(p -> sameStart(p, reporter));
            if (process.isEmpty()) {
                return new Refused(ReportOutcome.Verdict.NOT_THE_TABS_AGENT, "the reporting process " + reporter.pid()
                        + " is not (or no longer) in the tab's foreground under its " + report.agent().displayName());
            }
            Optional<AgentProcess> nearest = runs.stream().filter(r -> r.has(reporter.pid())).findFirst();
            if (nearest.isEmpty()) {
                continue;
            }
            AgentProcess run = nearest.get();
            if (run.headless()) {
                return new Refused(ReportOutcome.Verdict.HEADLESS, "it comes from a headless run, pid "
                        + run.outermost().pid() + " (" + String.join(" ", run.outermost().argv()) + ")");
            }
            if (!run.identity().equals(tabAgent.get().identity())) {
                return new Refused(ReportOutcome.Verdict.NESTED, "it comes from an agent run nested in the tab's, pid "
                        + run.outermost().pid());
            }
            return new FromTabAgent(tabAgent.get());
        }
        return new Refused(ReportOutcome.Verdict.NOT_THE_TABS_AGENT,
                "the reporting process does not descend from the tab's " + report.agent().displayName() + " (pid "
                        + tabAgent.get().outermost().pid() + ")");
    }

    private boolean sameStart(ProcessDetails process, Reporter reporter) {
        if (process.startTime().isEmpty() || reporter.startTime().isEmpty()) {
            return true;
        }
        return Duration.between(process.startTime().get(), reporter.startTime().get()).abs().compareTo(startTolerance) <= 0;
    }
}
