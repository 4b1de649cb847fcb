package dev.holdfast.terminal.emulation;

import com.techsenger.jeditermfx.core.CursorShape;
import com.techsenger.jeditermfx.core.RequestOrigin;
import com.techsenger.jeditermfx.core.TerminalDisplay;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseFormat;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseMode;
import com.techsenger.jeditermfx.core.model.TerminalSelection;
import com.techsenger.jeditermfx.core.util.TermSize;

/**
 * The emulator's view of "the display": records the modes programs set, for the UI to read lock-free, and
 * forwards what the owner must react to. Selection belongs to the UI, so the model never sees one.
 */
final class SessionDisplay implements TerminalDisplay {
    private final TerminalEvents events;
    private volatile int cursorX;
    private volatile int cursorY;
    private volatile boolean cursorVisible = true;
    private volatile CursorShape cursorShape = CursorShape.BLINK_BLOCK;
    private volatile MouseMode mouseMode = MouseMode.MOUSE_REPORTING_NONE;
    private volatile boolean bracketedPaste;
    private volatile String windowTitle = "";

    SessionDisplay(TerminalEvents events) {
        this.events = events;
    }

    @Override
    public void setCursor(int x, int y) {
        cursorX = x;
        cursorY = y;
        // A cursor that moves without text changing (arrow keys in vim) still needs a repaint.
        events.modelChanged();
    }

    @Override
    public void setCursorShape(CursorShape shape) {
        CursorShape effective = shape == null ? CursorShape.BLINK_BLOCK : shape;
        cursorShape = effective;
        events.cursorShapeChanged(effective);
        events.modelChanged();
    }

    @Override
    public void beep() {
        events.bell();
    }

    @Override
    public void onResize(TermSize size, RequestOrigin origin) {
        events.modelChanged();
    }

    @Override
    public void scrollArea(int scrollRegionTop, int scrollRegionSize, int dy) {
        events.modelChanged();
    }

    @Override
    public void setCursorVisible(boolean visible) {
        cursorVisible = visible;
        events.modelChanged();
    }

    @Override
    public void useAlternateScreenBuffer(boolean enabled) {
        events.modelChanged();
    }

    @Override
    public String getWindowTitle() {
        return windowTitle;
    }

    @Override
    public void setWindowTitle(String title) {
        String effective = title == null ? "" : title;
        windowTitle = effective;
        events.titleChanged(effective);
    }

    @Override
    public TerminalSelection getSelection() {
        return null;
    }

    @Override
    public void terminalMouseModeSet(MouseMode mode) {
        mouseMode = mode == null ? MouseMode.MOUSE_REPORTING_NONE : mode;
    }

    @Override
    public void setMouseFormat(MouseFormat format) {
        // The emulator encodes mouse reports itself; the UI only needs to know whether reporting is on.
    }

    @Override
    public boolean ambiguousCharsAreDoubleWidth() {
        return false;
    }

    @Override
    public void setBracketedPasteMode(boolean enabled) {
        bracketedPaste = enabled;
    }

    int cursorX() {
        return cursorX;
    }

    int cursorY() {
        return cursorY;
    }

    boolean cursorVisible() {
        return cursorVisible;
    }

    CursorShape cursorShape() {
        return cursorShape;
    }

    MouseMode mouseMode() {
        return mouseMode;
    }

    boolean bracketedPaste() {
        return bracketedPaste;
    }

    String windowTitle() {
        return windowTitle;
    }
}
