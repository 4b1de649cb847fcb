package dev.holdfast.terminal.screen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.scrollback.HeadlessModel;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fingerprint on real emulator screens: what counts as a change of the visible screen, and what does not. */
class VisibleScreenFingerprintTest {
    private static final String E = "\u001b";
    private final ScreenNormalizer normalizer = new ScreenNormalizer();

    private static HeadlessModel model() {
        return HeadlessModel.fast(80, 24, 1000);
    }

    private static VisibleScreen screen(HeadlessModel m) {
        return VisibleScreen.capture(m.terminal());
    }

    private VisibleScreenFingerprint fingerprint(HeadlessModel m, ProgramKind kind) {
        return VisibleScreenFingerprint.of(normalizer.normalize(screen(m), kind), TabCard.CURRENT_VERSION,
                ClassifierMode.SHELL_INTEGRATION);
    }

    /** A Codex-like inline screen: transcript, input box, footer on the last row. */
    private static HeadlessModel codexScreen(String footer, String status) {
        HeadlessModel m = model();
        m.feed(E + "[2J" + E + "[H");
        m.feed("› fix the flaky test\r\n\r\n• Ran pytest -q\r\n  └ 3 passed\r\n\r\n");
        m.feed(status + "\r\n\r\n");
        m.feed(E + "[22;1H› " + E + "[24;1H" + footer + E + "[22;3H");
        return m;
    }

    @Test
    void aCodexFooterTickLeavesTheFingerprintUnchanged() {
        HeadlessModel m = codexScreen("gpt-5.3-codex high · weekly 42% left · 5h 80% left · ~/proj", "");
        VisibleScreenFingerprint before = fingerprint(m, ProgramKind.CODEX);
        m.feed(E + "7" + E + "[24;1H" + E + "[2Kgpt-5.3-codex high · weekly 41% left · 5h 79% left · ~/proj" + E + "8");
        assertTrue(screen(m).rows().get(23).text().contains("weekly 41% left"));
        assertEquals(before, fingerprint(m, ProgramKind.CODEX));
    }

    @Test
    void aWorkingLineTimerAndSpinnerFrameLeaveTheFingerprintUnchanged() {
        HeadlessModel m = codexScreen("? for shortcuts · 57% context left", "• Working (12s • esc to interrupt)");
        VisibleScreenFingerprint before = fingerprint(m, ProgramKind.CODEX);
        m.feed(E + "7" + E + "[6;1H" + E + "[2K• Working (13s • esc to interrupt)" + E + "8");
        assertEquals(before, fingerprint(m, ProgramKind.CODEX));

        HeadlessModel shell = model().feed("⠋ Installing dependencies (3s)");
        VisibleScreenFingerprint spinning = fingerprint(shell, ProgramKind.OTHER);
        shell.feed("\r" + E + "[2K⠙ Installing dependencies (4s)");
        assertEquals(spinning, fingerprint(shell, ProgramKind.OTHER));
    }

    @Test
    void aRealChangeChangesTheFingerprint() {
        HeadlessModel m = codexScreen("? for shortcuts · 57% context left", "");
        VisibleScreenFingerprint before = fingerprint(m, ProgramKind.CODEX);
        m.feed("now fix the other one");
        assertNotEquals(before, fingerprint(m, ProgramKind.CODEX));

        HeadlessModel shell = model().feed("$ ");
        VisibleScreenFingerprint prompt = fingerprint(shell, ProgramKind.SHELL);
        shell.feed("ls\r\nREADME.md  pom.xml\r\n$ ");
        assertNotEquals(prompt, fingerprint(shell, ProgramKind.SHELL));
    }

    @Test
    void rowsScrollingOffTheTopWithTheScreenUnchangedKeepTheFingerprint() {
        // Codex redrawing its inline viewport pushes rows into the history without adding anything visible.
        HeadlessModel m = model();
        StringBuilder screenText = new StringBuilder();
        for (int i = 1; i <= 23; i++) {
            screenText.append("line ").append(i).append("\r\n");
        }
        m.feed(screenText + "$ ");
        VisibleScreenFingerprint before = fingerprint(m, ProgramKind.SHELL);
        int historyBefore = m.buffer().getHistoryLinesCount();
        m.feed("\r\n".repeat(14));
        m.feed(E + "[H" + screenText.toString().replace("\r\n", E + "[K\r\n") + "$ " + E + "[J");
        assertEquals(historyBefore + 14, m.buffer().getHistoryLinesCount(), "fourteen rows went into the history");
        assertEquals(before, fingerprint(m, ProgramKind.SHELL));
    }

    @Test
    void theCursorIsNotPartOfTheScreen() {
        HeadlessModel m = model().feed("$ echo hello\r\nhello\r\n$ ");
        VisibleScreenFingerprint before = fingerprint(m, ProgramKind.SHELL);
        m.feed(E + "[5;10H" + E + "[?25l");
        assertEquals(before, fingerprint(m, ProgramKind.SHELL));
    }

    @Test
    void theCardVersionAndTheClassifierModeAreMixedIn() {
        NormalizedScreen screen = new NormalizedScreen(List.of("$ "));
        VisibleScreenFingerprint base = VisibleScreenFingerprint.of(screen, 1, ClassifierMode.SHELL_INTEGRATION);
        assertEquals(base, VisibleScreenFingerprint.of(screen, 1, ClassifierMode.SHELL_INTEGRATION));
        assertNotEquals(base, VisibleScreenFingerprint.of(screen, 2, ClassifierMode.SHELL_INTEGRATION));
        assertNotEquals(base, VisibleScreenFingerprint.of(screen, 1, ClassifierMode.PROCESS_TABLE));
    }

    @Test
    void aWrappedLineIsOneLineWhateverTheWidth() {
        String text = "x".repeat(100);
        VisibleScreen wide = new VisibleScreen(80, List.of(new VisibleScreen.Row(text.substring(0, 80), true),
                new VisibleScreen.Row(text.substring(80), false), new VisibleScreen.Row("$", false)), 2, 1, false);
        VisibleScreen narrow = new VisibleScreen(60, List.of(new VisibleScreen.Row(text.substring(0, 60), true),
                new VisibleScreen.Row(text.substring(60), false), new VisibleScreen.Row("$", false),
                new VisibleScreen.Row("", false)), 2, 1, false);
        assertEquals(normalizer.normalize(wide, ProgramKind.SHELL), normalizer.normalize(narrow, ProgramKind.SHELL));
    }

    @Test
    void theCopyHoldsTheScreenRowsOnlyWithGapsAsBlanks() {
        HeadlessModel m = model();
        for (int i = 0; i < 40; i++) {
            m.feed("history " + i + "\r\n");
        }
        m.feed("a" + E + "[10Cb");
        VisibleScreen copy = screen(m);
        assertEquals(24, copy.height());
        assertEquals("history 17", copy.rows().get(0).text());
        assertEquals("a          b", copy.rows().get(23).text(), "text after a cursor jump is kept");
        assertEquals(23, copy.cursorRow());
        assertEquals(12, copy.cursorColumn());
    }
}
