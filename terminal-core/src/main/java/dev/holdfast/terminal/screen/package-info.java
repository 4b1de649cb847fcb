/**
 * Activity clocks and tab cards, read from each tab's visible screen, its processes and its shell's marks: plain
 * classes, screen in, decision out, time passed in (issue 12; {@code reference/activity-clocks-design.txt}).
 *
 * <ul>
 *   <li>{@link dev.holdfast.terminal.screen.VisibleScreen}: the rows on screen, copied under the buffer lock.</li>
 *   <li>{@link dev.holdfast.terminal.screen.ScreenNormalizer} with the per-program tables of
 *       {@link dev.holdfast.terminal.screen.VolatilePatterns}, then
 *       {@link dev.holdfast.terminal.screen.VisibleScreenFingerprint}: what counts as the screen changing.</li>
 *   <li>{@link dev.holdfast.terminal.screen.StateClassifier}: working, waiting (with the question), idle,
 *       exited.</li>
 *   <li>{@link dev.holdfast.terminal.screen.TabActivity}: one tab's clocks ({@link
 *       dev.holdfast.terminal.screen.ClockRules}), card ({@link dev.holdfast.terminal.screen.TabCard}) and the
 *       fingerprint it is known by, look by look.</li>
 *   <li>{@link dev.holdfast.terminal.screen.WatchPolicy}: which tabs need a look.</li>
 * </ul>
 *
 * <h2>Running it (the app's glue)</h2>
 * One watcher thread owns every {@code TabActivity} and the {@code WatchPolicy}; it never runs on the FX thread.
 * <ol>
 *   <li>For each tab: {@code new TabActivity(seed, ActivitySettings.DEFAULT,
 *       ClassifierMode.of(settings.shellIntegration()), startedAt)} and {@code policy.add(panelId)}. A new tab's
 *       seed is {@code Fresh(now)}. A restored tab's comes from the clock store ({@code PaneClocks.seed}):
 *       {@code PaneSeed.Restored} becomes {@code ActivitySeed.Restored(new VisibleScreenFingerprint(row.fingerprint()),
 *       seed.lastActivityAt(), TabState.valueOf(row.state()), seed.stateSince(), card)} (the card read from
 *       {@code row.cardJson()} when {@code seed.cardRestored()}); {@code PaneSeed.Fallback} becomes
 *       {@code ActivitySeed.Fallback(seed.lastActivityAt())}.</li>
 *   <li>Tell the policy of output: {@code policy.outputSeen(panelId, session.generation().processed())}, from a
 *       tick or from {@code TerminalEvents.modelChanged}. For each tab in {@code policy.due(now)}: read the
 *       generation, then {@code VisibleScreen.capture(session)}, {@code session.inspectProcess()} and
 *       {@code session.shellStatus()}; build a {@link dev.holdfast.terminal.screen.Look} (program:
 *       {@code ProgramKind.ofForegroundCommand(process.foregroundCommand())}); {@code activity.look(look)}; then
 *       {@code policy.looked(panelId, generation, now, result.lookAgainAt())}. Sleep until
 *       {@code policy.nextDue()} or new output. A tab with no new output costs nothing.</li>
 *   <li>Unless {@code result.settling()}: hand the clock store a row as memory holds it,
 *       {@code paneClocks.record(paneClocks.row(panelId, result.fingerprint().hex(), clocks.lastActivityAt(),
 *       clocks.state().name(), clocks.stateSince(), cardJson, TabCard.CURRENT_VERSION))}; it writes only when the
 *       facts changed. {@code TabCard} is a plain record: Jackson (with the JSR-310 module) reads and writes it
 *       as it is.</li>
 *   <li>Whenever scrollback is saved (quit save, checkpoint), copy a {@code VisibleScreen} in the same lock as the
 *       lines and store {@code activity.fingerprintOfCapture(screen, now).hex()} with it
 *       ({@code ScrollbackRecord.screenFingerprint}, {@code PanelSnapshot.screenFingerprint}): that is what makes
 *       the next start's seeding match.</li>
 * </ol>
 */
package dev.holdfast.terminal.screen;
