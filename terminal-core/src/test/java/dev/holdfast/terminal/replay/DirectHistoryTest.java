package dev.holdfast.terminal.replay;

import static dev.holdfast.terminal.export.VtText.assertVtEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.RequestOrigin;
import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.StyleState;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import com.techsenger.jeditermfx.core.util.TermSize;
import dev.holdfast.terminal.emulation.HiddenDisplay;
import dev.holdfast.terminal.export.HeadlessTerminal;
import dev.holdfast.terminal.export.PrimaryBuffers;
import dev.holdfast.terminal.export.RandomStyledText;
import dev.holdfast.terminal.export.ScrollbackCapture;
import dev.holdfast.terminal.export.SgrFormatter;
import dev.holdfast.terminal.export.VtExport;
import dev.holdfast.terminal.scrollback.FastHistoryTextBuffer;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Rows built without the emulator are the rows the emulator would have made: replaying with the direct history and
 * replaying through the emulator alone leave the same model, row by row and cell by cell (text, style, wrapped
 * flag), the same cursor and the same current style, in Holdfast's buffer and in the library's.
 */
class DirectHistoryTest {
    private static final String ESC = "\u001b";
    private final ReplaySanitizer sanitizer = new ReplaySanitizer();

    static JediTerminal fast(int columns, int rows, int history) {
        StyleState style = new StyleState();
        return new JediTerminal(new HiddenDisplay(),
                FastHistoryTextBuffer.create(columns, rows, style, history), style);
    }

    static JediTerminal library(int columns, int rows, int history) {
        StyleState style = new StyleState();
        return new JediTerminal(new HiddenDisplay(), new TerminalTextBuffer(columns, rows, style, history,
                null), style);
    }

    /** The replay as InertReplay runs it, with or without the direct rows. */
    private PendingReplay pending(JediTerminal terminal, String text, boolean direct) {
        char[] chars = ("\u001b[0m" + sanitizer.sanitize(text) + "\u001b[0m").toCharArray();
        TerminalTextBuffer buffer = terminal.getTerminalTextBuffer();
        DirectHistory.Plan plan = direct
                ? DirectHistory.plan(chars, buffer.getWidth(), buffer.getHeight(), new SgrStyles())
                : DirectHistory.Plan.none(buffer.getWidth());
        return new PendingReplay(terminal, chars, plan);
    }

    private void replay(JediTerminal terminal, String text, boolean direct, int step) {
        PendingReplay p = pending(terminal, text, direct);
        while (!p.step(step)) {
            // Bounded steps, as the restore runs them.
        }
    }

    /** Asserts both ways leave the same model; returns how many direct lines the plan had. */
    private int assertSameModel(String text, Supplier<JediTerminal> fresh, int step, String where) {
        JediTerminal expected = fresh.get();
        replay(expected, text, false, step);
        JediTerminal actual = fresh.get();
        TerminalTextBuffer b = actual.getTerminalTextBuffer();
        char[] chars = ("\u001b[0m" + sanitizer.sanitize(text) + "\u001b[0m").toCharArray();
        int direct = DirectHistory.plan(chars, b.getWidth(), b.getHeight(), new SgrStyles()).lines().size();
        replay(actual, text, true, step);
        assertSameModel(expected, actual, where);
        return direct;
    }

    static void assertSameModel(JediTerminal expected, JediTerminal actual, String where) {
        TerminalTextBuffer e = expected.getTerminalTextBuffer();
        TerminalTextBuffer a = actual.getTerminalTextBuffer();
        assertEquals(e.getHistoryLinesCount(), a.getHistoryLinesCount(), where + ": history lines");
        for (int row = -e.getHistoryLinesCount(); row < e.getHeight(); row++) {
            TerminalLine le = e.getLine(row);
            TerminalLine la = a.getLine(row);
            String at = where + ", row " + row;
            assertEquals(le.isWrapped(), la.isWrapped(), at + ": wrapped");
            String te = visibleCells(le.getText());
            String ta = visibleCells(la.getText());
            assertEquals(te, ta, at + ": text");
            for (int column = 0; column < te.length(); column++) {
                assertEquals(style(le.getStyleAt(column)), style(la.getStyleAt(column)), at + ", column " + column);
            }
        }
        assertEquals(expected.getCursorX(), actual.getCursorX(), where + ": cursor column");
        assertEquals(expected.getCursorY(), actual.getCursorY(), where + ": cursor row");
        assertEquals(style(expected.getStyleState().getCurrent()), style(actual.getStyleState().getCurrent()),
                where + ": current style");
        assertVtEquals(export(expected), export(actual), where);
    }

