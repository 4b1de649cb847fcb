package dev.holdfast.checkpoint.scrollback;

/**
 * Whether a terminal's scrollback may be written to disk. The one rule for both writers: the clean-quit
 * snapshot and the checkpoints, so a terminal is never saved by one and withheld by the other.
 *
 * <p>Only the user's choice counts. Unlike the reference design, a terminal running a command and an agent
 * terminal are eligible: a capture holds the buffer lock for a bounded copy, never for formatting, so a busy
 * terminal costs the UI thread no more than an idle one. Agent terminals are flagged in their record, and
 * restore decides whether to replay them.
 */
public final class ScrollbackEligibility {

    private ScrollbackEligibility() {
    }

    public static boolean allows(CheckpointTerminal terminal) {
        return terminal.persistScrollback();
    }
}
