package dev.holdfast.terminal.scrollback;

import com.techsenger.jeditermfx.core.model.TerminalLine;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.function.Predicate;

/**
 * The lines a terminal's histories keep as objects, never packed: lines that tables keyed by line identity hold
 * (prompt marks, hyperlinks). Held weakly: a line leaves with its last reference. Not thread-safe; used under the
 * buffer's lock.
 *
 * <p>Beside the set, the kept lines that are not in a history: on the screen, mostly the prompt lines still shown.
 * A line that scrolls into the history can only be one of those, so it is compared with them by identity and not
 * looked up in the set. Why: a line's first identity hash, which the set's lookup asks for, is a call into the VM
 * that writes the hash into the object's header, and every line of a flood was a fresh line asked once: about a
 * tenth of a flooding reader thread's time. During a flood there are none of those lines left after the first
 * screenful, so a line entering the history costs nothing here.
 *
 * <p>The list can hold more than those lines (a line kept while already in the history, one erased from the
 * screen), never fewer: every line {@link #keep kept} goes into it, a line leaves it only by {@link #entering}
 * the history or when it is on no screen, and a kept line that leaves the history for the screen goes back into
 * it ({@link #leftHistory}).
 */
public final class KeptLines {
    private static final int FIRST_PRUNE = 64;

    private final Set<TerminalLine> kept = Collections.newSetFromMap(new WeakHashMap<>());
    private final List<TerminalLine> outside = new ArrayList<>();
    private final Predicate<TerminalLine> onAScreen;
    private int pruneAbove = FIRST_PRUNE;

    /**
     * @param onAScreen whether a line is on the screen or on the other screen (primary or alternate) that may come
     *     back: the lines {@link #entering} may be asked about later
     */
    public KeptLines(Predicate<TerminalLine> onAScreen) {
        this.onAScreen = onAScreen;
    }

    /** Kept lines of a history without a screen: every line kept may still enter it. */
    public static KeptLines withoutScreen() {
        return new KeptLines(line -> true);
    }

    /** Keeps {@code line}'s object in every history that shares this. */
    public void keep(TerminalLine line) {
        kept.add(line);
        if (addOutside(line)) {
            if (outside.size() > pruneAbove) {
                outside.removeIf(onAScreen.negate());
                pruneAbove = Math.max(FIRST_PRUNE, 2 * outside.size());
            }
        }
    }

    /** Whether {@code line} is kept; asks the set (a fresh line's identity hash), for lines from anywhere. */
    public boolean isKept(TerminalLine line) {
        return kept.contains(line);
    }

    /**
     * Whether {@code line}, coming into a history from the screen, is kept; it is then in the history, no longer
     * outside. Cheap for the lines of a flood, which were never kept.
     */
    public boolean entering(TerminalLine line) {
        int at = indexOfSame(outside, line);
        if (at < 0) {
            return false;
        }
        outside.remove(at);
        return true;
    }

    /** {@code line} left a history for the screen: if it is kept, it may come back through {@link #entering}. */
    public void leftHistory(TerminalLine line) {
        if (kept.contains(line)) {
            addOutside(line);
        }
    }

    /** How many lines are compared with each line entering a history; for tests. */
    int outsideCount() {
        return outside.size();
    }

    /** Adds {@code line} to the lines outside a history unless it is there already; whether it was added. */
    private boolean addOutside(TerminalLine line) {
        if (indexOfSame(outside, line) >= 0) {
            return false;
        }
        outside.add(line);
        return true;
    }

    /**
     * Where {@code line}, that very object, is in {@code lines} (the last place), or -1. By identity, not
     * {@code List.indexOf}: the tables these lines serve are keyed by the object, and two lines with the same cells
     * are two lines (the library's {@code TerminalLine} has no {@code equals} today; this does not depend on it).
     */
    static int indexOfSame(List<TerminalLine> lines, TerminalLine line) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i) == line) {
                return i;
            }
        }
        return -1;
    }
}
