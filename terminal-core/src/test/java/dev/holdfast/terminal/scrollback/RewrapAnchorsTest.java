package dev.holdfast.terminal.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Places in a real model's text (history and screen) found again in the new line objects after a change of width,
 * where the library re-wraps every line: narrower, wider, with wrapped lines, cells never written, an overflowing
 * history and the alternate screen shown.
 */
class RewrapAnchorsTest {

    /** Places on the rows whose text starts with each of {@code starts}, at {@code column}; keys are the starts. */
    private static Map<String, RewrapAnchors.Place> placesAt(TerminalTextBuffer buffer, int column, String... starts) {
        Map<String, RewrapAnchors.Place> places = new LinkedHashMap<>();
        for (String start : starts) {
            int row = rowStarting(buffer, start);
            TerminalLine line = buffer.getLine(row);
            FastHistoryTextBuffer.keepAsObject(buffer, line);
            places.put(start, new RewrapAnchors.Place(line, column));
        }
        return places;
    }

    /** {@link #placesAt} under the model's lock. */
    private static Map<String, RewrapAnchors.Place> places(HeadlessModel model, int column, String... starts) {
        model.buffer().lock();
        try {
            return placesAt(model.buffer(), column, starts);
        } finally {
            model.buffer().unlock();
        }
    }

    private static int rowStarting(TerminalTextBuffer buffer, String start) {
        for (int row = -buffer.getHistoryLinesCount(); row < buffer.getHeight(); row++) {
            if (buffer.getLine(row).getText().startsWith(start)) {
                return row;
            }
        }
        throw new AssertionError("no row starts with " + start);
    }

    /** Resizes under one hold of the lock, as the session does: places taken, the model resized, places found. */
    private static <K> Map<K, RewrapAnchors.Place> resize(HeadlessModel model, Map<K, RewrapAnchors.Place> places,
            int columns, int rows) {
        FastHistoryTextBuffer buffer = (FastHistoryTextBuffer) model.buffer();
        buffer.lock();
        try {
            RewrapAnchors<K> anchors = buffer.anchors(places);
            model.resize(columns, rows);
            return anchors.find();
        } finally {
            buffer.unlock();
        }
    }

    /** The text from a place to its line's end (the place's own row, as the model now has it). */
    private static String textAt(RewrapAnchors.Place place) {
        String text = place.line().getText();
        return place.column() <= text.length() ? text.substring(place.column()) : "";
    }

