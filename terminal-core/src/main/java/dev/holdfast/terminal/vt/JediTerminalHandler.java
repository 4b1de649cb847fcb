package dev.holdfast.terminal.vt;

import com.techsenger.jeditermfx.core.Color;
import com.techsenger.jeditermfx.core.CursorShape;
import com.techsenger.jeditermfx.core.Terminal;
import com.techsenger.jeditermfx.core.TerminalMode;
import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseFormat;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseMode;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.util.CharUtils;
import dev.holdfast.terminal.emulation.CellBoundedRun;
import dev.holdfast.terminal.stream.HyperlinkListener;
import dev.holdfast.terminal.stream.ShellMark;
import dev.holdfast.terminal.stream.ShellMarkListener;
import dev.holdfast.terminal.stream.ShellMarks;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies what a {@link VtParser} finds to JediTerm's terminal model through its {@link Terminal} interface:
 * the work the library's own emulator ({@code JediEmulator}) did, without parsing anything twice or building
 * objects per sequence. Holdfast drives a {@link CorrectedTerminal} with it, which corrects the model's own
 * behaviour where it differs from xterm's; this class is about reading the sequences.
 *
 * <p>The model is driven exactly as the library's emulator drove it behind Holdfast's normaliser, call for
 * call, so the two paths build the same model (the differential test compares them after every chunk), except
 * where the library read a sequence wrong; each such place is marked "Fix:" and has a test. Printable text goes
 * to the model a run at a time, cut to the cells left on the row ({@link CellBoundedRun}), so wide characters
 * are never lost at a wrap; text is held across style changes and written as a batch of runs, printable ASCII
 * straight into the model ({@link DirectText}), with the model the library's writes run by run would build.
 *
 * <p>Replies (cursor position, device attributes) go to the given {@link Replies}, not to the terminal's own
 * output, so text fed with no process to answer (Holdfast's notes) can be given {@link Replies#DISCARD}.
 * Hyperlinks (OSC 8) are reported to the {@link HyperlinkListener} when their sequence is parsed, with the
 * model's cursor where the link starts or ends; shell-integration marks (OSC 133 prompt and command marks, OSC 7
 * working directories) to the {@link ShellMarkListener} likewise, with the cursor where the mark was.
 *
 * <p>A model call that throws costs that sequence, not the terminal: the fault is logged (the first few) and
 * parsing goes on. Not thread-safe: the terminal's reader thread owns it.
 */
public final class JediTerminalHandler implements VtHandler {
    private static final Logger LOG = LoggerFactory.getLogger(JediTerminalHandler.class);
    private static final int LOGGED_FAULTS = 10;
    private static final byte[] DEVICE_STATUS_OK = "\u001b[0n".getBytes(StandardCharsets.US_ASCII);

    /** Where the terminal's answers to queries go. */
    @FunctionalInterface
    public interface Replies {
        /** Answers go nowhere: for text with no process behind it. */
        Replies DISCARD = bytes -> {
        };

        void send(byte[] reply);
    }

    private final Terminal terminal;
    private final HyperlinkListener hyperlinks;
    private final ShellMarkListener shellMarks;
    private final Replies replies;
    private final String name;
    private final boolean shiftOut = Boolean.getBoolean("jediterm.enable.shift_out.character.support");
    private final SgrStyles sgr = new SgrStyles();
    /** Writes plain ASCII runs into the model directly; null when the model is not the library's terminal. */
    private final DirectText direct;
    /** The corrections around the library's terminal, when there are: they say when a write is the library's. */
    private final CorrectedTerminal corrected;
    private int faults;

    /** A handler that hears no shell marks. */
    public JediTerminalHandler(Terminal terminal, HyperlinkListener hyperlinks, Replies replies, String name) {
        this(terminal, hyperlinks, ShellMarkListener.NONE, replies, name);
    }

