package dev.holdfast.terminal.agent.codex;

import dev.holdfast.terminal.agent.binding.ScreenText;
import dev.holdfast.terminal.pty.ProcessIdentity;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * What the binding knows of one tab running Codex at one moment.
 *
 * @param panelId the tab
 * @param process the Codex process (its outermost one): a different one is a different run
 * @param processStart when it started, when the OS says
 * @param cwds its working directory, as Codex may have stored it (the path and its real path)
 * @param resumedThread the thread its command line resumes ({@code codex resume <id>})
 * @param openRolloutThreads the threads whose rollouts its processes hold open
 * @param screen the tab's last lines; read only when a rule needs them, at most once
 * @param report the thread Codex reported from within this process (its origin checked when it came, its
 *     rollout checked to be that thread's), and whether that rollout exists yet
 */
public record CodexTab(
        UUID panelId,
        ProcessIdentity process,
        Optional<Instant> processStart,
        Set<String> cwds,
        Optional<String> resumedThread,
        List<String> openRolloutThreads,
        Supplier<ScreenText> screen,
        Optional<Reported> report) {

    /**
     * @param threadId the thread reported
     * @param source why it was reported ({@code startup}, {@code resume}, …)
     * @param written whether its rollout exists yet
     */
    public record Reported(String threadId, String source, boolean written) {
        public Reported {
            Objects.requireNonNull(threadId, "threadId");
            Objects.requireNonNull(source, "source");
        }
    }

    /** A tab without a report from its agent. */
    public CodexTab(UUID panelId, ProcessIdentity process, Optional<Instant> processStart, Set<String> cwds,
            Optional<String> resumedThread, List<String> openRolloutThreads, Supplier<ScreenText> screen) {
        this(panelId, process, processStart, cwds, resumedThread, openRolloutThreads, screen, Optional.empty());
    }

    public CodexTab {
        Objects.requireNonNull(panelId, "panelId");
        Objects.requireNonNull(process, "process");
        Objects.requireNonNull(processStart, "processStart");
        cwds = Set.copyOf(cwds);
        Objects.requireNonNull(resumedThread, "resumedThread");
        openRolloutThreads = List.copyOf(openRolloutThreads);
        Objects.requireNonNull(report, "report");
        screen = ScreenText.readOnce(Objects.requireNonNull(screen, "screen"));
    }

    /** Whether the two tabs' agents run in the same directory. */
    public boolean sharesDirectoryWith(CodexTab other) {
        return other.cwds.stream().anyMatch(cwds::contains);
    }
}
