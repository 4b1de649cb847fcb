package dev.holdfast.terminal.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.TerminalColor;
import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.CharBuffer;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The row end at a wrap leaves every line as the library's {@code deleteCharacters} leaves it. */
class LineEndsTest {
    private static final TextStyle RED = new TextStyle(TerminalColor.index(1), null);
    private static final TextStyle GREEN = new TextStyle(TerminalColor.index(2), null);

    private static TerminalLine.TextEntry run(TextStyle style, String text) {
        return new TerminalLine.TextEntry(style, new CharBuffer(text));
    }

    private static TerminalLine.TextEntry blank(TextStyle style, int cells) {
        return new TerminalLine.TextEntry(style, new CharBuffer('\u0000', cells));
    }

    /** Two lines made of these runs, exactly as given (the library's own way in would merge and fill them). */
    private static TerminalLine[] twoLines(List<TerminalLine.TextEntry> runs) {
        int length = runs.stream().mapToInt(TerminalLine.TextEntry::getLength).sum();
        TerminalLine[] lines = new TerminalLine[2];
        for (int i = 0; i < 2; i++) {
            lines[i] = new TerminalLine();
            List<TerminalLine.TextEntry> copies = runs.stream()
                    .map(r -> new TerminalLine.TextEntry(r.getStyle(), new CharBuffer(r.getText().toString())))
                    .toList();
            LineRuns.fill(lines[i], copies, length);
            lines[i].setWrapped(true);
        }
        return lines;
    }

    private static String cells(TerminalLine line) {
        StringBuilder out = new StringBuilder(line.isWrapped() ? "[wrapped] " : "");
        for (TerminalLine.TextEntry entry : line.getEntries()) {
            out.append('|').append(entry.getStyle() == RED ? "r" : entry.getStyle() == GREEN ? "g" : ".");
            CharBuffer text = entry.getText();
            for (int i = 0; i < text.length(); i++) {
                out.append(text.charAt(i) == 0 ? '@' : text.charAt(i));
            }
        }
        return out.toString();
    }

    private static void sameAsTheLibrary(List<TerminalLine.TextEntry> runs, int column) {
        TerminalLine[] lines = twoLines(runs);
        lines[0].deleteCharacters(column);
        LineEnds.cutAt(lines[1], column);
        assertEquals(cells(lines[0]), cells(lines[1]), "cut at " + column);
    }

    @Test
    void aRowThatEndsByTheCutKeepsItsRunsAndLosesItsWrap() {
        assertTrue(LineRuns.available());
        TerminalLine.TextEntry red = run(RED, "abc");
        TerminalLine.TextEntry green = run(GREEN, "de");
        TerminalLine line = twoLines(List.of(red, green, blank(TextStyle.EMPTY, 5)))[1];
        List<TerminalLine.TextEntry> before = line.getEntries();
        LineEnds.cutAt(line, 10);
        assertEquals(false, line.isWrapped());
        for (int i = 0; i < before.size(); i++) {
            assertSame(before.get(i), line.getEntries().get(i), "run " + i + " is the same run, not a rebuilt one");
        }
        sameAsTheLibrary(List.of(red, green, blank(TextStyle.EMPTY, 5)), 10);
        sameAsTheLibrary(List.of(red, green), 5);
    }

    @Test
    void blankCellsBeforeTextBecomeSpacesAsTheLibrarysRebuildMakesThem() {
        sameAsTheLibrary(List.of(run(RED, "ab"), blank(TextStyle.EMPTY, 3), run(GREEN, "cd")), 10);
        sameAsTheLibrary(List.of(blank(RED, 2), run(GREEN, "cd"), blank(TextStyle.EMPTY, 4)), 8);
    }

    @Test
    void aRowLongerThanTheCutIsCut() {
        sameAsTheLibrary(List.of(run(RED, "abcdef"), run(GREEN, "ghij")), 7);
        sameAsTheLibrary(List.of(run(RED, "abcdef"), blank(TextStyle.EMPTY, 6)), 8);
    }
}
