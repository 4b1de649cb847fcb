package dev.holdfast.terminal.screen;

import java.time.Instant;
import java.util.Objects;

/**
 * What {@link StateClassifier} read from a tab.
 *
 * @param state the tab's state
 * @param question while {@link TabState#WAITING}: what the tab asks (the dialog's question, the prompt line);
 *     else null
 * @param reason why, in a few words, for logs and {@code holdfast ctl}
 * @param recheckAt when the state could change with no new output (a working window running out, a prompt
 *     going quiet), or null when only new output can change it
 */
public record Classification(TabState state, String question, String reason, Instant recheckAt) {
    public Classification {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(reason, "reason");
        if (state != TabState.WAITING) {
            question = null;
        }
    }
}
