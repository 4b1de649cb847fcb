package dev.holdfast.terminal.vt;

import com.techsenger.jeditermfx.core.TerminalDisplay;
import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.CharBuffer;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.StyleState;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.scrollback.FastHistoryTextBuffer;
import dev.holdfast.terminal.scrollback.LineEnds;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a row's worth of text runs, each in its own style, into a {@link JediTerminal}'s model under one hold of
 * the buffer's lock, with the result the library's {@code writeCharacters} gives run by run (style set, then the
 * run written, cut at the margin as {@link JediTerminalHandler} cuts it).
 *
 * <p>Why: output that changes colour every few words (a build log, {@code ls --color}, a diff) made one library
 * write per run, and each took and released the buffer's lock three times, checked for a scroll twice and told
 * the display where the cursor went; at every wrap the library also rebuilt the row it left (see
 * {@link LineEnds}). Here the cursor is kept in locals, a scroll is checked only where the cursor moved down, the
 * display hears the cursor once, and a row's runs go into it together
 * ({@link FastHistoryTextBuffer#writeRuns}: one blank rest, one notice to the listeners, no style state per run),
 * or else run by run through the buffer's own {@code writeString}.
 *
 * <p>Only text the library would write unchanged is taken: printable ASCII (one cell a character, nothing for
 * composing to join) while the character sets map it to itself. The cursor, its "moved down" flag and the display
 * are the library's private fields, reached once per class load; without them {@link #available()} is false and
 * every run takes the library's path. Used on the terminal's reader thread, like the terminal.
 */
final class DirectText {
    private static final Logger LOG = LoggerFactory.getLogger(DirectText.class);
    private static final VarHandle CURSOR_X;
    private static final VarHandle CURSOR_Y;
    private static final VarHandle CURSOR_Y_CHANGED;
    private static final VarHandle DISPLAY;

    static {
        VarHandle x = null;
        VarHandle y = null;
        VarHandle yChanged = null;
        VarHandle display = null;
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(JediTerminal.class, MethodHandles.lookup());
            x = lookup.findVarHandle(JediTerminal.class, "myCursorX", int.class);
            y = lookup.findVarHandle(JediTerminal.class, "myCursorY", int.class);
            yChanged = lookup.findVarHandle(JediTerminal.class, "myCursorYChanged", boolean.class);
            display = lookup.findVarHandle(JediTerminal.class, "myDisplay", TerminalDisplay.class);
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.debug("jeditermfx-core's cursor fields are not reachable ({}); coloured text takes the library's "
                    + "path run by run", e.toString());
            x = null;
        }
        CURSOR_X = x;
        CURSOR_Y = x == null ? null : y;
        CURSOR_Y_CHANGED = x == null ? null : yChanged;
        DISPLAY = x == null ? null : display;
    }

    private final JediTerminal terminal;

    DirectText(JediTerminal terminal) {
        this.terminal = terminal;
    }

    /** Whether this library version lets text be written here; without it every run takes the library's path. */
    static boolean available() {
        return CURSOR_X != null && PlainAscii.readable();
    }

    /**
     * Writes runs {@code first}, {@code first + 1}, … of {@code text} while they are plain ASCII; run {@code k} is
     * {@code text[bounds[k] .. bounds[k + 1])} in {@code styles[k]}. Returns the first run it did not write
     * ({@code first} when it wrote none, {@code count} when it wrote all). The style current when called is
     * current again after.
     */
    int writeAscii(char[] text, int[] bounds, TextStyle[] styles, int first, int count) {
        if (CURSOR_X == null || first >= count || !PlainAscii.printable(text, bounds[first], bounds[first + 1])
                || !PlainAscii.mapsToItself(terminal)) {
            return first;
        }
        TerminalTextBuffer buffer = terminal.getTerminalTextBuffer();
        StyleState styleState = terminal.getStyleState();
        TextStyle current = styleState.getCurrent();
        boolean styleChanged = false;
        buffer.lock();
        try {
            int width = terminal.getTerminalWidth();
            boolean autoWrap = terminal.isAutoWrap();
            int x = (int) CURSOR_X.get(terminal);
            int y = (int) CURSOR_Y.get(terminal);
            boolean yChanged = (boolean) CURSOR_Y_CHANGED.get(terminal);
            // The library checks for a scroll at every write; the cursor can only leave the region where it
            // starts (a move before this text) and where a wrap takes it down.
            boolean scrollDue = true;
            int k = first;
            pieces = 0;
            pieceWriting = NOT_WRITING;
            try {
                for (; k < count; k++) {
                    int from = bounds[k];
                    int to = bounds[k + 1];
                    if (k > first && !PlainAscii.printable(text, from, to)) {
                        break;
                    }
                    int i = from;
                    while (i < to) {
                        int n = Math.min(to - i, Math.max(0, width - x));
                        if (n > 0 && yChanged) {
                            // The row above stops being wrapped once text follows a line feed, as in the library.
                            yChanged = false;
                            if (y > 1) {
                                buffer.getLine(y - 2).setWrapped(false);
                            }
                        }
                        if (x >= width || scrollDue) {
                            // A wrap and a scroll see the style the run is in, as run by run: a scrolled-in row's
                            // blank cells take its colours.
                            TextStyle style = styles[k];
                            if (styleState.getCurrent() != style) {
                                styleState.setCurrent(style);
                                styleChanged = true;
                            }
                        }
                        if (x >= width) {
                            writePieces(buffer, text, y);
                            x = 0;
                            TerminalLine row = buffer.getLine(y - 1);
                            LineEnds.cutAt(row, width);
                            if (autoWrap) {
                                row.setWrapped(true);
                                y++;
                                scrollDue = true;
                            }
                        }
                        if (scrollDue) {
                            y = scrollY(x, y);
                            scrollDue = false;
                        }
                        if (n > 0) {
                            addPiece(x, i, n, styles[k]);
                            x += n;
                            i += n;
                        }
                    }
                }
                writePieces(buffer, text, y);
            } catch (RuntimeException | Error e) {
                // A write the model failed leaves the cursor where that run began, as run by run.
                if (pieceWriting != NOT_WRITING) {
                    x = pieceWriting;
                }
                throw e;
            } finally {
                pieces = 0;
                CURSOR_X.set(terminal, x);
                CURSOR_Y.set(terminal, y);
                CURSOR_Y_CHANGED.set(terminal, yChanged);
                ((TerminalDisplay) DISPLAY.get(terminal)).setCursor(x, y);
            }
            return k;
        } finally {
            if (styleChanged) {
                styleState.setCurrent(current);
            }
            buffer.unlock();
        }
    }

    /*
     * The pieces of runs that go into the row the cursor is on, written together when the cursor leaves the row
     * or the text ends: piece p is text[pieceFroms[p], + pieceLengths[p]) in pieceStyles[p], from column
     * pieceX on. Why: a row of coloured text went into the model a run at a time, each run a model write of its
     * own, with the style state set for it (a volatile write), the listeners told and a blank rest copied behind
     * it; FastHistoryTextBuffer.writeRuns takes the row at once.
     */
    private int pieces;
    private int pieceX;
    /**
     * The column of the piece being written run by run (the library's cursor may stand at -1), or
     * {@link #NOT_WRITING}: where the cursor stays if the model fails.
     */
    private int pieceWriting = NOT_WRITING;
    private static final int NOT_WRITING = Integer.MIN_VALUE;
    private int[] pieceFroms = new int[64];
    private int[] pieceLengths = new int[64];
    private TextStyle[] pieceStyles = new TextStyle[64];

    private void addPiece(int x, int from, int length, TextStyle style) {
        if (pieces == 0) {
            pieceX = x;
        } else if (pieces == pieceFroms.length) {
            pieceFroms = Arrays.copyOf(pieceFroms, pieces * 2);
            pieceLengths = Arrays.copyOf(pieceLengths, pieces * 2);
            pieceStyles = Arrays.copyOf(pieceStyles, pieces * 2);
        }
        pieceFroms[pieces] = from;
        pieceLengths[pieces] = length;
        pieceStyles[pieces] = style;
        pieces++;
    }

    /** Writes the pieces held for row {@code y} (1-based) and forgets them. */
    private void writePieces(TerminalTextBuffer buffer, char[] text, int y) {
        int count = pieces;
        if (count == 0) {
            return;
        }
        pieces = 0;
        try {
            if (buffer instanceof FastHistoryTextBuffer fast
                    && fast.writeRuns(pieceX, y, text, pieceFroms, pieceLengths, pieceStyles, count)) {
                return;
            }
            StyleState styleState = terminal.getStyleState();
            TextStyle current = styleState.getCurrent();
            try {
                int x = pieceX;
                for (int p = 0; p < count; p++) {
                    pieceWriting = x;
                    styleState.setCurrent(pieceStyles[p]);
                    // A view of the caller's text: every write of a line copies what it keeps.
                    buffer.writeString(x, y, new CharBuffer(text, pieceFroms[p], pieceLengths[p]));
                    x += pieceLengths[p];
                }
                pieceWriting = NOT_WRITING;
            } finally {
                styleState.setCurrent(current);
            }
        } finally {
            Arrays.fill(pieceStyles, 0, count, null);
        }
    }

    /** The library's scroll check with the cursor at {@code x, y}; returns the cursor's row after it. */
    private int scrollY(int x, int y) {
        CURSOR_X.set(terminal, x);
        CURSOR_Y.set(terminal, y);
        terminal.scrollY();
        return (int) CURSOR_Y.get(terminal);
    }

}