    /**
     * @param name names the terminal in log lines (a panel id)
     */
    public JediTerminalHandler(Terminal terminal, HyperlinkListener hyperlinks, ShellMarkListener shellMarks,
            Replies replies, String name) {
        this.terminal = Objects.requireNonNull(terminal, "terminal");
        this.hyperlinks = Objects.requireNonNull(hyperlinks, "hyperlinks");
        this.shellMarks = Objects.requireNonNull(shellMarks, "shellMarks");
        this.replies = Objects.requireNonNull(replies, "replies");
        this.name = Objects.requireNonNull(name, "name");
        if (terminal instanceof CorrectedTerminal correctedTerminal && DirectText.available()) {
            this.corrected = correctedTerminal;
            this.direct = new DirectText(correctedTerminal.model());
        } else if (terminal instanceof JediTerminal library && DirectText.available()) {
            this.corrected = null;
            this.direct = new DirectText(library);
        } else {
            this.corrected = null;
            this.direct = null;
        }
    }

    // ---- text and controls ----

    /*
     * Text is written lazily: a run is held until a call with an effect on the model comes (or the input ends),
     * and text that a sequence with no effect interrupted is written as one run, as if the sequence were not
     * there. So "e", ESC[9m (strikethrough, which the model cannot show), then a combining acute accent still make
     * "é", and a run is cut at the margin where it would be without the sequence. (This is also what the path
     * before did, whose normaliser removed such sequences before the library saw the text.)
     */
    private char[] heldText;
    private int heldFrom;
    private int heldTo;
    /** Where runs joined across such sequences are put together; grown only for input longer than it. */
    private char[] joined = new char[4096];
    /*
     * Text is held across style changes too, up to a row's worth and more, and written as one batch of runs, each
     * in the style it was printed in: a run of printable ASCII goes straight into the model (DirectText), the
     * rest through the library's write as before. Run k is held text [runBounds[k], runBounds[k + 1]) (offsets
     * from heldFrom while held) in runStyles[k]; the last run's style is the current one.
     */
    private static final int HELD_RUNS = 256;
    private static final int HELD_CHARS = 16_384;
    private final int[] runBounds = new int[HELD_RUNS + 1];
    private final TextStyle[] runStyles = new TextStyle[HELD_RUNS];
    private int styleChanges;
    /*
     * The style the last SGRs made, not yet given to the model (null: the model's is current). Why: the model's
     * style state is a volatile field, and a coloured flood set it at every SGR, a dozen times a row, though only
     * text and the calls after it ever read it. It is given to the model first thing in flush(), which comes
     * before every call with an effect on the model.
     */
    private TextStyle pendingStyle;

    @Override
    public void print(char[] text, int from, int to) {
        if (heldText == null) {
            heldText = text;
            heldFrom = from;
            heldTo = to;
            return;
        }
        int heldLength = heldTo - heldFrom;
        int length = heldLength + to - from;
        if (heldText != joined) {
            ensureJoinedCapacity(length);
            System.arraycopy(heldText, heldFrom, joined, 0, heldLength);
        } else {
            ensureJoinedCapacity(length);
        }
        System.arraycopy(text, from, joined, heldLength, to - from);
        heldText = joined;
        heldFrom = 0;
        heldTo = length;
    }

    private void ensureJoinedCapacity(int length) {
        if (length > joined.length) {
            char[] bigger = new char[Math.max(length, joined.length * 2)];
            if (heldText == joined) {
                System.arraycopy(joined, heldFrom, bigger, 0, heldTo - heldFrom);
                heldTo -= heldFrom;
                heldFrom = 0;
                heldText = bigger;
            }
            joined = bigger;
        }
    }

    @Override
    public void inputEnd() {
        flush();
    }

    /** Writes the held text; called before anything with an effect on the model. */
    private void flush() {
        TextStyle pending = pendingStyle;
        if (pending != null) {
            pendingStyle = null;
            terminal.characterAttributes(pending);
        }
        if (heldText == null) {
            return;
        }
        char[] text = heldText;
        int from = heldFrom;
        int runs = styleChanges + 1;
        heldText = null;
        styleChanges = 0;
        TextStyle latest = terminal.getStyleState().getCurrent();
        runStyles[runs - 1] = latest;
        runBounds[runs] = heldTo - from;
        if (from != 0) {
            for (int k = 0; k <= runs; k++) {
                runBounds[k] += from;
            }
        }
        try {
            int k = 0;
            while (k < runs) {
                if (direct != null && (corrected == null || corrected.writesAsLibrary())) {
                    int next = direct.writeAscii(text, runBounds, runStyles, k, runs);
                    if (next > k) {
                        k = next;
                        continue;
                    }
                }
                if (runs > 1) {
                    terminal.characterAttributes(runStyles[k]);
                }
                writeRun(text, runBounds[k], runBounds[k + 1]);
                k++;
            }
        } catch (RuntimeException e) {
            fault(e);
        } finally {
            if (runs > 1) {
                terminal.characterAttributes(latest);
            }
            Arrays.fill(runStyles, 0, runs, null);
            runBounds[0] = 0;
        }
    }

