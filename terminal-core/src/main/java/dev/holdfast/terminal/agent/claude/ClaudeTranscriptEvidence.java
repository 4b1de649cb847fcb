package dev.holdfast.terminal.agent.claude;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.terminal.agent.binding.BindingSettings;
import dev.holdfast.terminal.agent.binding.ThreadEvidence;
import dev.holdfast.terminal.agent.binding.TranscriptEvidence;
import dev.holdfast.terminal.agent.transcript.TranscriptLimits;
import java.util.Objects;
import java.util.Optional;

/** The answers of the Claude Code transcripts a binding looks at, followed as they grow. Used by one thread. */
public final class ClaudeTranscriptEvidence implements ClaudeEvidence {
    private final TranscriptEvidence transcripts;

    public ClaudeTranscriptEvidence(ObjectMapper json, BindingSettings settings, TranscriptLimits limits) {
        Objects.requireNonNull(json, "json");
        this.transcripts = new TranscriptEvidence(
                (events, onRestart) -> new ClaudeTranscriptParser(json, events, onRestart), settings, limits);
    }

    @Override
    public Optional<ThreadEvidence> of(ClaudeTranscript transcript) {
        return transcripts.of(transcript.sessionId(), transcript.path());
    }
}
