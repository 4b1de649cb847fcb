package dev.holdfast.terminal.export;

import static dev.holdfast.terminal.export.VtText.assertVtEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.scrollback.HeadlessModel;
import org.junit.jupiter.api.Test;

/**
 * The capture a checkpoint takes under the terminal's lock: bounded by the tail before anything is copied, and —
 * on Holdfast's ring history — only the lines added since the last capture, plus the screen.
 */
class IncrementalCaptureTest {
    private static final ExportLimits CHECKPOINT = new ExportLimits(4_000, 400_000, 16_000);

    private final ScrollbackCapture capture = new ScrollbackCapture(new PrimaryBuffers());
    private final VtExport export = new VtExport(new SgrFormatter());
    private final ScrollbackTail tail = new ScrollbackTail(new SgrFormatter());

    private static String numbered(String prefix, int from, int to) {
        StringBuilder out = new StringBuilder();
        for (int i = from; i <= to; i++) {
            out.append(prefix).append(i).append("\r\n");
        }
        return out.toString();
    }

    /** The tail's cut begins with a reset; an uncut text does not need one. */
    private static String withoutReset(String text) {
        return text.startsWith(SgrFormatter.RESET) ? text.substring(SgrFormatter.RESET.length()) : text;
    }

    private String text(IncrementalLines lines) {
        return export.formatLines(lines.history()) + export.format(lines.screen());
    }

    @Test
    void aLaterCaptureCopiesOnlyTheLinesAddedSinceAndTheScreen() {
        HeadlessModel model = HeadlessModel.fast(80, 24, 10_000).feed(numbered("line ", 1, 5_000) + "$ ");
        IncrementalLines first = capture.captureSince(model.terminal(), null, CHECKPOINT);
        assertFalse(first.appends());
        assertNotNull(first.next());

        model.feed("make\r\n" + numbered("built ", 1, 10) + "$ ");
        IncrementalLines second = capture.captureSince(model.terminal(), first.next(), CHECKPOINT);

        assertTrue(second.appends());
        assertEquals(11, second.history().lines().size(), "the lines that scrolled into the history since");
        assertEquals(24, second.screen().lines().size(), "and the screen");
        String kept = tail.tail(export.formatLines(first.history()) + text(second), CHECKPOINT);
        String whole = tail.tail(export.format(capture.capture(model.terminal(), CHECKPOINT)), CHECKPOINT);
        assertVtEquals(withoutReset(whole), withoutReset(kept), "the parts join into the whole");
    }

    @Test
    void nothingNewAppendsNothingAndTheScreenIsTakenAgain() {
        HeadlessModel model = HeadlessModel.fast(40, 5, 100).feed(numbered("line ", 1, 20) + "$ ");
        IncrementalLines first = capture.captureSince(model.terminal(), null, CHECKPOINT);

        IncrementalLines again = capture.captureSince(model.terminal(), first.next(), CHECKPOINT);

        assertTrue(again.appends());
        assertEquals(0, again.history().lines().size());
        assertVtEquals(export.format(first.screen()), export.format(again.screen()));
    }

    @Test
    void aClearedHistoryOrAResizeOrLinesLostFromTheTopMakeTheNextCaptureWhole() {
        HeadlessModel cleared = HeadlessModel.fast(40, 5, 100).feed(numbered("line ", 1, 20));
        HistoryMark mark = capture.captureSince(cleared.terminal(), null, CHECKPOINT).next();
        cleared.clearHistory().feed("after\r\n");
        assertFalse(capture.captureSince(cleared.terminal(), mark, CHECKPOINT).appends(), "cleared");

        HeadlessModel resized = HeadlessModel.fast(40, 5, 100).feed(numbered("a long line that wraps at twenty ", 1, 20));
        mark = capture.captureSince(resized.terminal(), null, CHECKPOINT).next();
        resized.resize(20, 5);
        assertFalse(capture.captureSince(resized.terminal(), mark, CHECKPOINT).appends(), "reflowed");

        HeadlessModel full = HeadlessModel.fast(40, 5, 50).feed(numbered("line ", 1, 60));
        mark = capture.captureSince(full.terminal(), null, CHECKPOINT).next();
        full.feed(numbered("more ", 1, 100));
        assertFalse(capture.captureSince(full.terminal(), mark, CHECKPOINT).appends(), "evicted past the mark");
    }