    /** One run in the current style, through the library's write, cut to the cells left on each row. */
    private void writeRun(char[] text, int from, int to) {
        int i = from;
        while (i < to) {
            // At a pending wrap no cells are left: the empty write wraps, and the next round writes.
            int n = CellBoundedRun.length(text, i, to, terminal.distanceToLineEnd());
            terminal.writeCharacters(n == 0 ? "" : new String(text, i, n));
            i += n;
        }
    }

    /**
     * The held text changes style here: the text so far keeps the style current until now. Returns false when
     * the held text is already as long as it may grow, and it must be written first.
     */
    private boolean holdStyleChange() {
        int held = heldTo - heldFrom;
        if (styleChanges + 2 >= runBounds.length || held >= HELD_CHARS) {
            return false;
        }
        if (held > runBounds[styleChanges]) {
            runStyles[styleChanges] = currentStyle();
            styleChanges++;
            runBounds[styleChanges] = held;
        }
        return true;
    }

    @Override
    public void execute(char control) {
        flush();
        try {
            switch (control) {
                case 0x07 -> terminal.beep();
                case 0x08 -> terminal.backspace();
                case 0x09 -> terminal.horizontalTab();
                case 0x0a, 0x0b, 0x0c -> terminal.newLine();
                case 0x0d -> terminal.carriageReturn();
                case 0x0e -> {
                    if (shiftOut) {
                        terminal.mapCharsetToGL(1);
                    }
                }
                case 0x0f -> terminal.mapCharsetToGL(0);
                default -> {
                    // NUL, ENQ (no answerback), CAN, SUB and the rest: nothing.
                }
            }
        } catch (RuntimeException e) {
            fault(e);
        }
    }

    // ---- ESC sequences ----

    @Override
    public void escDispatch(VtSequence esc) {
        flush();
        try {
            switch (esc.intermediateCount()) {
                case 0 -> escape(esc.finalChar());
                case 1 -> escape(esc.intermediate(0), esc.finalChar());
                default -> {
                    // Nothing the model knows has two intermediates.
                }
            }
        } catch (RuntimeException e) {
            fault(e);
        }
    }

    private void escape(char c) {
        switch (c) {
            case 'D' -> terminal.index();
            case 'E' -> terminal.nextLine();
            case 'H' -> terminal.setTabStopAtCursor();
            case 'M' -> terminal.reverseIndex();
            case 'N' -> terminal.singleShiftSelect(2);
            case 'O' -> terminal.singleShiftSelect(3);
            case '7' -> terminal.saveCursor();
            case '8' -> terminal.restoreCursor();
            case '=' -> terminal.setModeEnabled(TerminalMode.Keypad, true);
            case '>' -> terminal.setModeEnabled(TerminalMode.Keypad, false);
            case 'F' -> terminal.cursorPosition(1, terminal.getTerminalHeight());
            case 'c' -> terminal.reset(true);
            case 'n' -> terminal.mapCharsetToGL(2);
            case 'o' -> terminal.mapCharsetToGL(3);
            case '|' -> terminal.mapCharsetToGR(3);
            case '}' -> terminal.mapCharsetToGR(2);
            case '~' -> terminal.mapCharsetToGR(1);
            default -> {
                // 6, 9 (DECBI, DECFI), \ (a lone ST) and the rest: nothing.
            }
        }
    }

