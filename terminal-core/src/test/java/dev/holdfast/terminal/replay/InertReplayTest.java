package dev.holdfast.terminal.replay;

import static dev.holdfast.terminal.export.VtText.assertVtEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.TerminalOutputStream;
import dev.holdfast.terminal.export.HeadlessTerminal;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.junit.jupiter.api.Test;

class InertReplayTest {
    private static final String ESC = "\u001b";
    private static final String QUERIES = ESC + "[6n" + ESC + "[c" + ESC + "[5n" + ESC + "[>c" + ESC + "]10;?"
            + ESC + "\\" + "\u0005";

    private final Clock clock = Clock.fixed(Instant.parse("2024-03-05T14:07:00Z"), ZoneId.of("Europe/Paris"));
    private final InertReplay replay =
            new InertReplay(new ReplaySanitizer(), clock, DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm"));

    /** Everything the emulator sends towards "the process". */
    private static final class RecordingOutput implements TerminalOutputStream {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        @Override
        public void sendBytes(byte[] data, boolean userInput) {
            bytes.writeBytes(data);
        }

        @Override
        public void sendString(String text, boolean userInput) {
            bytes.writeBytes(text.getBytes(StandardCharsets.UTF_8));
        }

        String received() {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }

    @Test
    void todayIsTheDatePartOfTheSeparatorsTimeInTheClocksZone() {
        InertReplay dated = new InertReplay(new ReplaySanitizer(), clock, DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm"),
                DateTimeFormatter.ofPattern("yyyy-MM-dd"));

        assertEquals("restored 2024-03-05 15:07", dated.restoredNow());
        assertEquals("2024-03-05", dated.today());
        assertEquals("", replay.today(), "no date format: every time is written whole");
    }

    @Test
    void replayedDeviceQueriesSendNothingTowardsAProcess() {
        // Control: fed raw, the emulator does answer these queries, so the recorder can see an answer.
        HeadlessTerminal raw = new HeadlessTerminal(80, 24, 100);
        RecordingOutput rawOutput = new RecordingOutput();
        raw.terminal().setTerminalOutput(rawOutput);
        raw.feed(QUERIES);
        assertFalse(rawOutput.received().isEmpty(), "the emulator answers device queries");

        // The sanitizer alone already leaves nothing to answer, even with an output attached.
        HeadlessTerminal sanitized = new HeadlessTerminal(80, 24, 100);
        RecordingOutput sanitizedOutput = new RecordingOutput();
        sanitized.terminal().setTerminalOutput(sanitizedOutput);
        sanitized.feed(new ReplaySanitizer().sanitize("before" + QUERIES + " after"));
        assertEquals("", sanitizedOutput.received());

        // And the replay as a whole.
        HeadlessTerminal restored = new HeadlessTerminal(80, 24, 100);
        RecordingOutput restoredOutput = new RecordingOutput();
        restored.terminal().setTerminalOutput(restoredOutput);
        replay.replay(restored.terminal(), "before" + QUERIES + " after");
        assertEquals("", restoredOutput.received());
        assertVtEquals("before after", restored.export());
    }

    @Test
    void modeChangesInRestoredTextDoNotTakeEffect() {
        HeadlessTerminal t = new HeadlessTerminal(80, 24, 100);
        replay.replay(t.terminal(), "a" + ESC + "[?1049h" + "b" + ESC + "[2J" + ESC + "[H" + "c");
        t.buffer().lock();
        try {
            assertFalse(t.buffer().isUsingAlternateBuffer());
        } finally {
            t.buffer().unlock();
        }
        assertVtEquals("abc", t.export());
    }

    @Test
    void restoredTextNeitherInheritsNorLeavesARendition() {
        HeadlessTerminal t = new HeadlessTerminal(80, 24, 100).feed(ESC + "[41m");
        replay.replay(t.terminal(), "plain " + ESC + "[1;32mgreen");
        t.feed("x");
        assertVtEquals("plain " + ESC + "[1;32mgreen" + ESC + "[0mx", t.export());
    }

    @Test
    void longScrollbackWrapsAndScrollsIntoTheHistory() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            text.append(i == 0 ? "" : "\r\n").append("line ").append(i).append(':').append("=".repeat(i % 150));
        }
        HeadlessTerminal t = new HeadlessTerminal(80, 24, 10_000);
        replay.replay(t.terminal(), text.toString());
        t.buffer().lock();
        try {
            assertTrue(t.buffer().getHistoryLinesCount() > 300, "wrapped rows went to the history");
        } finally {
            t.buffer().unlock();
        }
        assertVtEquals(text.toString(), t.export());
    }

