package dev.holdfast.terminal.emulation;

import com.techsenger.jeditermfx.core.CursorShape;
import com.techsenger.jeditermfx.core.TerminalDisplay;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseFormat;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseMode;
import com.techsenger.jeditermfx.core.model.TerminalSelection;

/**
 * The display of a terminal model nobody looks at (a scratch terminal that only turns SGR into styles, a headless
 * model in a tool or a test): it ignores everything it is told and asks nothing.
 */
public final class HiddenDisplay implements TerminalDisplay {
    @Override
    public void setCursor(int x, int y) {
    }

    @Override
    public void setCursorShape(CursorShape shape) {
    }

    @Override
    public void beep() {
    }

    @Override
    public void scrollArea(int top, int size, int dy) {
    }

    @Override
    public void setCursorVisible(boolean visible) {
    }

    @Override
    public void useAlternateScreenBuffer(boolean enabled) {
    }

    @Override
    public String getWindowTitle() {
        return "";
    }

    @Override
    public void setWindowTitle(String title) {
    }

    @Override
    public TerminalSelection getSelection() {
        return null;
    }

    @Override
    public void terminalMouseModeSet(MouseMode mode) {
    }

    @Override
    public void setMouseFormat(MouseFormat format) {
    }

    @Override
    public boolean ambiguousCharsAreDoubleWidth() {
        return false;
    }
}
