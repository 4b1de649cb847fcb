package dev.holdfast.terminal.emulation;

import static dev.holdfast.terminal.scrollback.HeadlessModel.color;

import com.techsenger.jeditermfx.core.TerminalMode;
import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.emulator.charset.GraphicSet;
import com.techsenger.jeditermfx.core.emulator.charset.GraphicSetState;
import com.techsenger.jeditermfx.core.model.CharBuffer;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.StoredCursor;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.vt.CrossedOutTextStyle;
import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The first observable difference between two terminal models, or none. Observable means what a user, an
 * export or the program could ever tell apart: every screen and history line cell by cell (character, style by
 * value, wrap flag), sizes, cursor, current style, modes, what the display was told, replies, hyperlinks, shell
 * marks — and
 * the model's hidden state that decides what later output does (scroll region, tab stops, saved cursor,
 * character sets, title stack), read reflectively since the library keeps it private.
 */
final class ModelComparison {
    /** History lines compared every time; all of them are compared on {@link #full}. */
    static final int RECENT_HISTORY_LINES = 64;

    private ModelComparison() {
    }

    /** The first difference, comparing the screen, the state and the recent history; {@code null} if none. */
    static String recent(DifferentialTerminal a, DifferentialTerminal b) {
        return compare(a, b, RECENT_HISTORY_LINES);
    }

    /** The first difference anywhere, the whole history included; {@code null} if none. */
    static String full(DifferentialTerminal a, DifferentialTerminal b) {
        return compare(a, b, Integer.MAX_VALUE);
    }

    private static String compare(DifferentialTerminal a, DifferentialTerminal b, int historyLines) {
        a.buffer.lock();
        b.buffer.lock();
        try {
            Map<String, String> sa = state(a);
            Map<String, String> sb = state(b);
            if (!sa.equals(sb)) {
                StringBuilder out = new StringBuilder("state differs:");
                for (String key : sa.keySet()) {
                    if (!sa.get(key).equals(sb.get(key))) {
                        out.append("\n  ").append(key).append(":\n    ").append(a.parser).append(": ").append(sa.get(key))
                                .append("\n    ").append(b.parser).append(": ").append(sb.get(key));
                    }
                }
                return out.toString();
            }
            TerminalTextBuffer ba = a.buffer;
            TerminalTextBuffer bb = b.buffer;
            int history = ba.getHistoryLinesCount();
            int from = -Math.min(history, historyLines);
            for (int row = from; row < ba.getHeight(); row++) {
                TerminalLine la = ba.getLine(row);
                TerminalLine lb = bb.getLine(row);
                if (!sameLine(la, lb)) {
                    return "line " + row + " differs:\n  " + a.parser + ": " + describe(la) + "\n  " + b.parser
                            + ": " + describe(lb);
                }
                List<HyperlinkTable.Span> spansA = a.links.spansOf(la);
                List<HyperlinkTable.Span> spansB = b.links.spansOf(lb);
                if (!spansA.equals(spansB)) {
                    return "links on line " + row + " differ:\n  " + a.parser + ": " + spansA + "\n  " + b.parser
                            + ": " + spansB;
                }
            }
            return null;
        } finally {
            b.buffer.unlock();
            a.buffer.unlock();
        }
    }

    private static Map<String, String> state(DifferentialTerminal t) {
        JediTerminal terminal = t.terminal;
        TerminalTextBuffer buffer = t.buffer;
        Map<String, String> out = new LinkedHashMap<>();
        out.put("size", buffer.getWidth() + "x" + buffer.getHeight());
        out.put("history", buffer.getHistoryLinesCount() + " lines, " + t.buffer.linesEvicted() + " evicted");
        out.put("alternate", String.valueOf(buffer.isUsingAlternateBuffer()));
        out.put("cursor", terminal.getCursorX() + "," + terminal.getCursorY());
        out.put("style", style(t.style.getCurrent()));
        StringBuilder modes = new StringBuilder();
        for (TerminalMode mode : TerminalMode.values()) {
            if (terminal.isModelEnabled(mode)) {
                modes.append(' ').append(mode);
            }
        }
        out.put("modes", modes.toString());
        out.put("display", t.display.describe());
        out.put("replies", visible(t.replies()));
        out.put("hyperlinks", t.linkEvents.toString());
        out.put("shell marks", t.shellMarks.toString());
        out.put("region", field(terminal, "myScrollRegionTop") + "-" + field(terminal, "myScrollRegionBottom"));
        out.put("cursorYChanged", String.valueOf(field(terminal, "myCursorYChanged")));
        out.put("tabs", String.valueOf(field(field(terminal, "myTabulator"), "myTabStops")));
        out.put("saved cursor", stored((StoredCursor) field(terminal, "myStoredCursor")));
        out.put("charsets", charsets((GraphicSetState) field(terminal, "myGraphicSetState")));
        out.put("titles", String.valueOf(field(terminal, "myWindowTitlesStack")));
        return out;
    }

