package dev.holdfast.checkpoint.scrollback;

import java.util.List;

/** The terminals open now, as the app knows them. */
@FunctionalInterface
public interface TerminalRoster {

    /**
     * UI thread. Every open terminal in tab order. A terminal closed since the last call is absent; the list
     * is read at once and not kept.
     */
    List<? extends CheckpointTerminal> terminals();
}