    private void escape(char intermediate, char c) {
        switch (intermediate) {
            case '#' -> {
                if (c == '8') {
                    terminal.fillScreen('E');
                }
            }
            case '(' -> terminal.designateCharacterSet(0, c);
            case ')', '-' -> terminal.designateCharacterSet(1, c);
            case '*', '.' -> terminal.designateCharacterSet(2, c);
            case '+', '/' -> terminal.designateCharacterSet(3, c);
            case ' ' -> {
                switch (c) {
                    case 'L' -> terminal.setAnsiConformanceLevel(1);
                    case 'M' -> terminal.setAnsiConformanceLevel(2);
                    case 'N' -> terminal.setAnsiConformanceLevel(3);
                    default -> {
                        // S7C1T, S8C1T: Holdfast always sends 7-bit controls.
                    }
                }
            }
            default -> {
                // %@, %G (character set selection: always UTF-8), $, @ and the rest: nothing.
            }
        }
    }

    // ---- control sequences ----

    @Override
    public void csiDispatch(VtSequence csi) {
        try {
            char marker = csi.marker();
            char intermediate = csi.soleIntermediate();
            char c = csi.finalChar();
            if (c == 'm') {
                // A private marker or intermediates make it no SGR (ESC[>4;2m is a keyboard mode): nothing.
                if (marker == 0 && intermediate == 0) {
                    characterAttributes(csi);
                }
                return;
            }
            flush();
            if (marker == 0 && intermediate == 0) {
                control(csi, c);
            } else if (marker == '?' && intermediate == 0) {
                if (c == 'h' || c == 'l') {
                    decModes(csi, c == 'h');
                }
            } else if (marker == '>' && intermediate == 0) {
                if (c == 'c' && csi.param(0, 0) == 0) {
                    // Secondary DA: the library answers as a VT102 here too.
                    replies.send(CharUtils.VT102_RESPONSE);
                }
            } else if (marker == 0 && intermediate == '!' && c == 'p' && csi.paramCount() == 0) {
                terminal.reset(false); // DECSTR, soft reset
            } else if (marker == 0 && intermediate == ' ' && c == 'q') {
                cursorStyle(csi.param(0, 0));
            }
            // Fix: any other marker or intermediate makes a sequence the model does not know, which is ignored.
            // The library printed the marker or intermediates as text and then ran the sequence without them
            // (DECRQM's "$" and DECSCUSR's space appeared on screen; ESC[<u printed "<").
        } catch (RuntimeException e) {
            fault(e);
        }
    }

    private void control(VtSequence csi, char c) {
        switch (c) {
            case '@' -> terminal.insertBlankCharacters(count(csi, terminal.getTerminalWidth()));
            case 'A' -> terminal.cursorUp(atLeastOne(csi));
            case 'B' -> terminal.cursorDown(atLeastOne(csi));
            case 'C' -> terminal.cursorForward(atLeastOne(csi));
            case 'D' -> terminal.cursorBackward(atLeastOne(csi));
            case 'E' -> {
                terminal.cursorDown(atLeastOne(csi));
                terminal.cursorHorizontalAbsolute(1);
            }
            case 'F' -> {
                terminal.cursorUp(atLeastOne(csi));
                terminal.cursorHorizontalAbsolute(1);
            }
            case 'G', '`' -> terminal.cursorHorizontalAbsolute(csi.param(0, 1));
            case 'H', 'f' -> terminal.cursorPosition(position(csi, 1), position(csi, 0));
            case 'J' -> terminal.eraseInDisplay(csi.param(0, 0));
            case 'K' -> terminal.eraseInLine(csi.param(0, 0));
            case 'L' -> terminal.insertLines(count(csi, terminal.getTerminalHeight()));
            case 'M' -> terminal.deleteLines(count(csi, terminal.getTerminalHeight()));
            case 'P' -> terminal.deleteCharacters(count(csi, terminal.getTerminalWidth()));
            case 'X' -> terminal.eraseCharacters(count(csi, terminal.getTerminalWidth()));
            case 'S' -> terminal.scrollUp(count(csi, terminal.getTerminalHeight()));
            case 'T' -> terminal.scrollDown(count(csi, terminal.getTerminalHeight()));
            case 'c' -> replies.send(CharUtils.VT102_RESPONSE);
            case 'd' -> terminal.linePositionAbsolute(Math.min(position(csi, 0), terminal.getTerminalHeight()));
            case 'g' -> {
                switch (csi.param(0, 0)) {
                    case 0 -> terminal.clearTabStopAtCursor();
                    case 3 -> terminal.clearAllTabStops();
                    default -> {
                    }
                }
            }
            case 'h', 'l' -> ansiModes(csi, c == 'h');
            case 'n' -> deviceStatusReport(csi.param(0, 0));
            case 'r' -> terminal.setScrollingRegion(csi.param(0, 1), csi.param(1, terminal.getTerminalHeight()));
            case 't' -> windowOperation(csi);
            default -> {
                // Fix: CSI Ps q (DECLL, keyboard LEDs) is not a cursor shape; the library moved the cursor back
                // a cell and set one. Everything else the model has no call for.
            }
        }
    }