    private static String stored(StoredCursor c) {
        if (c == null) {
            return "none";
        }
        return c.getCursorX() + "," + c.getCursorY() + " " + style(c.getTextStyle()) + " wrap " + c.isAutoWrap()
                + " origin " + c.isOriginMode() + " GL " + c.getGLMapping() + " GR " + c.getGRMapping() + " override "
                + c.getGLOverride() + " " + Arrays.toString(c.getDesignations());
    }

    private static String charsets(GraphicSetState state) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            out.append(state.getGraphicSet(i).getDesignation()).append(' ');
        }
        GraphicSet gl = (GraphicSet) field(state, "myGL");
        GraphicSet gr = (GraphicSet) field(state, "myGR");
        GraphicSet override = (GraphicSet) field(state, "myGlOverride");
        return out.append("GL ").append(gl.getIndex()).append(" GR ").append(gr.getIndex()).append(" override ")
                .append(override == null ? "-" : override.getIndex()).toString();
    }

    private static Object field(Object owner, String name) {
        try {
            Field field = owner.getClass().getDeclaredField(name);
            field.setAccessible(true);
            return field.get(owner);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("jeditermfx-core changed: no " + owner.getClass().getSimpleName() + "." + name, e);
        }
    }

    /** Same cells (character and style by value, NUL cells included) and the same wrap flag. */
    private static boolean sameLine(TerminalLine a, TerminalLine b) {
        if (a.isWrapped() != b.isWrapped()) {
            return false;
        }
        List<TerminalLine.TextEntry> ea = a.getEntries();
        List<TerminalLine.TextEntry> eb = b.getEntries();
        int ia = 0;
        int ib = 0;
        int oa = 0;
        int ob = 0;
        while (true) {
            while (ia < ea.size() && oa == ea.get(ia).getLength()) {
                ia++;
                oa = 0;
            }
            while (ib < eb.size() && ob == eb.get(ib).getLength()) {
                ib++;
                ob = 0;
            }
            if (ia == ea.size() || ib == eb.size()) {
                return ia == ea.size() && ib == eb.size();
            }
            TerminalLine.TextEntry xa = ea.get(ia);
            TerminalLine.TextEntry xb = eb.get(ib);
            if (!Objects.equals(library(xa.getStyle()), library(xb.getStyle()))) {
                return false;
            }
            int n = Math.min(xa.getLength() - oa, xb.getLength() - ob);
            CharBuffer ta = xa.getText();
            CharBuffer tb = xb.getText();
            for (int k = 0; k < n; k++) {
                if (ta.charAt(oa + k) != tb.charAt(ob + k)) {
                    return false;
                }
            }
            oa += n;
            ob += n;
        }
    }

    /**
     * The style as the library's emulator would have left it: it drops SGR 9, so a crossed-out style (Holdfast's
     * parser keeps it, a listed difference) is compared as the same style not crossed out. {@link #style} shows
     * no crossed-out mark for the same reason.
     */
    private static TextStyle library(TextStyle style) {
        return CrossedOutTextStyle.isCrossedOut(style) ? style.toBuilder().build() : style;
    }

    static String describe(TerminalLine line) {
        StringBuilder out = new StringBuilder(line.isWrapped() ? "[wrapped] " : "");
        for (TerminalLine.TextEntry entry : line.getEntries()) {
            out.append('«').append(visible(entry.getText().toString())).append('»').append(style(entry.getStyle()));
        }
        return out.toString();
    }

    static String style(TextStyle style) {
        if (style == null) {
            return "{no style}";
        }
        StringBuilder out = new StringBuilder("{").append(color(style.getForeground())).append(',')
                .append(color(style.getBackground()));
        for (TextStyle.Option option : TextStyle.Option.values()) {
            if (style.hasOption(option)) {
                out.append(',').append(option);
            }
        }
        return out.append('}').toString();
    }

    static String visible(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 0) {
                out.append('@');
            } else if (c < 0x20 || c == 0x7f || c >= 0x80 && c <= 0x9f) {
                out.append(String.format("\\x%02x", (int) c));
            } else if (Character.isSurrogate(c) || c == 0xE000) {
                // Halves of a pair and the library's wide-character filler, which would garble a message.
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