    @Test
    void moreNewLinesThanTheTailKeepsMakeTheCaptureWhole() {
        HeadlessModel model = HeadlessModel.fast(40, 5, 10_000).feed("start\r\n");
        HistoryMark mark = capture.captureSince(model.terminal(), null, CHECKPOINT).next();
        model.feed(numbered("flood ", 1, 5_000));

        IncrementalLines flood = capture.captureSince(model.terminal(), mark, CHECKPOINT);

        assertFalse(flood.appends());
        assertTrue(flood.history().lines().size() + flood.screen().lines().size() <= 4_000 + 5);
    }

    @Test
    void aRingHistoryIsCopiedExactlyAsTheLibrarysHistoryIs() {
        // Coloured runs, lines wrapped over several rows, wide characters, a line past the per-line cap, NUL gaps.
        StringBuilder stream = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            stream.append("\u001b[3").append(i % 7 + 1).append("mcolour ").append(i).append("\u001b[0m plain ")
                    .append("\u001b[1;4%dm".formatted(i % 8)).append("bold").append("\u001b[0m");
            if (i % 10 == 0) {
                stream.append(" wraps ".repeat(20));
            }
            if (i % 25 == 0) {
                stream.append("日本語");
            }
            if (i % 40 == 0) {
                stream.append("\u001b[20Cgap");
            }
            stream.append("\r\n");
        }
        stream.append("x".repeat(20_000)).append("\r\n$ ");
        ExportLimits limits = new ExportLimits(250, 400_000, 16_000);
        HeadlessModel ring = HeadlessModel.fast(40, 10, 10_000).feed(stream.toString());
        HeadlessModel library = HeadlessModel.library(40, 10, 10_000).feed(stream.toString());

        IncrementalLines fromRing = capture.captureSince(ring.terminal(), null, limits);
        IncrementalLines fromLibrary = capture.captureSince(library.terminal(), null, limits);

        assertEquals(text(fromLibrary), text(fromRing));
        assertEquals(fromLibrary.history().lines().size(), fromRing.history().lines().size());
        assertEquals(export.format(capture.capture(library.terminal(), limits)),
                export.format(capture.capture(ring.terminal(), limits)));
    }

    @Test
    void aLibraryHistoryIsAlwaysCapturedWhole() {
        HeadlessModel model = HeadlessModel.library(40, 5, 100).feed(numbered("line ", 1, 20));
        IncrementalLines first = capture.captureSince(model.terminal(), null, CHECKPOINT);

        assertEquals(null, first.next());
        assertFalse(capture.captureSince(model.terminal(), first.next(), CHECKPOINT).appends());
    }

    @Test
    void aHugeLineIsCutToItsFirstCharactersAndTheHistoryAboveItStays() {
        String huge = "0123456789".repeat(100_000);
        HeadlessModel model = HeadlessModel.fast(80, 24, 20_000)
                .feed(numbered("above ", 1, 100) + huge + "\r\nbelow\r\n$ ");

        CapturedLines copy = capture.capture(model.terminal(), CHECKPOINT);
        String kept = tail.tail(export.format(copy), CHECKPOINT);

        assertTrue(copy.lines().size() < 400, "the lock is held for the line's first 200 rows, not its 12,500: "
                + copy.lines().size());
        assertTrue(kept.contains("above 1\r\n"), "the history above the huge line survives the record's cap");
        assertTrue(kept.contains("0123456789".repeat(1_600)), "the line's first 16,000 characters are kept");
        assertTrue(kept.contains("984,000 characters cut"), kept.substring(0, Math.min(200, kept.length())));
        assertTrue(kept.contains("below"));
        assertTrue(kept.length() <= 400_000);
    }

    @Test
    void thousandsOfBlankRowsBelowTheTextEndTheScanAfterAScreenAndATail() {
        HeadlessModel model = HeadlessModel.fast(40, 5, 20_000).feed("text\r\n" + "\r\n".repeat(10_000));
        ExportLimits small = new ExportLimits(100, 400_000, 16_000);

        assertEquals(0, capture.capture(model.terminal(), small).lines().size(), "the last 100 lines are blank");
        assertVtEquals("text", export.format(capture.capture(model.terminal(), ExportLimits.EVERYTHING)));
    }
}
