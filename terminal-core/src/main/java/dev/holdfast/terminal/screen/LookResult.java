package dev.holdfast.terminal.screen;

import java.time.Instant;

/**
 * What one look decided.
 *
 * @param clocks the tab's clocks after it
 * @param card the tab's card after it
 * @param classification the state read, and why
 * @param activity the visible screen really changed: {@code lastActivityAt} moved
 * @param stateChanged the state changed: {@code stateSince} moved
 * @param cardChanged the card differs from the one before this look
 * @param settling the tab is still settling after its start (this look did not end it): store nothing for it yet
 * @param fingerprint the fingerprint the tab's screen is known by (what to store with its clocks)
 * @param lookAgainAt when to look again even without new output (a state that may change with time alone),
 *     or null when only new output can change anything
 */
public record LookResult(TabClocks clocks, TabCard card, Classification classification, boolean activity,
                         boolean stateChanged, boolean cardChanged, boolean settling,
                         VisibleScreenFingerprint fingerprint, Instant lookAgainAt) {
}
