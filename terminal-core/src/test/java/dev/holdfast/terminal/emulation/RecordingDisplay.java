package dev.holdfast.terminal.emulation;

import com.techsenger.jeditermfx.core.CursorShape;
import com.techsenger.jeditermfx.core.TerminalDisplay;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseFormat;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseMode;
import com.techsenger.jeditermfx.core.model.TerminalSelection;

/**
 * A display that records what programs set through the model (title, cursor, mouse modes, bracketed paste, the
 * alternate screen, bells), as a user would see it: for tests that drive a model and look at it. Fields, so that a
 * test reads them at a glance; one test thread only.
 */
public final class RecordingDisplay implements TerminalDisplay {
    public String title = "";
    public boolean cursorVisible = true;
    public CursorShape cursorShape;
    public MouseMode mouseMode = MouseMode.MOUSE_REPORTING_NONE;
    public MouseFormat mouseFormat = MouseFormat.MOUSE_FORMAT_XTERM;
    public boolean bracketedPaste;
    public boolean alternateScreen;
    public int beeps;

    @Override
    public void setCursor(int x, int y) {
    }

    @Override
    public void setCursorShape(CursorShape shape) {
        cursorShape = shape;
    }

    @Override
    public void beep() {
        beeps++;
    }

    @Override
    public void scrollArea(int top, int size, int dy) {
    }

    @Override
    public void setCursorVisible(boolean visible) {
        cursorVisible = visible;
    }

    @Override
    public void useAlternateScreenBuffer(boolean enabled) {
        alternateScreen = enabled;
    }

    @Override
    public String getWindowTitle() {
        return title;
    }

    @Override
    public void setWindowTitle(String windowTitle) {
        title = windowTitle;
    }

    @Override
    public TerminalSelection getSelection() {
        return null;
    }

    @Override
    public void terminalMouseModeSet(MouseMode mode) {
        mouseMode = mode;
    }

    @Override
    public void setMouseFormat(MouseFormat format) {
        mouseFormat = format;
    }

    @Override
    public boolean ambiguousCharsAreDoubleWidth() {
        return false;
    }

    @Override
    public void setBracketedPasteMode(boolean enabled) {
        bracketedPaste = enabled;
    }

    public String describe() {
        return "title=" + title + " cursorVisible=" + cursorVisible + " cursorShape=" + cursorShape
                + " mouse=" + mouseMode + "/" + mouseFormat + " bracketedPaste=" + bracketedPaste
                + " alternate=" + alternateScreen + " beeps=" + beeps;
    }
}
