package dev.holdfast.checkpoint.scrollback;

import java.util.UUID;

/**
 * What the checkpoint machinery sees of one open terminal. Every method reads a field: no lock, no allocation,
 * no I/O, because planning reads it for every terminal on the UI thread.
 */
public interface CheckpointTerminal {

    /** The tab's restart-stable identity; its checkpoint file is named after it. */
    UUID panelId();

    /**
     * How many PTY reads the emulator has fully parsed, plus the changes the app made to the model itself (a
     * cleared scrollback), never the count of reads ({@code OutputGeneration.model()}): a capture copies the model,
     * so it can only vouch for what the model already reflects, and an edit without output must be written too.
     * Any thread; monotonic; 0 before any output.
     */
    long processedGeneration();

    /** False when the user asked that this tab's scrollback never reach the disk. */
    boolean persistScrollback();

    /** Whether a coding agent runs in this tab; recorded so that restore decides whether to replay. */
    boolean agent();
}
