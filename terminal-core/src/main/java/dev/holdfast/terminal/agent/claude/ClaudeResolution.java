package dev.holdfast.terminal.agent.claude;

import dev.holdfast.terminal.agent.binding.Binding;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A Claude tab's binding this round, with what is needed to read its conversation.
 *
 * @param transcript the bound session's transcript, once it exists
 * @param refusedReport why the tab's report was found wrong this round (its transcript is another session's or
 *     another directory's): the caller drops it
 */
public record ClaudeResolution(UUID panelId, ClaudeConfig config, Binding binding, Optional<Path> transcript,
        Optional<String> refusedReport) {
    public ClaudeResolution {
        Objects.requireNonNull(panelId, "panelId");
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(binding, "binding");
        Objects.requireNonNull(transcript, "transcript");
        Objects.requireNonNull(refusedReport, "refusedReport");
    }
}
