package dev.holdfast.terminal.agent.live;

import dev.holdfast.terminal.agent.binding.BindingSettings;
import dev.holdfast.terminal.agent.conversation.ConversationLimits;
import dev.holdfast.terminal.agent.transcript.TranscriptLimits;
import java.time.Duration;
import java.util.Objects;

/**
 * @param pollInterval how often tabs are looked at and followed rollouts read: 1 s
 */
public record LiveSettings(Duration pollInterval, BindingSettings binding, ConversationLimits conversation,
        TranscriptLimits transcript) {
    public static final LiveSettings DEFAULTS = new LiveSettings(Duration.ofSeconds(1), BindingSettings.DEFAULTS,
            ConversationLimits.DEFAULTS, TranscriptLimits.DEFAULTS);

    public LiveSettings {
        Objects.requireNonNull(pollInterval, "pollInterval");
        if (pollInterval.isNegative() || pollInterval.isZero()) {
            throw new IllegalArgumentException("pollInterval must be positive");
        }
        Objects.requireNonNull(binding, "binding");
        Objects.requireNonNull(conversation, "conversation");
        Objects.requireNonNull(transcript, "transcript");
    }
}
