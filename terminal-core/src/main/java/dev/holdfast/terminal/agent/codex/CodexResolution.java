package dev.holdfast.terminal.agent.codex;

import dev.holdfast.terminal.agent.binding.Binding;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A Codex tab's binding this round, with what is needed to read its conversation.
 *
 * @param thread the bound thread's row, when bound and the store has it
 * @param rollout where the bound thread's rollout is written (its row's path, the file Codex holds open, or the one
 *     it reported)
 * @param refusedReport why the tab's report was found wrong this round (its rollout is another thread's, or of
 *     another directory): the caller drops it
 */
public record CodexResolution(UUID panelId, CodexHome home, Binding binding, Optional<CodexThread> thread,
        Optional<Path> rollout, Optional<String> refusedReport) {

    public CodexResolution(UUID panelId, CodexHome home, Binding binding, Optional<CodexThread> thread, Optional<Path> rollout) {
        this(panelId, home, binding, thread, rollout, Optional.empty());
    }

    public CodexResolution {
        Objects.requireNonNull(panelId, "panelId");
        Objects.requireNonNull(home, "home");
        Objects.requireNonNull(binding, "binding");
        Objects.requireNonNull(thread, "thread");
        Objects.requireNonNull(rollout, "rollout");
        Objects.requireNonNull(refusedReport, "refusedReport");
    }
}
