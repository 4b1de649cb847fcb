package dev.holdfast.terminal.emulation;

import com.techsenger.jeditermfx.core.CursorShape;

/**
 * What a terminal tells its owner. Called on the terminal's reader thread (never the UI thread): an
 * implementation only records or posts, it never blocks.
 */
public interface TerminalEvents {
    /** The model changed: something on screen or in the history may look different. */
    default void modelChanged() {
    }

    /** The program set the window title (OSC 0 or 2). */
    default void titleChanged(String title) {
    }

    default void bell() {
    }

    default void cursorShapeChanged(CursorShape shape) {
    }

    /** The shell ended, or never started. */
    default void ended(SessionEnd end) {
    }

    TerminalEvents NONE = new TerminalEvents() {
    };
}