    @Test
    void wideCharactersAtTheEndOfARowAreNotLost() {
        String text = "ab中文字符中文字符xyz\r\n" + "中".repeat(12);
        // The library problem: fed as one run, the wide characters overflow the row and the overflow is deleted.
        String live = new HeadlessTerminal(10, 5, 100).feed(text).export();
        assertFalse(live.contains("中文字符中文字符"), "JediTerm's own stream loses characters: " + live);

        HeadlessTerminal restored = new HeadlessTerminal(10, 5, 100);
        replay.replay(restored.terminal(), text);
        assertVtEquals(text, restored.export());
    }

    @Test
    void wrappingOntoANewBottomRowDoesNotPaintItWithTheBackground() {
        // The third line wraps at the bottom of a 3-row screen just as a red background starts.
        String text = "one\r\ntwo\r\n0123456789" + ESC + "[41mX" + ESC + "[0m";
        HeadlessTerminal live = new HeadlessTerminal(10, 3, 100).feed(text);
        assertVtEquals("one\r\ntwo\r\n0123456789" + ESC + "[41mX         " + ESC + "[0m", live.export(),
                "the emulator paints a row it scrolls in with the current background");

        HeadlessTerminal restored = new HeadlessTerminal(10, 3, 100);
        replay.replay(restored.terminal(), text);
        assertVtEquals(text, restored.export());
    }

    @Test
    void replayingInSmallStepsGivesTheSameModel() {
        String text = "héllo " + ESC + "[38;2;10;20;30m中文😀 world\r\n" + ESC + "[4;7mnext" + ESC + "[0m line "
                + "x".repeat(200);
        HeadlessTerminal whole = new HeadlessTerminal(80, 24, 1_000);
        replay.replay(whole.terminal(), text);
        for (int step = 1; step <= 40; step++) {
            HeadlessTerminal stepped = new HeadlessTerminal(80, 24, 1_000);
            PendingReplay pending = replay.begin(stepped.terminal(), text);
            int steps = 0;
            while (!pending.step(step)) {
                steps++;
            }
            assertTrue(pending.isDone());
            assertEquals(0, pending.remainingChars());
            assertTrue(step > 30 || steps > 1);
            assertVtEquals(whole.export(), stepped.export(), "step " + step);
        }
        assertThrows(IllegalArgumentException.class, () -> replay.begin(whole.terminal(), "x").step(0));
    }

    @Test
    void separatorIsADimLineWithTheLocalTimeOnALineOfItsOwn() {
        HeadlessTerminal t = new HeadlessTerminal(80, 24, 100);
        replay.replay(t.terminal(), "restored text");
        replay.separator(t.terminal());
        t.feed("$ ");
        assertVtEquals("restored text\r\n" + ESC + "[2m\u2500\u2500 restored 2024-03-05 15:07 \u2500\u2500" + ESC
                + "[0m\r\n$", t.export());
    }

    @Test
    void separatorAtTheStartOfALineAddsNoBlankLine() {
        HeadlessTerminal t = new HeadlessTerminal(80, 24, 100);
        replay.replay(t.terminal(), "restored text\r\n");
        replay.separator(t.terminal());
        assertVtEquals("restored text\r\n" + ESC + "[2m\u2500\u2500 restored 2024-03-05 15:07 \u2500\u2500" + ESC
                + "[0m", t.export());

        HeadlessTerminal full = new HeadlessTerminal(10, 5, 100);
        replay.replay(full.terminal(), "0123456789");
        replay.separator(full.terminal());
        assertTrue(full.export().startsWith("0123456789\r\n" + ESC + "[2m"), "a full last line is ended first");
    }

    @Test
    void aSeparatorWiderThanTheTerminalBreaksBetweenWordsNotInsideOne() {
        HeadlessTerminal t = new HeadlessTerminal(30, 10, 100);
        replay.separator(t.terminal(), "restored 16:18:57 from a checkpoint taken 8 s before the crash");
        String text = t.export().replaceAll(ESC + "\\[[0-9;]*m", "");
        assertEquals("\u2500\u2500 restored 16:18:57 from a\r\ncheckpoint taken 8 s before\r\nthe crash \u2500\u2500", text.strip());
        assertEquals(List.of("abcdefghij", "klm no"), InertReplay.betweenWords("abcdefghijklm no", 10));
    }
}
