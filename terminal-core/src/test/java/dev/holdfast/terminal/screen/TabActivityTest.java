package dev.holdfast.terminal.screen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.pty.ProcessSnapshot;
import dev.holdfast.terminal.shell.CommandRun;
import dev.holdfast.terminal.shell.ShellPhase;
import dev.holdfast.terminal.shell.ShellStatus;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TabActivityTest {
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    private static final ProcessSnapshot AT_SHELL = new ProcessSnapshot(Optional.of(Path.of("/src")), Optional.empty());
    private static final ShellStatus AT_PROMPT = new ShellStatus(true, ShellPhase.INPUT, null, null, List.of(), "box", "/src");
    private static final ActivitySettings SETTINGS = ActivitySettings.DEFAULT;

    private long generation;

    private static VisibleScreen screen(String... lines) {
        List<String> rows = new ArrayList<>(List.of(lines));
        while (rows.size() < 24) {
            rows.add("");
        }
        return VisibleScreen.of(80, rows, lines.length - 1, lines[lines.length - 1].length());
    }

    private Look look(Instant at, VisibleScreen screen, ProcessSnapshot process, ShellStatus shell) {
        return new Look(at, screen, ProgramKind.ofForegroundCommand(process.foregroundCommand()), ++generation,
                process, shell, null, "src", "bash", "box");
    }

    private Look look(Instant at, VisibleScreen screen) {
        return look(at, screen, AT_SHELL, AT_PROMPT);
    }

    private static TabActivity fresh(Instant at) {
        return new TabActivity(new ActivitySeed.Fresh(at), SETTINGS, ClassifierMode.SHELL_INTEGRATION, at);
    }

    private static ActivitySeed.Restored restoredFrom(TabActivity before, VisibleScreenFingerprint savedWithScrollback) {
        // What the clock store hands back when its row's hash equals the fingerprint saved with the scrollback.
        assertEquals(before.fingerprint(), savedWithScrollback);
        TabClocks c = before.clocks();
        return new ActivitySeed.Restored(before.fingerprint(), c.lastActivityAt(), c.state(), c.stateSince(), before.card());
    }

    /** A tab that ran `make` three days before the restart and has sat at its prompt since. */
    private TabActivity tabThatRanMake() {
        TabActivity tab = fresh(T0);
        tab.look(look(T0.plusMillis(300), screen("ann@box:/src$")));
        LookResult ran = tab.look(look(T0.plusSeconds(60), screen("ann@box:/src$ make", "ok", "ann@box:/src$")));
        assertTrue(ran.activity());
        return tab;
    }

    @Test
    void aRestartWithNothingChangedKeepsBothClocksAndTheFingerprintAcrossRestarts() {
        TabActivity before = tabThatRanMake();
        TabClocks clocks = before.clocks();
        VisibleScreen atQuit = screen("ann@box:/src$ make", "ok", "ann@box:/src$");
        VisibleScreenFingerprint saved = before.fingerprintOfCapture(atQuit, T0.plusSeconds(70));

        Instant restart = T0.plus(Duration.ofDays(3));
        TabActivity after = new TabActivity(restoredFrom(before, saved), SETTINGS, ClassifierMode.SHELL_INTEGRATION, restart);
        // The restored text, the separator, then a new shell's greeting and prompt: not a change of the tab.
        VisibleScreen restored = screen("ann@box:/src$ make", "ok", "ann@box:/src$",
                "── restored 3 days ago ──", "Welcome back!", "ann@box:/src$");
        LookResult first = after.look(look(restart.plusMillis(400), restored, AT_SHELL, ShellStatus.NONE));
        LookResult second = after.look(look(restart.plusMillis(1400), restored));
        assertFalse(first.activity());
        assertFalse(second.activity());
        assertFalse(second.stateChanged());
        assertEquals(clocks, after.clocks(), "both clocks as they were before the restart");
        assertEquals(saved, after.fingerprint(), "known by the stored fingerprint while nothing changed");
        assertFalse(after.settling());
        assertEquals(saved, after.fingerprintOfCapture(restored, restart.plusSeconds(5)),
                "a save now records what the row holds, so the next restart matches again");

        TabActivity third = new TabActivity(restoredFrom(after, after.fingerprintOfCapture(restored, restart.plusSeconds(5))),
                SETTINGS, ClassifierMode.SHELL_INTEGRATION, restart.plus(Duration.ofHours(1)));
        third.look(look(restart.plus(Duration.ofHours(1)).plusSeconds(1), restored));
        assertEquals(clocks, third.clocks());
    }

    @Test
    void theFirstRealChangeAfterARestoreMovesLastActivityOnly() {
        TabActivity before = tabThatRanMake();
        Instant restart = T0.plus(Duration.ofDays(1));
        TabActivity after = new TabActivity(restoredFrom(before, before.fingerprint()), SETTINGS,
                ClassifierMode.SHELL_INTEGRATION, restart);
        VisibleScreen restored = screen("ok", "── restored ──", "ann@box:/src$");
        after.look(look(restart.plusSeconds(1), restored));
        LookResult typed = after.look(look(restart.plusSeconds(30), screen("ok", "── restored ──", "ann@box:/src$ ls")));
        assertTrue(typed.activity());
        assertEquals(restart.plusSeconds(30), after.clocks().lastActivityAt());
        assertEquals(before.clocks().stateSince(), after.clocks().stateSince(), "still idle since before the restart");
        assertNotEquals(before.fingerprint(), after.fingerprint());
    }

    @Test
    void aFallbackSeedStartsBothClocksAtTheLastMomentThePreviousLaunchWasAlive() {
        Instant alive = T0.minusSeconds(20);
        TabActivity tab = new TabActivity(new ActivitySeed.Fallback(alive), SETTINGS, ClassifierMode.SHELL_INTEGRATION, T0);
        tab.look(look(T0.plusSeconds(1), screen("something new", "── restored ──", "$")));
        assertEquals(new TabClocks(alive, TabState.IDLE, alive), tab.clocks());
    }

    @Test
    void anIdleTabWhoseScreenChangesWithoutLeavingIdleKeepsItsStateSince() {
        TabActivity tab = fresh(T0);
        tab.look(look(T0.plusSeconds(1), screen("$")));
        Instant idleSince = tab.clocks().stateSince();
        LookResult changed = tab.look(look(T0.plusSeconds(40), screen("$ true", "$")));
        assertTrue(changed.activity());
        assertFalse(changed.stateChanged());
        assertEquals(TabState.IDLE, tab.clocks().state());
        assertEquals(idleSince, tab.clocks().stateSince());
        assertEquals(T0.plusSeconds(40), tab.clocks().lastActivityAt());
    }

    @Test
    void storedTimesInTheFutureAreClampedToNow() {
        Instant future = T0.plus(Duration.ofDays(2));
        VisibleScreenFingerprint fp = new VisibleScreenFingerprint("a".repeat(64));
        TabActivity tab = new TabActivity(new ActivitySeed.Restored(fp, future, TabState.IDLE, future, null), SETTINGS,
                ClassifierMode.SHELL_INTEGRATION, T0);
        assertEquals(new TabClocks(T0, TabState.IDLE, T0), tab.clocks());
        TabActivity fallback = new TabActivity(new ActivitySeed.Fallback(future), SETTINGS,
                ClassifierMode.SHELL_INTEGRATION, T0);
        assertEquals(T0, fallback.clocks().lastActivityAt());
    }

    @Test
    void aTickingFooterNeverMovesLastActivity() {
        ProcessSnapshot codex = new ProcessSnapshot(Optional.of(Path.of("/src")), Optional.of("codex"));
        ShellStatus running = new ShellStatus(true, ShellPhase.RUNNING, "codex", T0, List.of(), null, "/src");
        TabActivity tab = fresh(T0);
        tab.look(look(T0.plusSeconds(1), screen("› ", "", "gpt-5 · weekly 42% left · 57% context left"), codex, running));
        tab.look(look(T0.plusSeconds(12), screen("› ", "", "gpt-5 · weekly 42% left · 57% context left"), codex, running));
        Instant updated = tab.clocks().lastActivityAt();
        for (int minute = 1; minute <= 60; minute++) {
            int left = 42 - minute / 10;
            LookResult r = tab.look(look(T0.plus(Duration.ofMinutes(minute)),
                    screen("› ", "", "gpt-5 · weekly " + left + "% left · 5" + "7% context left"), codex, running));
            assertFalse(r.activity(), "minute " + minute);
        }
        assertEquals(updated, tab.clocks().lastActivityAt());
        assertEquals(TabState.IDLE, tab.clocks().state());
    }

    @Test
    void withoutMarksSettlingEndsOnceTheShellsScreenHoldsStill() {
        TabActivity tab = fresh(T0);
        LookResult first = tab.look(look(T0.plusMillis(200), screen("loading rc"), AT_SHELL, ShellStatus.NONE));
        assertTrue(first.settling());
        assertEquals(T0.plusMillis(1200), first.lookAgainAt(), "looks again without output until settled");
        tab.look(look(T0.plusMillis(1200), screen("loading rc", "$"), AT_SHELL, ShellStatus.NONE));
        LookResult still = tab.look(look(T0.plusMillis(2200), screen("loading rc", "$"), AT_SHELL, ShellStatus.NONE));
        assertFalse(still.settling());
        assertEquals(T0, tab.clocks().lastActivityAt(), "the greeting was no activity");
        assertTrue(tab.look(look(T0.plusSeconds(30), screen("loading rc", "$ x"), AT_SHELL, ShellStatus.NONE)).activity());
    }

    @Test
    void settlingEndsAfterItsLimitWhateverTheShellDoes() {
        ProcessSnapshot busy = new ProcessSnapshot(Optional.empty(), Optional.of("fortune"));
        TabActivity tab = fresh(T0);
        for (int s = 1; s < 10; s++) {
            assertFalse(tab.look(look(T0.plusSeconds(s), screen("frame " + s), busy, ShellStatus.NONE)).activity());
        }
        tab.look(look(T0.plusSeconds(10), screen("frame 10"), busy, ShellStatus.NONE));
        assertFalse(tab.settling());
        assertTrue(tab.look(look(T0.plusSeconds(11), screen("frame 11"), busy, ShellStatus.NONE)).activity());
    }

    @Test
    void aShellThatStartsLateSettlesFromItsOwnStart() {
        // A restored tab waits for its replay, behind other tabs, before its shell starts: 15 s after it began here.
        ProcessSnapshot busy = new ProcessSnapshot(Optional.empty(), Optional.of("bashrc-work"));
        TabActivity tab = fresh(T0);
        tab.shellStarted(T0.plusSeconds(15));
        for (int s = 16; s < 25; s++) {
            assertFalse(tab.look(look(T0.plusSeconds(s), screen("rc " + s), busy, ShellStatus.NONE)).activity(),
                    "still settling " + (s - 15) + " s after the shell's start");
        }
        tab.look(look(T0.plusSeconds(25), screen("rc 25"), busy, ShellStatus.NONE));
        assertFalse(tab.settling(), "the limit counts from the shell's start");
        assertTrue(tab.look(look(T0.plusSeconds(26), screen("rc 26"), busy, ShellStatus.NONE)).activity());
        assertEquals(T0.plusSeconds(26), tab.clocks().lastActivityAt());
    }

    @Test
    void aResizeRedrawIsNotActivity() {
        TabActivity tab = fresh(T0);
        tab.look(look(T0.plusSeconds(1), screen("$ ls", "a b c", "$")));
        VisibleScreen narrow = VisibleScreen.of(40, List.of("$ ls", "a", "b", "c", "$"), 4, 1);
        LookResult resized = tab.look(look(T0.plusSeconds(20), narrow));
        assertFalse(resized.activity());
        assertEquals(T0.plusSeconds(22), resized.lookAgainAt());
        assertFalse(tab.look(look(T0.plusSeconds(21), VisibleScreen.of(40, List.of("$ ls", "a  b", "c", "$"), 3, 1))).activity());
        assertTrue(tab.look(look(T0.plusSeconds(30), VisibleScreen.of(40, List.of("$ ls", "a  b", "c", "$ pwd"), 3, 5))).activity());
        assertEquals(T0.plusSeconds(30), tab.clocks().lastActivityAt());
    }

    @Test
    void finishedCommandsReachTheCardAndTheLogWhichStaysBounded() {
        TabActivity tab = fresh(T0);
        tab.look(look(T0.plusSeconds(1), screen("$")));
        List<CommandRun> runs = new ArrayList<>();
        for (int i = 1; i <= 30; i++) {
            runs.add(new CommandRun(i, "make target-" + i, i % 2, T0.plusSeconds(i * 10L), T0.plusSeconds(i * 10L + 3)));
            ShellStatus status = new ShellStatus(true, ShellPhase.INPUT, null, null,
                    runs.subList(Math.max(0, runs.size() - 20), runs.size()), "box", "/src");
            tab.look(look(T0.plusSeconds(i * 10L + 4), screen("$ make target-" + i, "$"), AT_SHELL, status));
        }
        TabCard card = tab.card();
        assertEquals("make target-30", card.lastCommand().commandLine());
        assertEquals(0, card.lastCommand().exitStatus());
        assertEquals(Duration.ofSeconds(3), card.lastCommand().duration());
        assertEquals(SETTINGS.logEntries(), card.log().entries().size());
        assertTrue(card.log().estimatedBytes() <= SETTINGS.logBytes());
        assertEquals("make target-30", card.log().entries().get(19).command().commandLine());
        assertEquals("/src", card.directory());
        assertEquals("bash", card.program());
    }

    @Test
    void aWaitingTabsCardCarriesItsQuestion() {
        ProcessSnapshot apt = new ProcessSnapshot(Optional.empty(), Optional.of("apt"));
        ShellStatus running = new ShellStatus(true, ShellPhase.RUNNING, "apt upgrade", T0, List.of(), null, null);
        TabActivity tab = fresh(T0);
        tab.look(look(T0.plusSeconds(1), screen("$ apt upgrade"), apt, running));
        LookResult prompt = tab.look(look(T0.plusSeconds(2), screen("$ apt upgrade", "Continue? [Y/n] "), apt, running));
        assertEquals(TabState.WORKING, prompt.clocks().state(), "output just came");
        assertEquals(T0.plusSeconds(3), prompt.lookAgainAt());
        // Looked at again with no new output: the same generation.
        generation--;
        LookResult waiting = tab.look(look(T0.plusSeconds(3), screen("$ apt upgrade", "Continue? [Y/n] "), apt, running));
        assertEquals(TabState.WAITING, waiting.clocks().state());
        assertEquals("Continue? [Y/n]", waiting.card().question());
        assertEquals("apt", waiting.card().program());
        ActivityEntry last = waiting.card().log().entries().get(waiting.card().log().entries().size() - 1);
        assertEquals(TabState.WAITING, last.state());
        assertEquals("Continue? [Y/n]", last.question());
    }

    @Test
    void aStoredCardOfAnotherVersionIsNotRestored() {
        TabCard old = new TabCard(TabCard.CURRENT_VERSION + 1, "t", "/", "bash", ProgramKind.SHELL, TabState.IDLE, T0, T0,
                null, null, null, ActivityLog.EMPTY);
        VisibleScreenFingerprint fp = new VisibleScreenFingerprint("b".repeat(64));
        TabActivity tab = new TabActivity(new ActivitySeed.Restored(fp, T0, TabState.IDLE, T0, old), SETTINGS,
                ClassifierMode.SHELL_INTEGRATION, T0.plusSeconds(5));
        assertNull(tab.card());
        TabCard current = new TabCard(TabCard.CURRENT_VERSION, "t", "/", "bash", ProgramKind.SHELL, TabState.IDLE, T0, T0,
                null, null, null, ActivityLog.EMPTY);
        assertNotNull(new TabActivity(new ActivitySeed.Restored(fp, T0, TabState.IDLE, T0, current), SETTINGS,
                ClassifierMode.SHELL_INTEGRATION, T0.plusSeconds(5)).card());
    }

    @Test
    void aWorkingTabAsksToBeLookedAtAgainSoItCanGoIdleWithoutOutput() {
        ProcessSnapshot make = new ProcessSnapshot(Optional.empty(), Optional.of("make"));
        ShellStatus running = new ShellStatus(true, ShellPhase.RUNNING, "make", T0, List.of(), null, null);
        TabActivity tab = fresh(T0);
        tab.look(look(T0.plusSeconds(1), screen("$ make"), AT_SHELL, AT_PROMPT));
        LookResult busy = tab.look(look(T0.plusSeconds(20), screen("$ make", "cc -c a.c"), make, running));
        assertEquals(TabState.WORKING, busy.clocks().state());
        assertEquals(T0.plusSeconds(25), busy.lookAgainAt());
        generation--;
        LookResult quiet = tab.look(look(T0.plusSeconds(25), screen("$ make", "cc -c a.c"), make, running));
        assertEquals(TabState.IDLE, quiet.clocks().state());
        assertNull(quiet.lookAgainAt());
        assertEquals(T0.plusSeconds(25), quiet.clocks().stateSince());
    }
}
