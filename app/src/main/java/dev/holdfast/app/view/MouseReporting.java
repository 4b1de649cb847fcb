package dev.holdfast.app.view;

import com.techsenger.jeditermfx.core.emulator.mouse.MouseButtonCodes;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseButtonModifierFlags;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseMode;
import com.techsenger.jeditermfx.core.input.MouseWheelEvent;
import dev.holdfast.terminal.emulation.TerminalSession;
import javafx.scene.input.InputEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;

/**
 * The mouse as a program that asked for it sees it (htop, vim with {@code mouse=a}, agent TUIs): presses,
 * releases, drags and motion in the modes it asked for, and the wheel. Holding Shift keeps the mouse for
 * selecting text. Positions are visible screen cells. FX thread.
 */
final class MouseReporting {
    private final TerminalSession session;
    private int pressedButton = MouseButtonCodes.NONE;

    MouseReporting(TerminalSession session) {
        this.session = session;
    }

    /** Whether this event goes to the program rather than to selection. */
    boolean wants(MouseEvent e) {
        return session.mouseReporting() && !e.isShiftDown();
    }

    boolean wants(ScrollEvent e) {
        return session.mouseReporting() && !e.isShiftDown();
    }

    void pressed(MouseEvent e, int column, int row) {
        pressedButton = buttonCode(e.getButton());
        session.terminal().mousePressed(column, row,
                new com.techsenger.jeditermfx.core.input.MouseEvent(pressedButton, modifierFlags(e)));
    }

    /** Drags are reported only in the modes that ask for motion. */
    void dragged(MouseEvent e, int column, int row) {
        MouseMode mode = session.mouseMode();
        if (mode == MouseMode.MOUSE_REPORTING_BUTTON_MOTION || mode == MouseMode.MOUSE_REPORTING_ALL_MOTION) {
            session.terminal().mouseDragged(column, row,
                    new com.techsenger.jeditermfx.core.input.MouseEvent(pressedButton, modifierFlags(e)));
        }
    }

    void released(MouseEvent e, int column, int row) {
        session.terminal().mouseReleased(column, row,
                new com.techsenger.jeditermfx.core.input.MouseEvent(buttonCode(e.getButton()), modifierFlags(e)));
        pressedButton = MouseButtonCodes.NONE;
    }

    /** Motion without a button goes out only in the all-motion mode. */
    boolean wantsMotion(MouseEvent e) {
        return session.mouseMode() == MouseMode.MOUSE_REPORTING_ALL_MOTION && !e.isShiftDown();
    }

    void moved(MouseEvent e, int column, int row) {
        session.terminal().mouseMoved(column, row,
                new com.techsenger.jeditermfx.core.input.MouseEvent(MouseButtonCodes.NONE, modifierFlags(e)));
    }

    /** One report per wheel notch. */
    void wheel(ScrollEvent e, int notches, boolean up, int column, int row) {
        for (int i = 0; i < notches; i++) {
            session.terminal().mouseWheelMoved(column, row, new MouseWheelEvent(
                    up ? MouseButtonCodes.SCROLLUP : MouseButtonCodes.SCROLLDOWN, modifierFlags(e)));
        }
    }

    private static int buttonCode(MouseButton button) {
        return switch (button) {
            case PRIMARY -> MouseButtonCodes.LEFT;
            case MIDDLE -> MouseButtonCodes.MIDDLE;
            case SECONDARY -> MouseButtonCodes.RIGHT;
            default -> MouseButtonCodes.NONE;
        };
    }

    private static int modifierFlags(InputEvent e) {
        boolean shift;
        boolean alt;
        boolean ctrl;
        if (e instanceof MouseEvent m) {
            shift = m.isShiftDown();
            alt = m.isAltDown();
            ctrl = m.isControlDown();
        } else if (e instanceof ScrollEvent s) {
            shift = s.isShiftDown();
            alt = s.isAltDown();
            ctrl = s.isControlDown();
        } else {
            return 0;
        }
        return (shift ? MouseButtonModifierFlags.MOUSE_BUTTON_SHIFT_FLAG : 0)
                | (alt ? MouseButtonModifierFlags.MOUSE_BUTTON_META_FLAG : 0)
                | (ctrl ? MouseButtonModifierFlags.MOUSE_BUTTON_CTRL_FLAG : 0);
    }
}
