package dev.holdfast.checkpoint.clocks;

/**
 * Whether a pane's row needs writing: only when what it records changed since the row last written (or tried)
 * for it: a different screen fingerprint, a state entered or left, a new card. A write then replaces the whole
 * row with the clocks as memory holds them. The condition is what keeps a restart from stamping every row with
 * the startup time, and two Holdfasts on one database converging. Pure.
 */
public final class ClockWritePolicy {
    private ClockWritePolicy() {
    }

    /**
     * @param lastAttempted the row last written or tried for this pane (a preloaded row counts), or null
     */
    public static boolean needsWrite(PaneClockRow lastAttempted, PaneClockRow current) {
        return lastAttempted == null || !lastAttempted.sameFacts(current);
    }
}
