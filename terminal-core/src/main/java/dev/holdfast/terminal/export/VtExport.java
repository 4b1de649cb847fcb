package dev.holdfast.terminal.export;

import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.util.CharUtils;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Formats a {@link CapturedLines} copy into replayable text: printable characters, {@code \r\n} between lines
 * and SGR sequences, nothing else. Runs on any thread; it never touches the terminal.
 *
 * <p>The format, and why:
 * <ul>
 *   <li>A row that wraps is joined to the next without a line break, so the text reflows when replayed into a
 *       terminal of any width.</li>
 *   <li>A wide character is written once; the model's filler cell after it is skipped (the replaying emulator
 *       recreates it). A filler with no wide character before it — half of a wide character that was
 *       overwritten — is written as a space so later columns keep their place.</li>
 *   <li>Trailing blanks that cannot be seen are trimmed from each line; blanks with a background, reverse video
 *       or underline are kept. Blanks are written in the current rendition when it looks the same on a blank,
 *       to avoid SGR churn over cells nobody can tell apart.</li>
 *   <li>SGR changes are minimal between runs; a line that ends styled ends with {@code ESC[0m}, so every line
 *       starts from the default rendition and stands on its own, and a line break never scrolls in a row
 *       painted with a leftover background. Because of that, exports of consecutive parts of a capture join
 *       into the export of the whole.</li>
 *   <li>A line the capture cut ({@link CapturedLines.Line#cutCells()}) ends with a dim note of how much was
 *       left out, so a restored line never looks whole when it is not.</li>
 * </ul>
 */
public final class VtExport {
    private static final String LINE_BREAK = "\r\n";
    private static final String DIM = "\u001b[2m";

    private final SgrFormatter sgr;

    public VtExport(SgrFormatter sgr) {
        this.sgr = Objects.requireNonNull(sgr, "sgr");
    }

    /** The export text of a capture: lines separated by CR LF, none after the last. */
    public String format(CapturedLines capture) {
        return format(capture, false);
    }

    /**
     * The export text of complete lines, each ending in CR LF: the history part of an incremental capture, to
     * which later parts are appended.
     */
    public String formatLines(CapturedLines capture) {
        return format(capture, true);
    }

    private String format(CapturedLines capture, boolean terminateLast) {
        List<CapturedLines.Line> rows = capture.lines();
        StringBuilder out = new StringBuilder(estimateLength(rows));
        LogicalLine line = new LogicalLine();
        RenditionCache renditions = new RenditionCache();
        int row = 0;
        while (row < rows.size()) {
            line.clear();
            int last = row;
            while (true) {
                CapturedLines.Line current = rows.get(last);
                boolean continues = current.wrapped() && last + 1 < rows.size();
                line.appendRow(current, renditions);
                if (!continues) {
                    break;
                }
                last++;
            }
            writeLine(line, out);
            long cut = rows.get(last).cutCells();
            if (cut > 0) {
                out.append(DIM).append(" \u2026 ").append(String.format("%,d", cut))
                        .append(cut == 1 ? " character" : " characters").append(" cut").append(SgrFormatter.RESET);
            }
            row = last + 1;
            if (row < rows.size() || terminateLast) {
                out.append(LINE_BREAK);
            }
        }
        return out.toString();
    }

    private void writeLine(LogicalLine line, StringBuilder out) {
        int end = line.length;
        while (end > 0 && line.chars[end - 1] == ' ' && !line.renditions[end - 1].isVisibleOnBlank()) {
            end--;
        }
        Rendition pen = Rendition.DEFAULT;
        for (int i = 0; i < end; i++) {
            char c = line.chars[i];
            Rendition wanted = line.renditions[i];
            if (wanted != pen && !(c == ' ' && wanted.looksSameOnBlank(pen))) {
                out.append(sgr.transition(pen, wanted));
                pen = wanted;
            }
            out.append(c);
        }
        if (pen != Rendition.DEFAULT) {
            out.append(SgrFormatter.RESET);
        }
    }

    private static int estimateLength(List<CapturedLines.Line> rows) {
        long cells = 0;
        for (CapturedLines.Line row : rows) {
            cells += row.cellCount() + LINE_BREAK.length();
        }
        return (int) Math.min(cells + cells / 8, Integer.MAX_VALUE - 16);
    }

    /** The cells of one logical line, as written: one char and rendition per written character. */
    private static final class LogicalLine {
        private char[] chars = new char[256];
        private Rendition[] renditions = new Rendition[256];
        private int length;

        void clear() {
            length = 0;
        }

        /**
         * Appends one row's cells. A wrapped row needs no padding to the terminal's width: JediTerm wraps only
         * once the cursor has passed the last column, so a wrapped row is full.
         */
        void appendRow(CapturedLines.Line row, RenditionCache renditions) {
            char previous = CharUtils.NUL_CHAR;
            for (CapturedLines.Run run : row.runs()) {
                Rendition rendition = renditions.of(run.style());
                String text = run.text();
                for (int i = 0; i < text.length(); i++) {
                    char c = text.charAt(i);
                    if (c == CharUtils.DWC) {
                        if (followsWideCharacter(previous)) {
                            previous = c;
                            continue;
                        }
                        add(' ', rendition);
                    } else {
                        add(CellText.printable(c), rendition);
                    }
                    previous = c;
                }
            }
        }

        /**
         * Whether the filler follows a character the emulator may have drawn two cells wide. Ambiguous-width
         * characters count, because the emulator treats them as wide when its display asks for that.
         */
        private static boolean followsWideCharacter(char previous) {
            if (previous == CharUtils.NUL_CHAR || previous == CharUtils.DWC) {
                return false;
            }
            // Characters outside the BMP (emoji, CJK extensions) are wide whenever the emulator pads them.
            return Character.isSurrogate(previous) || CharUtils.isDoubleWidthCharacter(previous, true);
        }

        private void add(char c, Rendition rendition) {
            if (length == chars.length) {
                chars = Arrays.copyOf(chars, length * 2);
                renditions = Arrays.copyOf(renditions, length * 2);
            }
            chars[length] = c;
            renditions[length] = rendition;
            length++;
        }
    }

    /**
     * Converts model styles to renditions once per distinct style, and hands out one instance per distinct
     * rendition, so the per-cell comparison in {@link #writeLine} is an identity check.
     */
    private static final class RenditionCache {
        private final Map<TextStyle, Rendition> byStyle = new HashMap<>();
        private final Map<Rendition, Rendition> canonical = new HashMap<>();
        private TextStyle lastStyle;
        private Rendition lastRendition;

        RenditionCache() {
            canonical.put(Rendition.DEFAULT, Rendition.DEFAULT);
        }

        Rendition of(TextStyle style) {
            if (style != lastStyle) {
                lastRendition = byStyle.computeIfAbsent(style,
                        s -> canonical.computeIfAbsent(Rendition.of(s), r -> r));
                lastStyle = style;
            }
            return lastRendition;
        }
    }
}
