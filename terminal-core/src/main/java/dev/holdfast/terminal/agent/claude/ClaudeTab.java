package dev.holdfast.terminal.agent.claude;

import dev.holdfast.terminal.agent.binding.ScreenText;
import dev.holdfast.terminal.agent.report.AgentReport;
import dev.holdfast.terminal.pty.ProcessIdentity;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * What the binding knows of one tab running Claude Code at one moment.
 *
 * @param panelId the tab
 * @param process the Claude process (its outermost one): a different one is a different run
 * @param processStart when it started, when the OS says
 * @param cwds its working directory, as Claude may have written it (the path and its real path)
 * @param headless whether it runs {@code claude -p}: a one-off, never the tab's conversation
 * @param commandLine the session its command line names ({@code --resume ID}, {@code -r ID}, {@code --session-id ID})
 * @param sessionFile its {@code sessions/<pid>.json}, already checked to be this process's (pid and start stamp)
 * @param report the session Claude reported from within this process, with its transcript once it exists (the
 *     report's origin was checked when it came; a transcript not that session's was refused then)
 * @param screen the tab's last lines; read only when a rule needs them, at most once
 */
public record ClaudeTab(
        UUID panelId,
        ProcessIdentity process,
        Optional<Instant> processStart,
        Set<String> cwds,
        boolean headless,
        Optional<CommandLineSession> commandLine,
        Optional<ClaudeSessionFile> sessionFile,
        Optional<Reported> report,
        Supplier<ScreenText> screen) {

    /**
     * @param sessionId the session named
     * @param pinsNewSession {@code --session-id}: the id of a new session, whose transcript appears at its first
     *     message; otherwise a resume, whose transcript must exist
     */
    public record CommandLineSession(String sessionId, boolean pinsNewSession) {
        public CommandLineSession {
            Objects.requireNonNull(sessionId, "sessionId");
        }
    }

    /** A report from this tab's Claude, and its session's transcript once written. */
    public record Reported(AgentReport report, Optional<ClaudeTranscript> transcript) {
        public Reported {
            Objects.requireNonNull(report, "report");
            Objects.requireNonNull(transcript, "transcript");
        }
    }

    public ClaudeTab {
        Objects.requireNonNull(panelId, "panelId");
        Objects.requireNonNull(process, "process");
        Objects.requireNonNull(processStart, "processStart");
        cwds = Set.copyOf(cwds);
        Objects.requireNonNull(commandLine, "commandLine");
        Objects.requireNonNull(sessionFile, "sessionFile");
        Objects.requireNonNull(report, "report");
        screen = ScreenText.readOnce(Objects.requireNonNull(screen, "screen"));
    }

    /** Whether the two tabs' agents run in the same directory. */
    public boolean sharesDirectoryWith(ClaudeTab other) {
        return other.cwds.stream().anyMatch(cwds::contains);
    }
}