    /** Blank cells at the end, NUL or missing, draw and export alike. */
    private static String visibleCells(String text) {
        int end = text.length();
        while (end > 0 && text.charAt(end - 1) == '\0') {
            end--;
        }
        return text.substring(0, end);
    }

    private static TextStyle style(TextStyle style) {
        return Objects.requireNonNullElse(style, TextStyle.EMPTY);
    }

    static String export(JediTerminal terminal) {
        return new VtExport(new SgrFormatter()).format(new ScrollbackCapture(new PrimaryBuffers()).capture(terminal));
    }

    @Test
    void exportedRandomStyledTextReplaysToTheSameModelEitherWay() {
        long seed = 0x5eed_d1ec7L;
        Random random = new Random(seed);
        RandomStyledText outputs = new RandomStyledText(random, 120, 300);
        for (int i = 0; i < 100; i++) {
            // What a restore replays is an export: feed random output to a terminal and export it.
            String exported = new HeadlessTerminal(80, 24, 10_000).feed(outputs.next()).export();
            assertSameModel(exported, randomTerminal(random), 1 + random.nextInt(20_000), "seed " + seed + ", case " + i);
        }
    }

    @Test
    void randomLogsOfMostlySimpleLinesReplayToTheSameModelEitherWay() {
        long seed = 0x10_95L;
        Random random = new Random(seed);
        RandomLogs logs = new RandomLogs(random, false);
        int withDirectLines = 0;
        for (int i = 0; i < 150; i++) {
            String log = logs.next(400);
            withDirectLines += assertSameModel(log, randomTerminal(random), 1 + random.nextInt(20_000),
                    "seed " + seed + ", case " + i) > 0 ? 1 : 0;
        }
        assertTrue(withDirectLines > 30, "cases that used direct rows: " + withDirectLines);
    }

    private static Supplier<JediTerminal> randomTerminal(Random random) {
        int columns = 20 + random.nextInt(120);
        int rows = 2 + random.nextInt(40);
        int history = random.nextBoolean() ? 10_000 : 1 + random.nextInt(60);
        return random.nextBoolean() ? () -> fast(columns, rows, history) : () -> library(columns, rows, history);
    }

