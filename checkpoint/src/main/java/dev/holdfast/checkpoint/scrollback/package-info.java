/**
 * Crash-safe scrollback: periodic checkpoints of each terminal's scrollback to
 * {@code <state>/scrollback/<panelId>.json}, merged into the restored session after an unclean exit. Ownership of
 * the records passes from launch to launch through the launch sentinel ({@code CheckpointOwners}): a launch
 * inherits the records of the launches before it until it has written what it restored as its own.
 *
 * <p>The app sees to the UI side: it implements {@link dev.holdfast.checkpoint.scrollback.TerminalRoster},
 * {@link dev.holdfast.checkpoint.scrollback.CheckpointTerminal},
 * {@link dev.holdfast.checkpoint.scrollback.ScrollbackSource} and
 * {@link dev.holdfast.checkpoint.scrollback.KeyboardActivity} over its tabs, calls
 * {@link dev.holdfast.checkpoint.scrollback.CheckpointCoordinator#runIfDue()} from the autosave timer, and at
 * startup runs {@link dev.holdfast.checkpoint.scrollback.CheckpointRecovery} and
 * {@link dev.holdfast.checkpoint.scrollback.RestorePlan#merge} off the UI thread. Decisions live in pure classes —
 * {@link dev.holdfast.checkpoint.scrollback.CheckpointPolicy}, candidate selection,
 * {@link dev.holdfast.checkpoint.scrollback.ScrollbackEligibility},
 * {@link dev.holdfast.checkpoint.scrollback.RestorePlan}, {@link dev.holdfast.checkpoint.scrollback.StartupCleanup}
 * — so every rule is tested in milliseconds with a manual clock and hand-drained queues. Nothing here knows
 * JavaFX or the emulator.
 */
package dev.holdfast.checkpoint.scrollback;
