package dev.holdfast.terminal.agent.report;

import java.util.Objects;

/**
 * What became of a report, as {@code holdfast ctl agent-session} tells its caller.
 *
 * @param verdict what was decided
 * @param detail the particulars, in words
 */
public record ReportOutcome(Verdict verdict, String detail) {

    public enum Verdict {
        /** It came from the tab's agent and its transcript is that session's: the tab shows it. */
        BOUND(true),
        /** It came from the tab's agent; the session has not written its transcript yet, and is shown once it has. */
        WAITING_FOR_TRANSCRIPT(true),
        /** It came from the tab's agent, but its source does not switch conversations: the earlier report stays. */
        EARLIER_REPORT_KEPT(false),
        /** It came from an agent run nested in the tab's agent (a sub-agent, a tool running another agent). */
        NESTED(false),
        /** It came from a headless run ({@code claude -p}, {@code codex exec}). */
        HEADLESS(false),
        /** Its ancestry does not lead to the agent the tab runs. */
        NOT_THE_TABS_AGENT(false),
        /** The tab runs no agent of that kind (or none at all). */
        NO_AGENT(false),
        /** Holdfast does not watch that tab. */
        UNKNOWN_TAB(false),
        /** The transcript it names is not that session's, or not in that directory. */
        TRANSCRIPT_MISMATCH(false);

        private final boolean used;

        Verdict(boolean used) {
            this.used = used;
        }

        public boolean used() {
            return used;
        }
    }

    public ReportOutcome {
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(detail, "detail");
    }

    public boolean used() {
        return verdict.used();
    }
}
