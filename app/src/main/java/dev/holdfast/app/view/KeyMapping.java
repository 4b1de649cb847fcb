package dev.holdfast.app.view;

import dev.holdfast.terminal.input.Key;
import dev.holdfast.terminal.input.Modifiers;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/** Maps JavaFX key events onto the terminal core's keys, so the encoding itself stays UI-free. */
final class KeyMapping {
    private KeyMapping() {
    }

    static Modifiers modifiers(KeyEvent e) {
        return new Modifiers(e.isShiftDown(), e.isControlDown(), e.isAltDown(), e.isMetaDown());
    }

    /** The core key for a non-text key, or null when the key produces text (or is unknown). */
    static Key key(KeyCode code) {
        return switch (code) {
            case ENTER -> Key.ENTER;
            case TAB -> Key.TAB;
            case BACK_SPACE -> Key.BACKSPACE;
            case ESCAPE -> Key.ESCAPE;
            case INSERT -> Key.INSERT;
            case DELETE -> Key.DELETE;
            case HOME -> Key.HOME;
            case END -> Key.END;
            case PAGE_UP -> Key.PAGE_UP;
            case PAGE_DOWN -> Key.PAGE_DOWN;
            case UP, KP_UP -> Key.UP;
            case DOWN, KP_DOWN -> Key.DOWN;
            case LEFT, KP_LEFT -> Key.LEFT;
            case RIGHT, KP_RIGHT -> Key.RIGHT;
            case F1 -> Key.F1;
            case F2 -> Key.F2;
            case F3 -> Key.F3;
            case F4 -> Key.F4;
            case F5 -> Key.F5;
            case F6 -> Key.F6;
            case F7 -> Key.F7;
            case F8 -> Key.F8;
            case F9 -> Key.F9;
            case F10 -> Key.F10;
            case F11 -> Key.F11;
            case F12 -> Key.F12;
            case SHIFT -> Key.SHIFT;
            case CONTROL -> Key.CONTROL;
            case ALT, ALT_GRAPH -> Key.ALT;
            case META, COMMAND, WINDOWS -> Key.META;
            default -> null;
        };
    }

    /**
     * The character a Ctrl or Alt chord stands for, from the key itself: with Ctrl or Alt held, platforms
     * disagree on what (if anything) they deliver as typed text, so the physical key decides.
     */
    static String chordCharacter(KeyEvent e) {
        KeyCode code = e.getCode();
        if (code.isLetterKey()) {
            String letter = code.getName().toLowerCase();
            return e.isShiftDown() && !e.isControlDown() ? letter.toUpperCase() : letter;
        }
        if (code == KeyCode.SPACE) {
            return " ";
        }
        if (code.isDigitKey() && code.getName().length() == 1) {
            return code.getName();
        }
        if (e.isControlDown()) {
            return switch (code) {
                case OPEN_BRACKET -> "[";
                case CLOSE_BRACKET -> "]";
                case BACK_SLASH -> "\\";
                case MINUS -> "-";
                case SLASH -> "/";
                default -> null;
            };
        }
        return null;
    }
}
