package dev.holdfast.terminal.screen;

import java.time.Instant;

/**
 * How a look moves a tab's clocks. Pure.
 * <ul>
 *   <li>{@code lastActivityAt} moves only on a real change of the visible screen (a different fingerprint that is
 *       not a restart or resize settling);</li>
 *   <li>{@code stateSince} moves only when the state changes: an idle tab whose screen changes without leaving
 *       idle (a command finishing between two looks) keeps it; the first state a tab is given starts at the
 *       seeded time, not at the look;</li>
 *   <li>no clock is ever in the future: a stored or seeded time after now (clock skew, a clock set back) is
 *       clamped to now.</li>
 * </ul>
 */
public final class ClockRules {
    private ClockRules() {
    }

    public static TabClocks afterLook(TabClocks before, boolean realChange, TabState state, Instant now) {
        Instant lastActivity = realChange ? now : before.lastActivityAt();
        Instant since;
        if (before.state() == null || before.state() == state) {
            since = before.stateSince();
        } else {
            since = now;
        }
        return new TabClocks(clamp(lastActivity, now), state, clamp(since, now));
    }

    /** {@code time}, or {@code now} when it lies in the future. */
    public static Instant clamp(Instant time, Instant now) {
        return time.isAfter(now) ? now : time;
    }

    /** {@code clocks} with every time clamped to {@code now}. */
    public static TabClocks clamp(TabClocks clocks, Instant now) {
        return new TabClocks(clamp(clocks.lastActivityAt(), now), clocks.state(), clamp(clocks.stateSince(), now));
    }
}
