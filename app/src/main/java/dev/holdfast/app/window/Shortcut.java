package dev.holdfast.app.window;

import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/**
 * The app's own keyboard shortcuts. On Linux they use Ctrl+Shift (plain Ctrl belongs to the shell: Ctrl+W
 * deletes a word, Ctrl+C interrupts); on macOS they use Cmd, which no terminal program sees.
 */
public enum Shortcut {
    NEW_TAB, CLOSE_TAB, COPY, PASTE, NEXT_TAB, PREVIOUS_TAB, MOVE_TAB_LEFT, MOVE_TAB_RIGHT,
    ZOOM_IN, ZOOM_OUT, ZOOM_RESET, SELECT_ALL, FIND, SETTINGS, QUIT;

    /** The shortcut this key press means on the given platform, or null when it belongs to the terminal. */
    public static Shortcut match(KeyEvent e, boolean mac) {
        return match(e.getCode(), e.isShiftDown(), e.isControlDown(), e.isAltDown(), e.isMetaDown(), mac);
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
            return switch (code) {
                case T -> NEW_TAB;
                case W -> CLOSE_TAB;
                case C -> COPY;
                case V -> PASTE;
                case A -> SELECT_ALL;
                case F -> FIND;
                case COMMA -> SETTINGS;
                case Q -> QUIT;
                case PAGE_UP -> MOVE_TAB_LEFT;
                case PAGE_DOWN -> MOVE_TAB_RIGHT;
                case EQUALS, PLUS, ADD -> ZOOM_IN;
                default -> null;
            };
        }
        return switch (code) {
            case PAGE_UP -> PREVIOUS_TAB;
            case PAGE_DOWN -> NEXT_TAB;
            case EQUALS, PLUS, ADD -> ZOOM_IN;
            case MINUS, SUBTRACT -> ZOOM_OUT;
            case DIGIT0, NUMPAD0 -> ZOOM_RESET;
            default -> null;
        };
    }

    private static Shortcut matchMac(KeyCode code, boolean shift, boolean ctrl, boolean meta) {
        if (!meta || ctrl) {
            if (ctrl && !meta && !shift) {
                return switch (code) {
                    case PAGE_UP -> PREVIOUS_TAB;
                    case PAGE_DOWN -> NEXT_TAB;
                    default -> null;
                };
            }
            return null;
        }
        if (shift) {
            return switch (code) {
                case OPEN_BRACKET -> PREVIOUS_TAB;
                case CLOSE_BRACKET -> NEXT_TAB;
                case PAGE_UP -> MOVE_TAB_LEFT;
                case PAGE_DOWN -> MOVE_TAB_RIGHT;
                case EQUALS, PLUS -> ZOOM_IN;
                default -> null;
            };
        }
        return switch (code) {
            case T -> NEW_TAB;
            case W -> CLOSE_TAB;
            case C -> COPY;
            case V -> PASTE;
            case A -> SELECT_ALL;
            case F -> FIND;
            case COMMA -> SETTINGS;
            case Q -> QUIT;
            case PAGE_UP -> PREVIOUS_TAB;
            case PAGE_DOWN -> NEXT_TAB;
            case EQUALS, PLUS, ADD -> ZOOM_IN;
            case MINUS, SUBTRACT -> ZOOM_OUT;
            case DIGIT0, NUMPAD0 -> ZOOM_RESET;
            default -> null;
        };
    }
}