    /** SGR: an SGR with nothing the model can carry has no effect at all, and the held text stays held. */
    private void characterAttributes(VtSequence csi) {
        TextStyle style = sgr.apply(currentStyle(), csi);
        if (style != null) {
            // Held text keeps the style it was printed in and is written with the rest of its row (see flush).
            if (heldText != null && !holdStyleChange()) {
                flush();
            }
            pendingStyle = style;
        }
    }

    /** The style text printed now is in: the last SGR's, or the model's. */
    private TextStyle currentStyle() {
        TextStyle pending = pendingStyle;
        return pending != null ? pending : terminal.getStyleState().getCurrent();
    }

    /**
     * A count parameter (default 1; 0 stays 0, as the library reads it), capped at {@code limit}: every model
     * call that takes a count does the same for any count past the screen's size, so the cap changes nothing
     * but the work (the library builds a line per count before dropping them).
     */
    private static int count(VtSequence csi, int limit) {
        return Math.min(csi.param(0, 1), limit);
    }

    /** A movement count: default 1, and 0 means 1. (The model stops the cursor at the edges.) */
    private static int atLeastOne(VtSequence csi) {
        return Math.max(1, csi.param(0, 1));
    }

    /**
     * A row or column: default 1. Fix: 0 means 1 as well; the library put the cursor on row 0, above the
     * screen.
     */
    private static int position(VtSequence csi, int param) {
        return Math.max(1, csi.param(param, 1));
    }

    private void deviceStatusReport(int which) {
        if (which == 5) {
            replies.send(DEVICE_STATUS_OK);
        } else if (which == 6) {
            String report = "\u001b[" + terminal.getCursorY() + ";" + terminal.getCursorX() + "R";
            replies.send(report.getBytes(StandardCharsets.US_ASCII));
        }
    }

    private void windowOperation(VtSequence csi) {
        switch (csi.param(0, -1)) {
            case 22 -> {
                int which = csi.param(1, -1);
                if (which == 0 || which == 2) {
                    terminal.saveWindowTitleOnStack();
                }
            }
            case 23 -> {
                int which = csi.param(1, -1);
                if (which == 0 || which == 2) {
                    terminal.restoreWindowTitleFromStack();
                }
            }
            default -> {
                // Fix: CSI 8;rows;cols t does not resize the model. The tab's size is the window's to set; the
                // library resized the model (to any size asked, 60000x60000 included) and not the PTY.
            }
        }
    }

    private void cursorStyle(int style) {
        CursorShape shape = switch (style) {
            case 0, 1 -> CursorShape.BLINK_BLOCK;
            case 2 -> CursorShape.STEADY_BLOCK;
            case 3 -> CursorShape.BLINK_UNDERLINE;
            case 4 -> CursorShape.STEADY_UNDERLINE;
            case 5 -> CursorShape.BLINK_VERTICAL_BAR;
            case 6 -> CursorShape.STEADY_VERTICAL_BAR;
            default -> null;
        };
        if (shape != null) {
            terminal.cursorShape(shape);
        }
    }

    // ---- modes ----

    /** Fix: every parameter of SM/RM is a mode; the library set only the first ({@code ESC[?1000;1006h}). */
    private void ansiModes(VtSequence csi, boolean enabled) {
        for (int i = 0; i < csi.paramCount(); i++) {
            switch (csi.param(i, -1)) {
                case 2 -> terminal.setModeEnabled(TerminalMode.KeyboardAction, enabled);
                case 4 -> terminal.setModeEnabled(TerminalMode.InsertMode, enabled);
                case 12 -> terminal.setModeEnabled(TerminalMode.SendReceive, enabled);
                case 20 -> terminal.setModeEnabled(TerminalMode.AutoNewLine, enabled);
                default -> {
                }
            }
        }
    }

