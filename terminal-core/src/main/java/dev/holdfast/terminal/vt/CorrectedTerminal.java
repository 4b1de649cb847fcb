package dev.holdfast.terminal.vt;

import com.techsenger.jeditermfx.core.Color;
import com.techsenger.jeditermfx.core.CursorShape;
import com.techsenger.jeditermfx.core.RequestOrigin;
import com.techsenger.jeditermfx.core.Terminal;
import com.techsenger.jeditermfx.core.TerminalCustomCommandListener;
import com.techsenger.jeditermfx.core.TerminalMode;
import com.techsenger.jeditermfx.core.TerminalOutputStream;
import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseFormat;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseMode;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.StyleState;
import com.techsenger.jeditermfx.core.model.TerminalApplicationTitleListener;
import com.techsenger.jeditermfx.core.model.TerminalResizeListener;
import com.techsenger.jeditermfx.core.util.CellPosition;
import com.techsenger.jeditermfx.core.util.CharUtils;
import com.techsenger.jeditermfx.core.util.TermSize;
import java.io.UnsupportedEncodingException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.text.Normalizer;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * JediTerm's terminal model as xterm behaves where the library's {@link JediTerminal} does not: what vttest
 * (menus 1, 2 and 8) shows, and what full-screen programs meet. Every call goes to the library's terminal; the
 * ones below are corrected around it, with the library's own public calls, never by changing the library:
 * <ol>
 *   <li><b>Pending wrap.</b> After a character in the last column the library parks the cursor one past it; a
 *       backspace, tab, line feed, cursor movement or edit then acted on that column that does not exist (a
 *       backspace landed on the last column, a line feed kept the wrap pending so the next character skipped a
 *       row, EL erased nothing). As in xterm, those first put the cursor on the last column; a cursor position
 *       report says the last column too. Printing and saving the cursor keep the pending wrap.</li>
 *   <li><b>Backspace at the left margin</b> stays there, unless reverse-wraparound mode is set; the library went
 *       up to the previous row's end.</li>
 *   <li><b>ED 1</b> (erase above) erases the cursor's row only up to the cursor; the library cleared all of it
 *       (vttest's frame of E's lost its top row).</li>
 *   <li><b>Insert mode</b> (IRM, {@code ESC[4h}) inserts what is written; the library overwrote.</li>
 *   <li><b>Outside the scroll region</b> text, tabs, line feeds and index/reverse index leave the cursor outside
 *       and nothing scrolls: the library pulled a cursor above the region into it at the next character ("This
 *       line should be at the top of the screen" appeared above the bottom line), scrolled the region when the
 *       cursor was below it, and moved the cursor off the screen with IND at the last row or RI at the first.</li>
 *   <li><b>Origin mode</b> positions: CHA keeps the row (the library moved the cursor down by the region's
 *       top) and VPA counts from the region's top, as CUP does.</li>
 *   <li><b>DECCOLM</b> (80/132 columns) is ignored, as xterm ignores it when it may not resize its window: a
 *       tab's width is the window's. The library cleared the screen and reset the margins without changing the
 *       width, so a program drew for a width it did not get, on a screen it had not cleared.</li>
 *   <li><b>DECOM</b> (origin mode) moves the cursor home when set or reset; the library left it.</li>
 *   <li><b>Column 0 stays on the screen.</b> The library steps the cursor off a low surrogate to its left, so a
 *       move to the first column onto the second half of an emoji the margin split put it at column -1, where the
 *       next resize threw. Such a move ends on the first column.</li>
 * </ol>
 *
 * <p>Reads the scroll region from the library's private fields (it has no getter); if a library version lacks
 * them, corrections 5 and 6 are skipped with a warning and the rest still apply. Used under the same threading rules as
 * the terminal: the reader thread feeds it; readers take the buffer lock.
 */
public final class CorrectedTerminal implements Terminal {
    private static final Logger LOG = LoggerFactory.getLogger(CorrectedTerminal.class);
    private static final VarHandle REGION_TOP;
    private static final VarHandle REGION_BOTTOM;
    /** The library's write after its decoding: {@code writeDecodedCharacters(char[])}. */
    private static final MethodHandle WRITE_DECODED;

    static {
        MethodHandle writeDecoded = null;
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(JediTerminal.class, MethodHandles.lookup());
            writeDecoded = lookup.findVirtual(JediTerminal.class, "writeDecodedCharacters",
                    MethodType.methodType(void.class, char[].class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            // Without them every write takes the library's whole path: correct, only slower.
            LOG.debug("jeditermfx-core's decoded write is not reachable ({}); text takes the library's path",
                    e.toString());
            writeDecoded = null;
        }
        WRITE_DECODED = PlainAscii.readable() ? writeDecoded : null;
    }

    static {
        VarHandle top = null;
        VarHandle bottom = null;
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(JediTerminal.class, MethodHandles.lookup());
            top = lookup.findVarHandle(JediTerminal.class, "myScrollRegionTop", int.class);
            bottom = lookup.findVarHandle(JediTerminal.class, "myScrollRegionBottom", int.class);
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.warn("jeditermfx-core's scroll region is not readable ({}); text outside a scroll region may be "
                    + "misplaced. Update dev.holdfast.terminal.vt.CorrectedTerminal for this library version.",
                    e.toString());
            top = null;
        }
        REGION_TOP = top;
        REGION_BOTTOM = top == null ? null : bottom;
    }

    private final JediTerminal terminal;

    public CorrectedTerminal(JediTerminal terminal) {
        this.terminal = terminal;
    }

    /** The library's terminal behind this one. */
    public JediTerminal model() {
        return terminal;
    }

    // ---- 1. pending wrap ----

    /** A wrap is pending when the cursor is past the last column: put it on the last column. */
    private void settleWrap() {
        int width = terminal.getTerminalWidth();
        if (terminal.getX() >= width) {
            terminal.setX(width - 1);
        }
    }

    @Override
    public int getCursorX() {
        // The column a program is told (cursor position report): while a wrap is pending, the last one.
        return Math.min(terminal.getCursorX(), terminal.getTerminalWidth());
    }

    // ---- 2. backspace ----

    @Override
    public void backspace() {
        settleWrap();
        if (terminal.getX() == 0 && !terminal.isModelEnabled(TerminalMode.ReverseWrapAround)) {
            return;
        }
        terminal.backspace();
        keepOnScreen();
    }

    // ---- 9. column 0 ----

    /** After a move: a cursor the library stepped left of the first column goes back to it. */
    private void keepOnScreen() {
        if (terminal.getX() < 0) {
            terminal.carriageReturn(); // column 0 without the library's step off a low surrogate
        }
    }

    // ---- 3. ED 1 ----

    @Override
    public void eraseInDisplay(int arg) {
        settleWrap();
        if (arg != 1) {
            terminal.eraseInDisplay(arg);
            return;
        }
        int row = terminal.getCursorY();
        if (row > 1) {
            terminal.clearLines(0, row - 2);
        }
        terminal.eraseInLine(1);
    }

    // ---- 4. insert mode; 5. outside the scroll region ----

    @Override
    public void writeCharacters(String text) {
        if (terminal.isModelEnabled(TerminalMode.InsertMode) && !text.isEmpty()) {
            if (terminal.getX() >= terminal.getTerminalWidth()) {
                write(""); // wrap first: the insertion is on the next row
            }
            terminal.insertBlankCharacters(cells(text));
        }
        write(text);
    }

    /**
     * Whether text written now would reach the library's write unchanged (no insert mode, the cursor inside the
     * scroll region), so that it may be written as the library writes it without passing through here.
     */
    boolean writesAsLibrary() {
        return !terminal.isModelEnabled(TerminalMode.InsertMode) && insideRegion();
    }

    /** Writes as the library does, but never pulls a cursor outside the scroll region into it (5.). */
    private void write(String text) {
        if (insideRegion()) {
            libraryWrite(text);
            return;
        }
        int top = regionTop();
        int bottom = regionBottom();
        moveRegion(1, terminal.getTerminalHeight());
        try {
            libraryWrite(text);
        } finally {
            moveRegion(top, bottom);
        }
    }

    /**
     * The library's {@code writeCharacters}, without the two steps that change nothing for ASCII text under the
     * ASCII character set (the usual case: no DEC line drawing, no single shift pending): composing it (NFC)
     * and mapping it through the character sets, which builds an object per character. On a coloured flood
     * those were a tenth of the reader thread's time. Anything else takes the library's whole path.
     */
    private void libraryWrite(String text) {
        char[] chars = WRITE_DECODED == null ? null : text.toCharArray();
        if (chars != null && PlainAscii.printable(chars, 0, chars.length) && PlainAscii.mapsToItself(terminal)) {
            try {
                WRITE_DECODED.invokeExact(terminal, chars);
                return;
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }
        terminal.writeCharacters(text);
    }

    /** Cells {@code text} takes once written: the model composes it (NFC) and gives wide characters two cells. */
    private static int cells(String text) {
        String composed = Normalizer.normalize(text, Normalizer.Form.NFC);
        char[] chars = composed.toCharArray();
        return chars.length + CharUtils.countDoubleWidthCharacters(chars, 0, chars.length, false);
    }

    @Override
    public void horizontalTab() {
        settleWrap();
        if (insideRegion()) {
            terminal.horizontalTab();
            return;
        }
        int top = regionTop();
        int bottom = regionBottom();
        moveRegion(1, terminal.getTerminalHeight());
        try {
            terminal.horizontalTab();
        } finally {
            moveRegion(top, bottom);
        }
    }

    @Override
    public void newLine() {
        settleWrap();
        int row = terminal.getCursorY();
        if (outsideRegionWithoutOrigin(row)) {
            // Outside the region a line feed moves down, and at the last row does nothing: nothing scrolls.
            if (row < terminal.getTerminalHeight()) {
                terminal.cursorDown(1);
            }
            if (terminal.isAutoNewLine()) {
                terminal.carriageReturn();
            }
            return;
        }
        terminal.newLine();
    }

    /**
     * Whether the cursor is inside the scroll region, where the library's writes are right. Outside it, writing
     * opens the region to the whole screen for the write, so the library neither pulls the cursor into the
     * region nor scrolls the region; a write above the region cannot reach the last row, so nothing scrolls.
     */
    private boolean insideRegion() {
        if (REGION_TOP == null) {
            return true;
        }
        int row = terminal.getCursorY();
        return row >= regionTop() && row <= regionBottom();
    }

    /** Whether {@code row} is outside the scroll region with origin mode off (with it on, the cursor stays inside). */
    private boolean outsideRegionWithoutOrigin(int row) {
        return REGION_TOP != null && !terminal.isOriginMode() && (row < regionTop() || row > regionBottom());
    }

    /** Sets the region without the library's move of the cursor home that comes with it. */
    private void moveRegion(int top, int bottom) {
        int x = terminal.getX();
        int y = terminal.getY();
        terminal.setScrollingRegion(top, bottom);
        terminal.setX(x);
        terminal.setY(y);
    }

    private int regionTop() {
        return (int) REGION_TOP.get(terminal);
    }

    private int regionBottom() {
        return (int) REGION_BOTTOM.get(terminal);
    }

    // ---- 7. DECCOLM; 8. DECOM ----

    @Override
    public void setModeEnabled(TerminalMode mode, boolean enabled) {
        if (mode == TerminalMode.WideColumn) {
            return;
        }
        terminal.setModeEnabled(mode, enabled);
        if (mode == TerminalMode.OriginMode) {
            terminal.cursorPosition(1, 1);
        }
    }

    // ---- movements and edits that settle a pending wrap (1.) ----

    @Override
    public void index() {
        settleWrap();
        int row = terminal.getCursorY();
        if (outsideRegionWithoutOrigin(row)) {
            if (row < terminal.getTerminalHeight()) {
                terminal.cursorDown(1);
            }
            return;
        }
        terminal.index();
    }

    @Override
    public void reverseIndex() {
        settleWrap();
        int row = terminal.getCursorY();
        if (outsideRegionWithoutOrigin(row)) {
            if (row > 1) {
                terminal.cursorUp(1);
            }
            return;
        }
        terminal.reverseIndex();
    }

    // ---- 6. origin mode positions ----

    @Override
    public void cursorHorizontalAbsolute(int x) {
        if (terminal.isOriginMode() && REGION_TOP != null) {
            // The library positions through CUP, which in origin mode counts the row from the region's top.
            terminal.cursorPosition(x, terminal.getCursorY() - regionTop() + 1);
        } else {
            terminal.cursorHorizontalAbsolute(x);
        }
        keepOnScreen();
    }

    @Override
    public void linePositionAbsolute(int y) {
        settleWrap();
        if (terminal.isOriginMode() && REGION_TOP != null) {
            terminal.linePositionAbsolute(Math.min(y + regionTop() - 1, regionBottom()));
        } else {
            terminal.linePositionAbsolute(y);
        }
        keepOnScreen();
    }

    @Override
    public void cursorUp(int countY) {
        settleWrap();
        terminal.cursorUp(countY);
        keepOnScreen();
    }

    @Override
    public void cursorDown(int dY) {
        settleWrap();
        terminal.cursorDown(dY);
        keepOnScreen();
    }

    @Override
    public void cursorForward(int dX) {
        settleWrap();
        terminal.cursorForward(dX);
    }

    @Override
    public void cursorBackward(int dX) {
        settleWrap();
        terminal.cursorBackward(dX);
        keepOnScreen();
    }

    @Override
    public void eraseInLine(int arg) {
        settleWrap();
        terminal.eraseInLine(arg);
    }

    @Override
    public void deleteCharacters(int count) {
        settleWrap();
        terminal.deleteCharacters(count);
    }

    @Override
    public void eraseCharacters(int count) {
        settleWrap();
        terminal.eraseCharacters(count);
    }

    @Override
    public void insertBlankCharacters(int count) {
        settleWrap();
        terminal.insertBlankCharacters(count);
    }

    @Override
    public void insertLines(int count) {
        settleWrap();
        terminal.insertLines(count);
    }

    @Override
    public void deleteLines(int count) {
        settleWrap();
        terminal.deleteLines(count);
    }

    // ---- everything else: the library's ----

    @Override
    public void resize(TermSize newTermSize, RequestOrigin origin) {
        terminal.resize(newTermSize, origin);
    }

    @Override
    public void beep() {
        terminal.beep();
    }

    @Override
    public void carriageReturn() {
        terminal.carriageReturn();
    }

    @Override
    public void mapCharsetToGL(int num) {
        terminal.mapCharsetToGL(num);
    }

    @Override
    public void mapCharsetToGR(int num) {
        terminal.mapCharsetToGR(num);
    }

    @Override
    public void designateCharacterSet(int tableNumber, char ch) {
        terminal.designateCharacterSet(tableNumber, ch);
    }

    @Override
    public void setAnsiConformanceLevel(int level) {
        terminal.setAnsiConformanceLevel(level);
    }

    @Override
    public void writeDoubleByte(char[] bytes) throws UnsupportedEncodingException {
        terminal.writeDoubleByte(bytes);
    }

    @Override
    public int distanceToLineEnd() {
        return terminal.distanceToLineEnd();
    }

    @Override
    public void nextLine() {
        terminal.nextLine();
    }

    @Override
    public void fillScreen(char c) {
        terminal.fillScreen(c);
    }

    @Override
    public void saveCursor() {
        terminal.saveCursor();
    }

    @Override
    public void restoreCursor() {
        terminal.restoreCursor();
    }

    @Override
    public void reset(boolean clearScrollBackBuffer) {
        terminal.reset(clearScrollBackBuffer);
    }

    @Override
    public void characterAttributes(TextStyle textStyle) {
        terminal.characterAttributes(textStyle);
    }

    @Override
    public void setScrollingRegion(int top, int bottom) {
        terminal.setScrollingRegion(top, bottom);
    }

    @Override
    public void scrollUp(int count) {
        terminal.scrollUp(count);
    }

    @Override
    public void scrollDown(int count) {
        terminal.scrollDown(count);
    }

    @Override
    public void resetScrollRegions() {
        terminal.resetScrollRegions();
    }

    @Override
    public void cursorPosition(int x, int y) {
        terminal.cursorPosition(x, y);
        keepOnScreen();
    }

    @Override
    public void cursorShape(CursorShape shape) {
        terminal.cursorShape(shape);
    }

    @Override
    public int getTerminalWidth() {
        return terminal.getTerminalWidth();
    }

    @Override
    public int getTerminalHeight() {
        return terminal.getTerminalHeight();
    }

    @Override
    public TermSize getSize() {
        return terminal.getSize();
    }

    @Override
    public void disconnected() {
        terminal.disconnected();
    }

    @Override
    public int getCursorY() {
        return terminal.getCursorY();
    }

    @Override
    public CellPosition getCursorPosition() {
        return terminal.getCursorPosition();
    }

    @Override
    public void singleShiftSelect(int num) {
        terminal.singleShiftSelect(num);
    }

    @Override
    public void setWindowTitle(String name) {
        terminal.setWindowTitle(name);
    }

    @Override
    public void saveWindowTitleOnStack() {
        terminal.saveWindowTitleOnStack();
    }

    @Override
    public void restoreWindowTitleFromStack() {
        terminal.restoreWindowTitleFromStack();
    }

    @Override
    public void clearScreen() {
        terminal.clearScreen();
    }

    @Override
    public void setCursorVisible(boolean visible) {
        terminal.setCursorVisible(visible);
    }

    @Override
    public void useAlternateBuffer(boolean enabled) {
        terminal.useAlternateBuffer(enabled);
    }

    @Override
    public byte[] getCodeForKey(int key, int modifiers) {
        return terminal.getCodeForKey(key, modifiers);
    }

    @Override
    public void setApplicationArrowKeys(boolean enabled) {
        terminal.setApplicationArrowKeys(enabled);
    }

    @Override
    public void setApplicationKeypad(boolean enabled) {
        terminal.setApplicationKeypad(enabled);
    }

    @Override
    public void setAutoNewLine(boolean enabled) {
        terminal.setAutoNewLine(enabled);
    }

    @Override
    public StyleState getStyleState() {
        return terminal.getStyleState();
    }

    @Override
    public void clearTabStopAtCursor() {
        terminal.clearTabStopAtCursor();
    }

    @Override
    public void clearAllTabStops() {
        terminal.clearAllTabStops();
    }

    @Override
    public void setTabStopAtCursor() {
        terminal.setTabStopAtCursor();
    }

    @Override
    public void writeUnwrappedString(String string) {
        terminal.writeUnwrappedString(string);
    }

    @Override
    public void setTerminalOutput(TerminalOutputStream terminalOutput) {
        terminal.setTerminalOutput(terminalOutput);
    }

    @Override
    public void setMouseMode(MouseMode mode) {
        terminal.setMouseMode(mode);
    }

    @Override
    public void setMouseFormat(MouseFormat mouseFormat) {
        terminal.setMouseFormat(mouseFormat);
    }

    @Override
    public void setAltSendsEscape(boolean enabled) {
        terminal.setAltSendsEscape(enabled);
    }

    @Override
    public void deviceStatusReport(String str) {
        terminal.deviceStatusReport(str);
    }

    @Override
    public void deviceAttributes(byte[] response) {
        terminal.deviceAttributes(response);
    }

    @Override
    public void setLinkUriStarted(String uri) {
        terminal.setLinkUriStarted(uri);
    }

    @Override
    public void setLinkUriFinished() {
        terminal.setLinkUriFinished();
    }

    @Override
    public void setBracketedPasteMode(boolean enabled) {
        terminal.setBracketedPasteMode(enabled);
    }

    @Override
    public Color getWindowForeground() {
        return terminal.getWindowForeground();
    }

    @Override
    public Color getWindowBackground() {
        return terminal.getWindowBackground();
    }

    @Override
    public void addApplicationTitleListener(TerminalApplicationTitleListener listener) {
        terminal.addApplicationTitleListener(listener);
    }

    @Override
    public void removeApplicationTitleListener(TerminalApplicationTitleListener listener) {
        terminal.removeApplicationTitleListener(listener);
    }

    @Override
    public void addResizeListener(TerminalResizeListener listener) {
        terminal.addResizeListener(listener);
    }

    @Override
    public void removeResizeListener(TerminalResizeListener listener) {
        terminal.removeResizeListener(listener);
    }

    @Override
    public void addCustomCommandListener(TerminalCustomCommandListener listener) {
        terminal.addCustomCommandListener(listener);
    }

    @Override
    public void removeCustomCommandListener(TerminalCustomCommandListener listener) {
        terminal.removeCustomCommandListener(listener);
    }

    @Override
    public void processCustomCommand(List<String> args) {
        terminal.processCustomCommand(args);
    }
}
