package dev.holdfast.terminal.agent.live;

import dev.holdfast.terminal.agent.binding.BindingSettings;
import dev.holdfast.terminal.agent.claude.ClaudeSettings;
import dev.holdfast.terminal.agent.conversation.ConversationLimits;
import dev.holdfast.terminal.agent.transcript.TranscriptLimits;
import java.time.Duration;
import java.util.Objects;

/**
 * @param pollInterval how often tabs are looked at and followed rollouts read: 1 s
 * @param claude the Claude Code binding's own numbers
 */
public record LiveSettings(Duration pollInterval, BindingSettings binding, ConversationLimits conversation,
        TranscriptLimits transcript, ClaudeSettings claude) {
    public static final LiveSettings DEFAULTS = new LiveSettings(Duration.ofSeconds(1), BindingSettings.DEFAULTS,
            ConversationLimits.DEFAULTS, TranscriptLimits.DEFAULTS, ClaudeSettings.DEFAULTS);

    /** Claude's own numbers at their defaults. */
    public LiveSettings(Duration pollInterval, BindingSettings binding, ConversationLimits conversation,
            TranscriptLimits transcript) {
        this(pollInterval, binding, conversation, transcript, ClaudeSettings.DEFAULTS);
    }

    public LiveSettings {
        Objects.requireNonNull(pollInterval, "pollInterval");
        if (pollInterval.isNegative() || pollInterval.isZero()) {
            throw new IllegalArgumentException("pollInterval must be positive");
        }
        Objects.requireNonNull(binding, "binding");
        Objects.requireNonNull(conversation, "conversation");
        Objects.requireNonNull(transcript, "transcript");
        Objects.requireNonNull(claude, "claude");
    }
}