    private void decModes(VtSequence csi, boolean enabled) {
        for (int i = 0; i < csi.paramCount(); i++) {
            decMode(csi.param(i, -1), enabled);
        }
    }

    private void decMode(int mode, boolean enabled) {
        switch (mode) {
            case 1 -> terminal.setModeEnabled(TerminalMode.CursorKey, enabled);
            case 3 -> terminal.setModeEnabled(TerminalMode.WideColumn, enabled);
            case 4 -> terminal.setModeEnabled(TerminalMode.SmoothScroll, enabled);
            case 5 -> terminal.setModeEnabled(TerminalMode.ReverseVideo, enabled);
            case 6 -> terminal.setModeEnabled(TerminalMode.OriginMode, enabled);
            case 7 -> terminal.setModeEnabled(TerminalMode.AutoWrap, enabled);
            case 8 -> terminal.setModeEnabled(TerminalMode.AutoRepeatKeys, enabled);
            case 25 -> terminal.setModeEnabled(TerminalMode.CursorVisible, enabled);
            case 40 -> terminal.setModeEnabled(TerminalMode.AllowWideColumn, enabled);
            case 45 -> terminal.setModeEnabled(TerminalMode.ReverseWrapAround, enabled);
            case 47, 1047 -> terminal.setModeEnabled(TerminalMode.AlternateBuffer, enabled);
            case 1048 -> terminal.setModeEnabled(TerminalMode.StoreCursor, enabled);
            case 1049 -> {
                terminal.setModeEnabled(TerminalMode.StoreCursor, enabled);
                terminal.setModeEnabled(TerminalMode.AlternateBuffer, enabled);
            }
            case 1000 -> mouse(enabled, MouseMode.MOUSE_REPORTING_NORMAL);
            case 1001 -> mouse(enabled, MouseMode.MOUSE_REPORTING_HILITE);
            case 1002 -> mouse(enabled, MouseMode.MOUSE_REPORTING_BUTTON_MOTION);
            case 1003 -> mouse(enabled, MouseMode.MOUSE_REPORTING_ALL_MOTION);
            case 1005 -> mouseFormat(enabled, MouseFormat.MOUSE_FORMAT_XTERM_EXT);
            case 1006 -> mouseFormat(enabled, MouseFormat.MOUSE_FORMAT_SGR);
            case 1015 -> mouseFormat(enabled, MouseFormat.MOUSE_FORMAT_URXVT);
            case 1034 -> terminal.setModeEnabled(TerminalMode.EightBitInput, enabled);
            case 1039 -> terminal.setModeEnabled(TerminalMode.AltSendsEscape, enabled);
            case 2004 -> terminal.setModeEnabled(TerminalMode.BracketedPasteMode, enabled);
            default -> {
                // 12 (cursor blink: the user's setting decides), 1004 (focus events), 9001 and the rest.
            }
        }
    }

    /** Mouse reporting on in {@code mode}, or off (every mouse mode's reset turns reporting off). */
    private void mouse(boolean enabled, MouseMode mode) {
        terminal.setMouseMode(enabled ? mode : MouseMode.MOUSE_REPORTING_NONE);
    }

    /** Mouse reports in {@code format}, or back to the X10 form. */
    private void mouseFormat(boolean enabled, MouseFormat format) {
        terminal.setMouseFormat(enabled ? format : MouseFormat.MOUSE_FORMAT_XTERM);
    }

    // ---- strings ----

    @Override
    public void oscDispatch(char[] payload, int length, boolean bellTerminated) {
        try {
            if (shellMark(payload, length)) {
                return;
            }
        } catch (RuntimeException e) {
            fault(e);
            return;
        }
        flush();
        try {
            int semicolon = indexOf(payload, length, ';', 0);
            int command = commandNumber(payload, semicolon < 0 ? length : semicolon);
            switch (command) {
                case 0, 1, 2 -> {
                    if (semicolon >= 0) {
                        // Fix: the title is everything after the first ';'; the library cut it at the next one.
                        terminal.setWindowTitle(new String(payload, semicolon + 1, length - semicolon - 1));
                    }
                }
                case 8 -> hyperlink(payload, length);
                case 10, 11 -> colourQuery(command, payload, length, semicolon, bellTerminated);
                case 104, 1341 -> {
                    List<String> arguments = arguments(payload, length);
                    terminal.processCustomCommand(arguments.subList(1, arguments.size()));
                }
                default -> {
                    // 7 (working directory) and the rest: nothing the model keeps.
                }
            }
        } catch (RuntimeException e) {
            fault(e);
        }
    }

