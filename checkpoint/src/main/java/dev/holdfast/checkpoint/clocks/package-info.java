/**
 * The pane clock checkpoint, {@code <state>/panes.sqlite}: each tab's clocks and card, so a restart changes no clock
 * of a tab whose screen did not change (issue 12; {@code reference/activity-clocks-design.txt}).
 *
 * <ul>
 *   <li>{@link dev.holdfast.checkpoint.clocks.PaneClocks}: the runtime, its one executor, the bulk preload, the
 *       conditional write-through, the backoff, pruning, and the notices. Start it off the UI thread before tabs
 *       are restored; close it after the quit save.</li>
 *   <li>{@link dev.holdfast.checkpoint.clocks.PaneClockStore}: the only SQL for its tables.</li>
 *   <li>Pure policies: {@link dev.holdfast.checkpoint.clocks.ClockSeeding} (how a restored tab starts),
 *       {@link dev.holdfast.checkpoint.clocks.ClockWritePolicy} (when a row is written),
 *       {@link dev.holdfast.checkpoint.clocks.WriteBackoff}, {@link dev.holdfast.checkpoint.clocks.LaunchLineage}
 *       (whose rows are this launch's), {@link dev.holdfast.checkpoint.clocks.ClockPruning} (which rows go).</li>
 * </ul>
 * This package knows no terminal: fingerprints, states and cards arrive as strings ({@code terminal-core}'s
 * {@code screen} package makes them).
 */
package dev.holdfast.checkpoint.clocks;
