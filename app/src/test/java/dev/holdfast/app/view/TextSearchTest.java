package dev.holdfast.app.view;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.util.CharUtils;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextSearchTest {
    private static TextSearch.Matches find(List<String> lines, String text, boolean matchCase, boolean regex) {
        return TextSearch.search(lines, new BitSet(), -2, new TextSearch.Query(text, matchCase, regex), () -> false);
    }

    @Test
    void plainTextIsCaseInsensitiveByDefault() {
        TextSearch.Matches m = find(List.of("Error here", "no", "an error and ERROR"), "error", false, false);
        assertEquals(3, m.count());
        assertArrayEquals(new int[] {-2, 0, 0}, java.util.Arrays.copyOf(m.lines(), 3));
        assertArrayEquals(new int[] {0, 3, 13}, java.util.Arrays.copyOf(m.from(), 3));
        assertArrayEquals(new int[] {5, 8, 18}, java.util.Arrays.copyOf(m.to(), 3));
    }

    @Test
    void caseSensitiveAndRegex() {
        List<String> lines = List.of("Error error ERROR", "id=42 id=7");
        assertEquals(1, find(lines, "error", true, false).count());
        TextSearch.Matches ids = find(lines, "id=\\d+", false, true);
        assertEquals(2, ids.count());
        assertEquals(6, ids.from()[1]);
        assertEquals(10, ids.to()[1]);
    }

    @Test
    void regexMetacharactersAreLiteralWithoutRegex() {
        assertEquals(1, find(List.of("a.b axb"), "a.b", false, false).count());
    }

    @Test
    void invalidRegexIsReportedNotThrown() {
        TextSearch.Matches m = find(List.of("x"), "(", false, true);
        assertNotNull(m.error());
        assertEquals("invalid pattern", TextSearch.describe(m, -1));
    }

    @Test
    void emptyMatchesDoNotLoop() {
        assertEquals(0, find(List.of("abc"), "x*", false, true).count());
    }

    @Test
    void aWordTheEdgeOfTheWindowCutInTwoIsFoundOnceAcrossItsRows() {
        // Rows 1 and 2 are one line the terminal wrapped at ten columns; rows 3 and 4 are two lines.
        List<String> lines = List.of("before", "the targe", "t word", "tar", "get apart");
        BitSet wrapped = new BitSet();
        wrapped.set(1);
        TextSearch.Matches m = TextSearch.search(lines, wrapped, 10, new TextSearch.Query("target", false, false),
                () -> false);
        assertEquals(1, m.count(), "found once, and not in the two lines that only look joined");
        assertEquals(11, m.lines()[0]);
        assertEquals(4, m.from()[0]);
        assertEquals(12, m.endLines()[0]);
        assertEquals(1, m.to()[0]);
        assertEquals(1, m.maxSpan());
        assertEquals(0, TextSearch.search(lines, wrapped, 10, new TextSearch.Query("^t word$", false, true),
                () -> false).count(), "a regex sees the wrapped rows as one line, not the second row alone");
    }

    @Test
    void aWideCharacterOnAWrappedRowKeepsItsCells() {
        List<String> lines = List.of("ab中" + CharUtils.DWC, "文" + CharUtils.DWC + "cd");
        BitSet wrapped = new BitSet();
        wrapped.set(0);
        TextSearch.Matches m = TextSearch.search(lines, wrapped, 0, new TextSearch.Query("中文c", false, false),
                () -> false);
        assertEquals(1, m.count());
        assertEquals(2, m.from()[0]);
        assertEquals(1, m.endLines()[0]);
        assertEquals(3, m.to()[0]);
    }

    @Test
    void wideCharactersMapToTheirCells() {
        String line = "ab中" + CharUtils.DWC + "文" + CharUtils.DWC + "cd";
        TextSearch.Matches m = find(List.of(line), "文c", false, false);
        assertEquals(1, m.count());
        assertEquals(4, m.from()[0], "文 starts at cell 4");
        assertEquals(7, m.to()[0], "c ends at cell 7");
        TextSearch.Matches wideEnd = find(List.of(line), "中文", false, false);
        assertEquals(2, wideEnd.from()[0]);
        assertEquals(6, wideEnd.to()[0], "a match ending on a wide character covers its filler");
    }

    @Test
    void aHundredThousandMatchesAreCountedAndFoundByLine() {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            lines.add("line " + i + " match");
        }
        TextSearch.Matches m = TextSearch.search(lines, new BitSet(), 0, new TextSearch.Query("match", false, false), () -> false);
        assertEquals(100_000, m.count());
        assertEquals(54_321, m.firstOnOrAfter(54_321));
        assertEquals("100,000 matches", TextSearch.describe(m, -1));
        assertEquals("3 of 100,000", TextSearch.describe(m, 2));
    }

    @Test
    void aCancelledSearchStops() {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            lines.add("x");
        }
        assertNull(TextSearch.search(lines, new BitSet(), 0, new TextSearch.Query("x", false, false), () -> true));
    }

    @Test
    void emptyQueryFindsNothing() {
        assertTrue(find(List.of("abc"), "", false, false).count() == 0);
    }
}