    @Test
    void aColourCarriedOutOfTheLastDirectLineColoursTheEmulatorsFirstLine() {
        // Every line begins in the colour the one before left on: wherever the plan hands over, the emulator's
        // first characters must be in it (they were written in the default colour before the hand-over said it).
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            text.append("carried ").append(i).append(' ').append(ESC).append("[3").append(1 + i % 6).append("mset\r\n");
        }
        for (int rows : new int[] {5, 24, 50}) {
            JediTerminal fresh = fast(80, rows, 10_000);
            TerminalTextBuffer b = fresh.getTerminalTextBuffer();
            char[] chars = ("\u001b[0m" + sanitizer.sanitize(text.toString()) + "\u001b[0m").toCharArray();
            assertTrue(DirectHistory.plan(chars, b.getWidth(), b.getHeight(), new SgrStyles()).lines().size() > 200,
                    "most lines direct");
            assertSameModel(text.toString(), () -> fast(80, rows, 10_000), 4_096, "80x" + rows);
        }
    }

    @Test
    void theLinesADirectReplayMustLeaveToTheEmulatorComeOutTheSame() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 60; i++) {
            text.append(ESC).append("[3").append(i % 8).append('m').append("plain line ").append(i).append(ESC)
                    .append("[0m\r\n");
            switch (i % 12) {
                case 0 -> text.append("x".repeat(80)).append("\r\n"); // exactly the width
                case 1 -> text.append("y".repeat(81)).append("\r\n"); // one past it
                case 2 -> text.append("\r\n"); // empty
                case 3 -> text.append(ESC).append("[44mblue background left on").append("\r\n").append(ESC).append("[0m");
                case 4 -> text.append("wide 日本語 characters\r\n");
                case 5 -> text.append("a\ttab\r\n");
                case 6 -> text.append("progress 10%\rprogress 99%\r\n"); // a lone CR
                case 7 -> text.append("lone\nline feed\r\n");
                case 8 -> text.append(ESC).append("[38:2::255:0:0mcolon colour").append(ESC).append("[9;53;58:5:3mmore")
                        .append(ESC).append("[0m\r\n");
                case 9 -> text.append(ESC).append("[1;7mbold inverse across a wrap ").append("z".repeat(100)).append(ESC)
                        .append("[0m\r\n");
                case 10 -> text.append("café — naïve “quotes” ─┼─ ▓ → ≠ €\r\n");
                case 11 -> text.append("e\u0301 combining\r\n");
                default -> { }
            }
        }
        text.append("last line without a break");
        for (int columns : new int[] {10, 40, 80, 133}) {
            for (int rows : new int[] {1, 5, 24}) {
                assertSameModel(text.toString(), () -> fast(columns, rows, 10_000), 4_096, columns + "x" + rows);
                assertSameModel(text.toString(), () -> library(columns, rows, 50), 977, columns + "x" + rows + ", 50");
            }
        }
    }

    @Test
    void aColouredLogOfFourThousandLinesGoesMostlyDirect() {
        StringBuilder log = new StringBuilder();
        for (int i = 0; i < 4_000; i++) {
            log.append(ESC).append("[3").append(i % 8).append('m').append(String.format("%05d", i)).append(ESC)
                    .append("[0m ").append(ESC).append("[1mcompiling").append(ESC).append("[0m src/File").append(i % 97)
                    .append(".java ").append(ESC).append("[38;5;").append(i % 256).append("mwarn").append(ESC)
                    .append("[0m ").append(ESC).append("[38;2;200;").append(i % 200).append(";90mdone").append(ESC)
                    .append("[0m\r\n");
        }
        int direct = assertSameModel(log.toString(), () -> fast(120, 40, 10_000), 4_096, "log");
        assertTrue(direct >= 4_000 - 41, "direct lines: " + direct);
    }

    @Test
    void aTerminalThatIsNotFreshOrWasResizedGetsTheEmulatorsModelAllTheSame() {
        String text = (ESC + "[32mgreen" + ESC + "[0m line\r\n").repeat(300) + "end";
        // Written to before the replay's first step: the planned rows do not fit, the emulator does it all.
        JediTerminal expected = fast(80, 24, 10_000);
        expected.getTerminalTextBuffer().lock();
        PendingReplay.feed(expected, "already here\r\n".toCharArray(), 0, 14);
        expected.getTerminalTextBuffer().unlock();
        replay(expected, text, false, 4_096);
        JediTerminal actual = fast(80, 24, 10_000);
        PendingReplay p = pending(actual, text, true);
        actual.getTerminalTextBuffer().lock();
        PendingReplay.feed(actual, "already here\r\n".toCharArray(), 0, 14);
        actual.getTerminalTextBuffer().unlock();
        while (!p.step(4_096)) {
            // Steps.
        }
        assertSameModel(expected, actual, "not fresh");

        // Resized between two steps: the emulator takes over at the next line, at the new width.
        JediTerminal resized = fast(80, 24, 10_000);
        PendingReplay q = pending(resized, text, true);
        q.step(200);
        resized.getTerminalTextBuffer().lock();
        try {
            resized.resize(new TermSize(100, 24), RequestOrigin.User);
        } finally {
            resized.getTerminalTextBuffer().unlock();
        }
        while (!q.step(200)) {
            // Steps.
        }
        JediTerminal whole = fast(100, 24, 10_000);
        replay(whole, text, false, 4_096);
        assertVtEquals(export(whole), export(resized), "resized");
    }

    @Test
    void replayStillSendsNothingAndKeepsItsSeparatorLast() {
        InertReplay inert = new InertReplay(sanitizer, Clock.systemUTC(), DateTimeFormatter.ISO_LOCAL_DATE_TIME);
        HeadlessTerminal t = new HeadlessTerminal(80, 24, 10_000);
        inert.replay(t.terminal(), ("restored " + ESC + "[6n line\r\n").repeat(500));
        inert.separator(t.terminal(), "restored now");
        String export = t.export();
        assertTrue(export.endsWith("── restored now ──" + ESC + "[0m\r\n") || export.contains("── restored now ──"),
                export.substring(Math.max(0, export.length() - 200)));
        assertEquals(500, export.split("restored  line", -1).length - 1);
    }
}
