package dev.holdfast.app.window;

import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;

/**
 * The app's own keyboard shortcuts. On Linux they use Ctrl+Shift (plain Ctrl belongs to the shell: Ctrl+W
 * deletes a word, Ctrl+C interrupts); on macOS they use Cmd, which no terminal program sees.
 */
public enum Shortcut {
    NEW_TAB, CLOSE_TAB, COPY, PASTE, NEXT_TAB, PREVIOUS_TAB, MOVE_TAB_LEFT, MOVE_TAB_RIGHT,
    ZOOM_IN, ZOOM_OUT, ZOOM_RESET, SELECT_ALL, FIND, SETTINGS, QUIT,
    /** Shows or hides the sidebar of tab cards. */
    TOGGLE_SIDEBAR,
    /** Scrolls to the previous / next shell prompt (OSC 133 marks). */
    PREVIOUS_PROMPT, NEXT_PROMPT,
    /** Shows or hides the tab's agent conversation beside its terminal (Ctrl+Shift+J, Cmd+Shift+J). */
    CONVERSATION,
    /** Empties the tab's scrollback, on screen and on disk (Ctrl+Shift+K, Cmd+K). */
    CLEAR_SCROLLBACK;

    /** The shortcut this key press means on the given platform, or null when it belongs to the terminal. */
    public static Shortcut match(KeyEvent e, boolean mac) {
        return match(e.getCode(), e.isShiftDown(), e.isControlDown(), e.isAltDown(), e.isMetaDown(), mac);
    }

    /**
     * The key on the platform's primary chord (Ctrl+Shift on Linux, Cmd on macOS) that runs this shortcut, for a menu
     * to show beside its item; null when none does. Found through {@link #match}, so the two cannot disagree.
     */
    KeyCombination chord(boolean mac) {
        for (KeyCode code : KeyCode.values()) {
            if (match(code, !mac, !mac, false, mac, mac) == this) {
                return mac ? new KeyCodeCombination(code, KeyCombination.META_DOWN)
                        : new KeyCodeCombination(code, KeyCombination.CONTROL_DOWN, KeyCombination.SHIFT_DOWN);
            }
        }
        return null;
    }

    static Shortcut match(KeyCode code, boolean shift, boolean ctrl, boolean alt, boolean meta, boolean mac) {
        if (alt) {
            return null;
        }
        if (mac) {
            return matchMac(code, shift, ctrl, meta);
        }
        if (!ctrl || meta) {
            return null;
        }
        if (shift) {
            // Ctrl+Shift+= is how Ctrl++ is typed on most layouts, so zooming in also works shifted.
            return firstOf(command(code), shiftedCommand(code), tabMove(code), zoom(code) == ZOOM_IN ? ZOOM_IN : null,
                    prompt(code));
        }
        return firstOf(tabSwitch(code), zoom(code));
    }

    private static Shortcut matchMac(KeyCode code, boolean shift, boolean ctrl, boolean meta) {
        if (!meta || ctrl) {
            return ctrl && !meta && !shift ? tabSwitch(code) : null;
        }
        if (shift) {
            Shortcut bracket = code == KeyCode.OPEN_BRACKET ? PREVIOUS_TAB
                    : code == KeyCode.CLOSE_BRACKET ? NEXT_TAB : null;
            boolean zoomIn = code == KeyCode.EQUALS || code == KeyCode.PLUS;
            return firstOf(bracket, shiftedCommand(code), tabMove(code), zoomIn ? ZOOM_IN : null);
        }
        return firstOf(command(code), tabSwitch(code), zoom(code), prompt(code));
    }

    /** The app's commands on the platform's primary chord: Ctrl+Shift on Linux, Cmd on macOS. */
    private static Shortcut command(KeyCode code) {
        return switch (code) {
            case T -> NEW_TAB;
            case W -> CLOSE_TAB;
            case C -> COPY;
            case V -> PASTE;
            case A -> SELECT_ALL;
            case F -> FIND;
            case K -> CLEAR_SCROLLBACK;
            case COMMA -> SETTINGS;
            case Q -> QUIT;
            default -> null;
        };
    }

    /**
     * Commands that take Shift on both platforms: Ctrl+Shift+J on Linux, and Cmd+Shift+J on macOS, where
     * Cmd+J alone stays free for what macOS apps use it for.
     */
    private static Shortcut shiftedCommand(KeyCode code) {
        return switch (code) {
            case J -> CONVERSATION;
            case B -> TOGGLE_SIDEBAR;
            default -> null;
        };
    }

    private static Shortcut tabSwitch(KeyCode code) {
        return switch (code) {
            case PAGE_UP -> PREVIOUS_TAB;
            case PAGE_DOWN -> NEXT_TAB;
            default -> null;
        };
    }

    private static Shortcut prompt(KeyCode code) {
        return switch (code) {
            case UP -> PREVIOUS_PROMPT;
            case DOWN -> NEXT_PROMPT;
            default -> null;
        };
    }

    private static Shortcut tabMove(KeyCode code) {
        return switch (code) {
            case PAGE_UP -> MOVE_TAB_LEFT;
            case PAGE_DOWN -> MOVE_TAB_RIGHT;
            default -> null;
        };
    }

    private static Shortcut zoom(KeyCode code) {
        return switch (code) {
            case EQUALS, PLUS, ADD -> ZOOM_IN;
            case MINUS, SUBTRACT -> ZOOM_OUT;
            case DIGIT0, NUMPAD0 -> ZOOM_RESET;
            default -> null;
        };
    }

    private static Shortcut firstOf(Shortcut... candidates) {
        for (Shortcut candidate : candidates) {
            if (candidate != null) {
                return candidate;
            }
        }
        return null;
    }
}