    private static String prompts(int count) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < count; i++) {
            out.append("$ prompt ").append(i).append("\r\n").append("output of ").append(i).append("\r\n");
        }
        return out.toString();
    }

    @Test
    void promptsInTheHistoryAndOnTheScreenAreFoundInTheLinesANewWidthMakes() {
        HeadlessModel model = HeadlessModel.fast(40, 6, 1_000);
        model.feed(prompts(12) + "$ prompt 12");
        TerminalTextBuffer buffer = model.buffer();
        Map<String, RewrapAnchors.Place> places = places(model, 0, "$ prompt 0", "$ prompt 5", "$ prompt 11", "$ prompt 12");
        TerminalLine oldest = places.get("$ prompt 0").line();

        Map<String, RewrapAnchors.Place> narrower = resize(model, places, 7, 6);
        assertEquals(places.keySet(), narrower.keySet(), "every place found after narrowing: " + narrower);
        for (Map.Entry<String, RewrapAnchors.Place> found : narrower.entrySet()) {
            // Seven columns: "$ promp" on the place's row, the rest wrapped onto the next.
            assertEquals(0, found.getValue().column());
            assertEquals(found.getKey().substring(0, 7), found.getValue().line().getText(), found.getKey());
        }
        assertNotSame(oldest, narrower.get("$ prompt 0").line(), "the re-wrap made new lines");

        Map<String, RewrapAnchors.Place> wider = resize(model, narrower, 60, 6);
        assertEquals(places.keySet(), wider.keySet(), "every place found after widening: " + wider);
        for (Map.Entry<String, RewrapAnchors.Place> found : wider.entrySet()) {
            assertEquals(found.getKey(), found.getValue().line().getText());
        }
        buffer.lock();
        try {
            int row = rowStarting(buffer, "$ prompt 0");
            assertSame(wider.get("$ prompt 0").line(), buffer.getLine(row), "the place is the model's line");
            assertTrue(row < 0, "and in the history");
        } finally {
            buffer.unlock();
        }
    }

    @Test
    void placesAreKeptAsObjectsThroughAFloodAndAWalkThatPackTheHistory() {
        HeadlessModel model = HeadlessModel.fast(40, 6, 10_000);
        model.feed(prompts(3));
        Map<String, RewrapAnchors.Place> places = places(model, 0, "$ prompt 1");
        Map<String, RewrapAnchors.Place> found = resize(model, places, 30, 6);
        StringBuilder flood = new StringBuilder();
        for (int i = 0; i < 3_000; i++) {
            flood.append("line ").append(i).append("\r\n");
        }
        model.feed(flood.toString());
        model.buffer().lock();
        try {
            // A walk over the history hands out more lines than the history keeps unpacked for a while.
            for (int row = -model.buffer().getHistoryLinesCount(); row < 0; row++) {
                model.buffer().getLine(row);
            }
            assertSame(found.get("$ prompt 1").line(), model.buffer().getLine(rowStarting(model.buffer(), "$ prompt 1")),
                    "the line found is kept as that object, not packed away");
        } finally {
            model.buffer().unlock();
        }
    }

    @Test
    void aPlaceInsideAWrappedLineMovesWithItsText() {
        HeadlessModel model = HeadlessModel.fast(10, 4, 100);
        // 25 characters on a 10-column screen: three rows, the middle one starting at "klmno".
        model.feed("first\r\nabcdefghijklmnopqrstuvwxy\r\nlast\r\n");
        Map<String, RewrapAnchors.Place> places = places(model, 2, "klmno");
        Map<String, RewrapAnchors.Place> found = resize(model, places, 8, 4);
        // Written cells before the place: 10 + 2 = 12, so the second row of 8 ("ijklmnop") at column 4.
        RewrapAnchors.Place moved = found.get("klmno");
        assertEquals("ijklmnop", moved.line().getText());
        assertEquals(4, moved.column());
        assertEquals("mnop", textAt(moved));
    }

    @Test
    void aGapTheCursorSkippedDoesNotShiftAPlaceOnALaterRow() {
        HeadlessModel model = HeadlessModel.fast(20, 4, 100);
        // A row with a gap the cursor moved over, then a place on a later row.
        model.feed("top\r\nab\u001b[5Ccd\r\nmark here\r\nbottom\r\n");
        Map<String, RewrapAnchors.Place> places = places(model, 0, "mark here");
        Map<String, RewrapAnchors.Place> found = resize(model, places, 12, 4);
        assertEquals("mark here", found.get("mark here").line().getText());
    }

    @Test
    void placesOnRowsTheNarrowerHistoryDropsAreGivenUpAndTheRestFound() {
        HeadlessModel model = HeadlessModel.fast(40, 4, 10);
        model.feed(prompts(6) + "$ end");
        Map<String, RewrapAnchors.Place> places = places(model, 0, "$ prompt 1", "$ prompt 5");
        // Five columns (the library's least): a prompt and its output take five rows, and ten rows of history
        // cannot hold prompt 1 any more.
        Map<String, RewrapAnchors.Place> found = resize(model, places, 5, 4);
        assertFalse(found.containsKey("$ prompt 1"), "its rows left the history: " + found);
        assertEquals("$ pro", found.get("$ prompt 5").line().getText());
    }

    @Test
    void placesOnThePrimaryScreenAreFoundWhileTheAlternateScreenIsShown() {
        HeadlessModel model = HeadlessModel.fast(30, 5, 100);
        model.feed(prompts(5) + "$ vim");
        Map<String, RewrapAnchors.Place> places = places(model, 0, "$ prompt 1", "$ vim");
        model.feed("\u001b[?1049h\u001b[Hfull screen program");
        Map<String, RewrapAnchors.Place> found = resize(model, places, 20, 5);
        model.feed("\u001b[?1049l");
        model.buffer().lock();
        try {
            assertSame(found.get("$ prompt 1").line(), model.buffer().getLine(rowStarting(model.buffer(), "$ prompt 1")));
            assertSame(found.get("$ vim").line(), model.buffer().getLine(rowStarting(model.buffer(), "$ vim")));
        } finally {
            model.buffer().unlock();
        }
    }

    @Test
    void noPlacesFindNothing() {
        HeadlessModel model = HeadlessModel.fast(30, 5, 100);
        model.feed(prompts(5));
        assertTrue(resize(model, new IdentityHashMap<String, RewrapAnchors.Place>(), 20, 5).isEmpty());
    }
}
