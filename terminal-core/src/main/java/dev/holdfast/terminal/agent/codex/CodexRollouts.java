package dev.holdfast.terminal.agent.codex;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.terminal.agent.binding.BindingSettings;
import dev.holdfast.terminal.agent.binding.ThreadEvidence;
import dev.holdfast.terminal.agent.binding.TranscriptEvidence;
import dev.holdfast.terminal.agent.transcript.TranscriptLimits;
import java.util.Objects;
import java.util.Optional;

/** The answers of the Codex rollouts a binding looks at, followed as they grow. Used by one thread. */
public final class CodexRollouts implements CodexEvidence {
    private final TranscriptEvidence rollouts;

    public CodexRollouts(ObjectMapper json, BindingSettings settings, TranscriptLimits limits) {
        Objects.requireNonNull(json, "json");
        this.rollouts = new TranscriptEvidence(
                (events, onRestart) -> new CodexRolloutParser(json, events, onRestart), settings, limits);
    }

    @Override
    public Optional<ThreadEvidence> of(CodexThread thread) {
        return CodexHome.rolloutFile(thread.rolloutPath()).flatMap(file -> rollouts.of(thread.id(), file));
    }
}