    /**
     * OSC 133 and OSC 7: reported, with the text before the mark written first, so the cursor is where the mark
     * was. A mark that does not parse is nothing at all, and the text around it stays one run, as other sequences
     * with no effect leave it. The model never sees either.
     *
     * @return whether it was a shell mark
     */
    private boolean shellMark(char[] payload, int length) {
        String body = null;
        if (length >= 1 && (payload[0] == '1' || payload[0] == '7')) {
            body = new String(payload, 0, length);
        }
        if (body == null || !ShellMarks.isShellMark(body)) {
            return false;
        }
        ShellMark mark = ShellMarks.parse(body);
        if (mark != null) {
            flush();
            shellMarks.shellMark(mark);
        }
        return true;
    }

    /**
     * OSC 8: {@code 8;params;URI} starts a link to URI (which may itself hold {@code ;}), {@code 8;params;} ends
     * one. The library's model has nowhere for it; the listener keeps it.
     */
    private void hyperlink(char[] payload, int length) {
        if (length < 2 || payload[0] != '8' || payload[1] != ';') {
            return;
        }
        int separator = indexOf(payload, length, ';', 2);
        if (separator < 0) {
            return;
        }
        if (separator == length - 1) {
            hyperlinks.hyperlinkEnded();
        } else {
            hyperlinks.hyperlinkStarted(new String(payload, separator + 1, length - separator - 1),
                    new String(payload, 2, separator - 2));
        }
    }

    /** OSC 10/11 {@code ;?}: the default foreground or background colour, when the display knows it. */
    private void colourQuery(int command, char[] payload, int length, int semicolon, boolean bellTerminated) {
        int end = indexOf(payload, length, ';', semicolon + 1);
        boolean query = semicolon >= 0 && (end < 0 ? length : end) == semicolon + 2 && payload[semicolon + 1] == '?';
        if (!query) {
            return;
        }
        Color colour = command == 10 ? terminal.getWindowForeground() : terminal.getWindowBackground();
        if (colour != null) {
            String answer = "\u001b]" + command + ";" + colour.toXParseColor() + (bellTerminated ? "\u0007" : "\u001b\\");
            replies.send(answer.getBytes(StandardCharsets.US_ASCII));
        }
    }

    private static List<String> arguments(char[] payload, int length) {
        List<String> arguments = new ArrayList<>();
        int from = 0;
        while (true) {
            int semicolon = indexOf(payload, length, ';', from);
            int end = semicolon < 0 ? length : semicolon;
            arguments.add(new String(payload, from, end - from));
            if (semicolon < 0) {
                return arguments;
            }
            from = semicolon + 1;
        }
    }

    /**
     * The OSC command number {@code payload[0, end)}, read as the library reads it (an optional sign, then
     * digits), or -1 when it is not a number.
     */
    private static int commandNumber(char[] payload, int end) {
        int i = 0;
        boolean negative = false;
        if (end > 0 && (payload[0] == '+' || payload[0] == '-')) {
            negative = payload[0] == '-';
            i = 1;
        }
        if (i >= end) {
            return -1;
        }
        long value = 0;
        for (; i < end; i++) {
            char c = payload[i];
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
            if (value > Integer.MAX_VALUE + 1L) {
                return -1;
            }
        }
        value = negative ? -value : value;
        return value > Integer.MAX_VALUE || value < Integer.MIN_VALUE ? -1 : (int) value;
    }

    private static int indexOf(char[] payload, int length, char c, int from) {
        for (int i = from; i < length; i++) {
            if (payload[i] == c) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public void dcsDispatch(VtSequence header, char[] data, int length) {
        flush();
        // No device control string changes the model (DECRQSS, XTGETTCAP, sixel, tmux passthrough: ignored).
    }

    private void fault(RuntimeException e) {
        if (faults++ < LOGGED_FAULTS) {
            LOG.warn("Terminal {}: the model failed on a sequence; continuing", name, e);
        }
    }
}
