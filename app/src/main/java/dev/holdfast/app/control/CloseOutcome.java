package dev.holdfast.app.control;

import java.util.Objects;

/** What became of a {@code close} request. */
public sealed interface CloseOutcome {

    /** The tab is closed. */
    record Closed() implements CloseOutcome {
    }

    /**
     * The tab runs a command that closing would end, and {@code force} was not given: the tab stays open, as the
     * window's own close asks first.
     *
     * @param command the foreground command's name, as the confirmation dialog would name it
     */
    record NeedsConfirmation(String command) implements CloseOutcome {
        public NeedsConfirmation {
            Objects.requireNonNull(command, "command");
        }
    }
}
