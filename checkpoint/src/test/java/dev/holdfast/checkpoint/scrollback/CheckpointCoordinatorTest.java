package dev.holdfast.checkpoint.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.holdfast.checkpoint.scrollback.CheckpointSummary.Ending;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointCoordinatorTest {

    private static final Duration INTERVAL = CheckpointSettings.DEFAULT_CHECKPOINT_INTERVAL;

    @TempDir
    Path root;

    @Test
    void capturesOneTerminalPerUiTurnStartingTheTurnAfterThePlan() {
        Rig rig = new Rig(root);
        FakeTerminal a = rig.open(1).print("a");
        FakeTerminal b = rig.open(2).print("b");
        FakeTerminal c = rig.open(3).print("c");

        assertEquals(CheckpointStart.STARTED, rig.coordinator.runNow());
        assertEquals(List.of(), rig.captured, "the plan's own turn captures nothing");

        rig.ui.runNext();
        assertEquals(List.of(a.panelId()), rig.captured);
        rig.ui.runNext();
        assertEquals(List.of(a.panelId(), b.panelId()), rig.captured);
        rig.ui.runNext();
        assertEquals(List.of(a.panelId(), b.panelId(), c.panelId()), rig.captured);
    }

    @Test
    void capturesOnlyTerminalsWithOutputSinceTheirLastCapture() {
        Rig rig = new Rig(root);
        FakeTerminal busy = rig.open(1).print("one");
        FakeTerminal quietAfter = rig.open(2).print("two");
        FakeTerminal silent = rig.open(3);

        rig.checkpointNow();
        assertEquals(List.of(busy.panelId(), quietAfter.panelId()), rig.captured);

        busy.print("three");
        rig.captured.clear();
        rig.checkpointNow();

        assertEquals(List.of(busy.panelId()), rig.captured);
        assertEquals("one\r\nthree\r\n", rig.scrollbackOf(busy));
        assertEquals("two\r\n", rig.scrollbackOf(quietAfter));
        assertFalse(rig.hasFile(silent));
    }

    @Test
    void outputReadButNotYetParsedAtCaptureStaysPending() {
        Rig rig = new Rig(root);
        FakeTerminal terminal = rig.open(1).print("parsed");
        terminal.arrive("still in the reader's hands");

        rig.checkpointNow();

        assertEquals("parsed\r\n", rig.scrollbackOf(terminal));
        assertFalse(rig.pending(terminal), "what is not parsed is not pending yet: its generation is not processed");
        terminal.parse();
        assertTrue(rig.pending(terminal));

        rig.checkpointNow();

        assertEquals("parsed\r\nstill in the reader's hands\r\n", rig.scrollbackOf(terminal));
        assertFalse(rig.pending(terminal));
    }

    @Test
    void outputArrivingBetweenPlanAndCaptureIsCapturedOnlyOnceParsed() {
        Rig rig = new Rig(root);
        FakeTerminal parsedInTime = rig.open(1).print("a1");
        FakeTerminal parsedLate = rig.open(2).print("b1");

        rig.coordinator.runNow();
        parsedInTime.print("a2");
        parsedLate.arrive("b2");
        rig.settle();

        assertEquals("a1\r\na2\r\n", rig.scrollbackOf(parsedInTime));
        assertEquals(2, rig.recordOf(parsedInTime).get("generation").longValue());
        assertFalse(rig.pending(parsedInTime));
        assertEquals("b1\r\n", rig.scrollbackOf(parsedLate));
        assertEquals(1, rig.recordOf(parsedLate).get("generation").longValue());
        parsedLate.parse();
        assertTrue(rig.pending(parsedLate));
    }

    @Test
    void aTerminalWhoseUserTurnedPersistenceOffIsNotCapturedAndLosesItsFile() {
        Rig rig = new Rig(root);
        FakeTerminal terminal = rig.open(1).print("secret");
        rig.checkpointNow();
        assertTrue(rig.hasFile(terminal));

        terminal.persistScrollback = false;
        terminal.print("more secret");
        rig.captured.clear();
        rig.checkpointNow();

        assertEquals(List.of(), rig.captured);
        assertFalse(rig.hasFile(terminal));
        assertFalse(rig.pending(terminal), "an ineligible terminal is never pending");
    }

    @Test
    void aTerminalWhosePersistenceIsTurnedBackOnIsCapturedWithoutNewOutput() {
        Rig rig = new Rig(root);
        FakeTerminal terminal = rig.open(1).print("secret");
        rig.checkpointNow();
        terminal.persistScrollback = false;
        rig.checkpointNow();
        assertFalse(rig.hasFile(terminal));

        terminal.persistScrollback = true;
        rig.captured.clear();
        rig.checkpointNow();

        assertEquals(List.of(terminal.panelId()), rig.captured, "its file is gone, so its output is owed again");
        assertEquals("secret\r\n", rig.scrollbackOf(terminal));
    }

    @Test
    void aTerminalTurnedIneligibleBetweenPlanAndCaptureIsSkippedAndItsFileDeleted() {
        Rig rig = new Rig(root);
        FakeTerminal terminal = rig.open(1).print("one");
        rig.checkpointNow();
        terminal.print("two");

        rig.coordinator.runNow();
        terminal.persistScrollback = false;
        rig.captured.clear();
        rig.settle();

        assertEquals(List.of(), rig.captured);
        assertFalse(rig.hasFile(terminal));
        assertEquals(1, rig.finished.get(1).skipped());

        terminal.persistScrollback = true;
        rig.checkpointNow();
        assertEquals(List.of(terminal.panelId()), rig.captured, "its file is gone, so its output is owed again");
    }

    @Test
    void eachCheckpointPrunesTheFilesOfClosedTabs() {
        Rig rig = new Rig(root);
        FakeTerminal kept = rig.open(1).print("kept");
        FakeTerminal closed = rig.open(2).print("closed");
        rig.checkpointNow();
        assertTrue(rig.hasFile(closed));

        rig.terminals.remove(closed);
        rig.checkpointNow();

        assertFalse(rig.hasFile(closed));
        assertTrue(rig.hasFile(kept));
    }

    @Test
    void aTabClosedBetweenPlanAndCaptureIsSkipped() {
        Rig rig = new Rig(root);
        FakeTerminal closing = rig.open(1).print("bye");
        FakeTerminal staying = rig.open(2).print("hi");

        rig.coordinator.runNow();
        rig.terminals.remove(closing);
        rig.settle();

        assertEquals(List.of(staying.panelId()), rig.captured);
        assertFalse(rig.hasFile(closing));
        assertEquals(1, rig.finished.get(0).skipped());
    }

    @Test
    void atMostThreeCapturesPerCheckpointLongestPendingFirst() {
        Rig rig = new Rig(root);
        List<FakeTerminal> terminals = Stream.of(1, 2, 3, 4, 5).map(rig::open).toList();
        rig.checkpointNow();
        // They become pending in reverse tab order, one autosave tick apart.
        for (int i = 4; i >= 0; i--) {
            terminals.get(i).print("line");
            rig.clock.advance(CheckpointSettings.DEFAULT_AUTOSAVE_INTERVAL);
            assertEquals(CheckpointStart.NOT_DUE, rig.coordinator.runIfDue());
        }
        rig.clock.advance(INTERVAL);

        assertEquals(CheckpointStart.STARTED, rig.coordinator.runIfDue());
        rig.settle();

        assertEquals(List.of(terminals.get(4).panelId(), terminals.get(3).panelId(), terminals.get(2).panelId()),
                rig.captured);
        assertTrue(rig.pending(terminals.get(1)));
        assertTrue(rig.pending(terminals.get(0)));

        rig.captured.clear();
        rig.checkpointNow();

        assertEquals(List.of(terminals.get(1).panelId(), terminals.get(0).panelId()), rig.captured);
    }

    @Test
    void stopsTakingCapturesOnceFiftyMillisecondsOfCaptureTimeAreSpent() {
        Rig rig = new Rig(root);
        List<FakeTerminal> terminals = Stream.of(1, 2, 3).map(n -> rig.open(n).print("x")).toList();
        terminals.forEach(t -> rig.captureCost.put(t.panelId(), Duration.ofMillis(30)));

        CheckpointSummary summary = rig.checkpointNow();

        assertEquals(2, rig.captured.size(), "30 ms, then 60 ms: the budget is spent before the third");
        assertEquals(Ending.BUDGET_SPENT, summary.ending());
        assertEquals(1, summary.skipped());
        assertEquals(Duration.ofMillis(60), summary.captureTime());
        assertTrue(rig.pending(terminals.get(2)));
    }

    @Test
    void aSlowCaptureIsWrittenButItsTerminalIsLeftOutForTenMinutes() {
        Rig rig = new Rig(root);
        FakeTerminal slow = rig.open(1).print("big");
        rig.captureCost.put(slow.panelId(), Duration.ofMillis(51));

        rig.checkpointNow();
        assertEquals("big\r\n", rig.scrollbackOf(slow));
        Instant backoffEnds = Rig.START.plus(CheckpointSettings.DEFAULT_SLOW_CAPTURE_BACKOFF);
        assertEquals(backoffEnds, rig.stats(slow).backoffUntil());

        slow.print("bigger");
        rig.clock.set(backoffEnds.minusMillis(1));
        rig.captured.clear();
        rig.checkpointNow();
        assertEquals(List.of(), rig.captured);
        assertTrue(rig.pending(slow));

        rig.clock.set(backoffEnds);
        rig.checkpointNow();
        assertEquals(List.of(slow.panelId()), rig.captured);
    }

    @Test
    void aCaptureOfExactlyTheBudgetIsNotSlow() {
        Rig rig = new Rig(root);
        FakeTerminal terminal = rig.open(1).print("x");
        rig.captureCost.put(terminal.panelId(), Duration.ofMillis(50));

        rig.checkpointNow();

        assertNull(rig.stats(terminal).backoffUntil());
    }

    @Test
    void aFailedCaptureLeavesTheTerminalPendingAndOutForTenMinutes() {
        Rig rig = new Rig(root);
        FakeTerminal broken = rig.open(1).print("x");
        FakeTerminal fine = rig.open(2).print("y");
        rig.captureFails.add(broken.panelId());

        CheckpointSummary summary = rig.checkpointNow();

        assertEquals(1, summary.failed());
        assertFalse(rig.hasFile(broken));
        assertTrue(rig.hasFile(fine), "one terminal's failure does not stop the others");
        assertTrue(rig.pending(broken));
        assertEquals(Rig.START.plus(CheckpointSettings.DEFAULT_SLOW_CAPTURE_BACKOFF), rig.stats(broken).backoffUntil());

        rig.captureFails.clear();
        rig.captured.clear();
        rig.clock.advance(INTERVAL);
        rig.checkpointNow();
        assertEquals(List.of(), rig.captured);

        rig.clock.advance(CheckpointSettings.DEFAULT_SLOW_CAPTURE_BACKOFF);
        rig.checkpointNow();
        assertEquals(List.of(broken.panelId()), rig.captured);
    }

    @Test
    void typingMidCheckpointLeavesTheRestPending() {
        Rig rig = new Rig(root);
        List<FakeTerminal> terminals = Stream.of(1, 2, 3).map(n -> rig.open(n).print("x")).toList();

        rig.coordinator.runNow();
        rig.ui.runNext();
        rig.lastKeystroke = rig.clock.instant();
        rig.settle();

        assertEquals(List.of(terminals.get(0).panelId()), rig.captured);
        CheckpointSummary summary = rig.finished.get(0);
        assertEquals(Ending.TYPING_RESUMED, summary.ending());
        assertEquals(2, summary.skipped());
        assertTrue(rig.pending(terminals.get(1)));
        assertTrue(rig.pending(terminals.get(2)));
        assertFalse(rig.hasFile(terminals.get(1)));

        rig.clock.advance(INTERVAL);
        assertEquals(CheckpointStart.STARTED, rig.coordinator.runIfDue());
        rig.settle();
        assertEquals(3, rig.captured.size());
    }

    @Test
    void aKeystrokeBeforeAForcedCheckpointDoesNotStopIt() {
        Rig rig = new Rig(root);
        Stream.of(1, 2, 3).forEach(n -> rig.open(n).print("x"));
        rig.lastKeystroke = rig.clock.instant();

        CheckpointSummary summary = rig.checkpointNow();

        assertEquals(Ending.COMPLETED, summary.ending());
        assertEquals(3, rig.captured.size());
    }

    @Test
    void anAbandonedCheckpointDeletesItsFilesAtOnceAndLeavesNothingToRun() throws IOException {
        Rig rig = new Rig(root);
        FakeTerminal earlier = rig.open(9).print("from an earlier checkpoint");
        rig.checkpointNow();
        List<FakeTerminal> terminals = Stream.of(1, 2, 3).map(n -> rig.open(n).print("x")).toList();
        rig.captured.clear();

        rig.coordinator.runNow();
        rig.ui.runNext();
        rig.disk.drain();
        assertTrue(rig.hasFile(terminals.get(0)), "the first capture is on disk");
        rig.ui.runNext();
        rig.ui.runNext();

        rig.coordinator.abortForQuitOrRestore();

        assertFalse(rig.hasFile(terminals.get(0)), "deleted before abort returned, with no queue drained");
        assertTrue(rig.pending(terminals.get(0)));
        assertTrue(rig.pending(terminals.get(1)));
        assertEquals(Ending.ABANDONED, rig.finished.get(1).ending());
        int capturesSoFar = rig.captured.size();

        rig.settle();

        assertEquals(capturesSoFar, rig.captured.size(), "no capture ran after the abort");
        for (FakeTerminal terminal : terminals) {
            assertFalse(rig.hasFile(terminal), "nothing of the abandoned checkpoint reached the disk");
            assertTrue(rig.pending(terminal));
        }
        assertTrue(rig.hasFile(earlier), "a finished checkpoint's file is not this checkpoint's to delete");
        assertEquals(2, rig.finished.size());
        assertEquals(CheckpointStart.STARTED, rig.coordinator.runNow(), "the next checkpoint may start");
    }

    @Test
    void anAbandonedCheckpointDoesNoMoreWorkOnEitherThread() {
        Rig rig = new Rig(root);
        FakeTerminal closed = rig.open(2).print("closed");
        rig.checkpointNow();
        rig.terminals.remove(closed);
        Stream.of(1, 3, 4).forEach(n -> rig.open(n).print("x"));
        rig.captured.clear();
        rig.formats = 0;

        rig.coordinator.runNow();
        rig.ui.runNext();
        rig.coordinator.abortForQuitOrRestore();
        rig.settle();

        assertEquals(1, rig.captured.size());
        assertEquals(0, rig.formats, "its capture is not even formatted");
        assertTrue(rig.hasFile(closed), "its prune does not run either; the next checkpoint's will");
        assertEquals(List.of(), rig.terminals.stream().filter(rig::hasFile).toList());
    }

    @Test
    void anAbortWhileACaptureIsBeingFormattedKeepsItOffTheDisk() {
        Rig rig = new Rig(root);
        FakeTerminal terminal = rig.open(1).print("x");
        rig.onFormat = () -> {
            rig.onFormat = () -> { };
            rig.coordinator.abortForQuitOrRestore();
        };

        rig.checkpointNow();

        assertFalse(rig.hasFile(terminal), "the abort came after the executor picked the capture up, before its write");
        assertTrue(rig.pending(terminal));
        assertEquals(Ending.ABANDONED, rig.finished.get(0).ending());
    }

    @Test
    void abortingWithNoCheckpointRunningDoesNothing() {
        Rig rig = new Rig(root);
        FakeTerminal terminal = rig.open(1).print("x");
        rig.checkpointNow();

        rig.coordinator.abortForQuitOrRestore();

        assertTrue(rig.hasFile(terminal));
        assertFalse(rig.pending(terminal));
    }

    @Test
    void seedingWritesRestoredScrollbackWithoutACaptureAndPrunesNothing() throws IOException {
        Rig rig = new Rig(root);
        FakeTerminal closedEarlier = rig.open(2).print("old");
        rig.checkpointNow();
        rig.terminals.remove(closedEarlier);
        FakeTerminal restored = rig.open(1);
        Instant takenBeforeTheCrash = Rig.START.minusSeconds(42);
        rig.captured.clear();

        rig.coordinator.seed(List.of(new ScrollbackSeed(restored.panelId(), "recovered\r\n", takenBeforeTheCrash, true)));
        rig.settle();

        assertEquals(List.of(), rig.captured);
        JsonNode record = rig.recordOf(restored);
        assertEquals("recovered\r\n", record.get("scrollback").textValue());
        assertEquals(Rig.LAUNCH.toString(), record.get("launchId").textValue());
        assertEquals(takenBeforeTheCrash.toString(), record.get("capturedAt").textValue());
        assertEquals(0, record.get("generation").longValue());
        assertTrue(record.get("agent").booleanValue());
        assertTrue(rig.hasFile(closedEarlier), "a seed batch does not prune");
        assertFalse(rig.pending(restored));
        assertEquals(1, rig.coordinator.stats().seeded());
    }

    @Test
    void aFailedWriteLeavesTheTerminalPending() throws IOException {
        Rig rig = new Rig(root);
        FakeTerminal terminal = rig.open(1).print("x");
        rig.blockWrites(terminal);

        CheckpointSummary summary = rig.checkpointNow();

        assertEquals(1, summary.failed());
        assertEquals(0, summary.written());
        assertTrue(rig.pending(terminal), "pending although its generation did not move");
        assertNull(rig.stats(terminal).backoffUntil(), "a disk problem is not the terminal's fault");

        rig.unblockWrites(terminal);
        rig.checkpointNow();
        assertEquals("x\r\n", rig.scrollbackOf(terminal));
        assertFalse(rig.pending(terminal));
    }

    @Test
    void aFailedFormatLeavesTheTerminalPending() {
        Rig rig = new Rig(root);
        FakeTerminal terminal = rig.open(1).print("x");
        rig.formatFails.add(terminal.panelId());

        CheckpointSummary summary = rig.checkpointNow();

        assertEquals(1, summary.failed());
        assertFalse(rig.hasFile(terminal));
        assertTrue(rig.pending(terminal));

        rig.formatFails.clear();
        rig.checkpointNow();
        assertEquals("x\r\n", rig.scrollbackOf(terminal));
    }

    @Test
    void aFailedSeedWriteDoesNotRollBackANewerCapture() throws IOException {
        Rig rig = new Rig(root);
        FakeTerminal restored = rig.open(1);
        rig.coordinator.seed(List.of(new ScrollbackSeed(restored.panelId(), "recovered\r\n", Rig.START, false)));
        restored.print("prompt");
        rig.coordinator.runNow();
        rig.ui.runNext();
        // Queued in order: the seed's write, the prune, the capture's write. The seed's write fails.
        rig.blockWrites(restored);
        rig.disk.runNext();
        rig.unblockWrites(restored);

        rig.settle();

        assertEquals("prompt\r\n", rig.scrollbackOf(restored));
        assertFalse(rig.pending(restored), "the capture recorded after the seed is on disk and stays recorded");
        assertEquals(1, rig.stats(restored).capturedGeneration());
    }

    @Test
    void aFailedSeedWriteLeavesItsPanelPending() throws IOException {
        Rig rig = new Rig(root);
        FakeTerminal restored = rig.open(1);
        rig.blockWrites(restored);

        rig.coordinator.seed(List.of(new ScrollbackSeed(restored.panelId(), "recovered\r\n", Rig.START, false)));
        rig.settle();

        assertTrue(rig.pending(restored), "the next checkpoint captures the replayed text instead");
        assertEquals(1, rig.coordinator.stats().failures());
    }

    @Test
    void agentTerminalsAreCheckpointedAndFlagged() {
        Rig rig = new Rig(root);
        FakeTerminal agent = rig.open(1).print("codex> thinking");
        agent.agent = true;
        FakeTerminal shell = rig.open(2).print("$ make");

        rig.checkpointNow();

        assertTrue(rig.recordOf(agent).get("agent").booleanValue());
        assertFalse(rig.recordOf(shell).get("agent").booleanValue());
    }

    @Test
    void theRecordKeepsTheTailAndSaysItWasCut() {
        CheckpointSettings settings = CheckpointSettings.defaults();
        Rig rig = new Rig(root, new CheckpointSettings(true, settings.autosaveInterval(), settings.checkpointInterval(),
                settings.typingQuiet(), 3, settings.captureBudget(), settings.slowCaptureBackoff(), 2, 1000,
                settings.maxRecordBytes()));
        FakeTerminal longer = rig.open(1).print("1").print("2").print("3");
        FakeTerminal shorter = rig.open(2).print("1");

        rig.checkpointNow();

        JsonNode cut = rig.recordOf(longer);
        assertEquals("2\r\n3\r\n", cut.get("scrollback").textValue());
        assertEquals(2, cut.get("lineCount").intValue());
        assertTrue(cut.get("truncated").booleanValue());
        assertFalse(rig.recordOf(shorter).get("truncated").booleanValue());
    }

    @Test
    void discardDeletesTheFileNowAndTheTabIsCapturedAgainIfItStays() {
        Rig rig = new Rig(root);
        FakeTerminal terminal = rig.open(1).print("x");
        rig.checkpointNow();

        rig.coordinator.discard(terminal.panelId());
        rig.settle();

        assertFalse(rig.hasFile(terminal));
        assertTrue(rig.pending(terminal));
    }

    @Test
    void checkpointsOffMeansNoCaptureNoWriteNoSeed() {
        Rig rig = new Rig(root, CheckpointSettings.defaults().withEnabled(false));
        FakeTerminal terminal = rig.open(1).print("x");

        assertEquals(CheckpointStart.DISABLED, rig.coordinator.runIfDue());
        assertEquals(CheckpointStart.DISABLED, rig.coordinator.runNow());
        rig.coordinator.seed(List.of(new ScrollbackSeed(terminal.panelId(), "x", Rig.START, false)));
        rig.settle();

        assertEquals(List.of(), rig.captured);
        assertFalse(Files.exists(rig.store.directory()));
        assertFalse(rig.coordinator.stats().enabled());
    }

    @Test
    void runIfDueWaitsForTheIntervalAndForTypingQuiet() {
        Rig rig = new Rig(root);
        rig.open(1).print("x");

        assertEquals(CheckpointStart.STARTED, rig.coordinator.runIfDue(), "the first one is due at once");
        rig.settle();
        rig.clock.advance(INTERVAL.minusSeconds(1));
        assertEquals(CheckpointStart.NOT_DUE, rig.coordinator.runIfDue());
        rig.clock.advance(Duration.ofSeconds(1));
        rig.lastKeystroke = rig.clock.instant().minusSeconds(4);
        assertEquals(CheckpointStart.NOT_DUE, rig.coordinator.runIfDue());
        rig.clock.advance(Duration.ofSeconds(1));
        assertEquals(CheckpointStart.STARTED, rig.coordinator.runIfDue());
    }

    @Test
    void aCheckpointDoesNotStartWhileThePreviousOneWaitsForItsWrites() {
        Rig rig = new Rig(root);
        FakeTerminal terminal = rig.open(1).print("x");

        rig.coordinator.runNow();
        rig.ui.drain();
        assertTrue(rig.coordinator.stats().inProgress());
        assertEquals(CheckpointStart.BUSY, rig.coordinator.runNow());

        rig.settle();
        assertFalse(rig.coordinator.stats().inProgress());
        terminal.print("y");
        assertEquals(CheckpointStart.STARTED, rig.coordinator.runNow());
    }

    @Test
    void statsCountWhatHappened() throws IOException {
        Rig rig = new Rig(root);
        FakeTerminal written = rig.open(1).print("x");
        FakeTerminal failing = rig.open(2).print("y");
        FakeTerminal idle = rig.open(3);
        rig.captureFails.add(failing.panelId());

        rig.checkpointNow();

        CheckpointStats stats = rig.coordinator.stats();
        assertEquals(1, stats.checkpoints());
        assertEquals(1, stats.captures());
        assertEquals(1, stats.failures());
        assertEquals(0, stats.skipped());
        assertEquals(Rig.START, stats.lastCheckpointAt());
        assertEquals(Ending.COMPLETED, stats.last().ending());
        assertEquals(List.of(written.panelId(), failing.panelId(), idle.panelId()),
                stats.panels().stream().map(CheckpointStats.Panel::panelId).toList());
        CheckpointStats.Panel first = stats.panels().get(0);
        assertEquals(1, first.processedGeneration());
        assertEquals(1, first.capturedGeneration());
        assertFalse(first.pending());
        assertTrue(stats.panels().get(1).pending());
    }

    @Test
    void filesOfThisLaunchNameItAndThePanel() {
        Rig rig = new Rig(root);
        FakeTerminal terminal = rig.open(1).print("x");
        rig.clock.advance(Duration.ofSeconds(3));

        rig.checkpointNow();

        JsonNode record = rig.recordOf(terminal);
        assertEquals(ScrollbackRecord.CURRENT_VERSION, record.get("version").intValue());
        assertEquals(terminal.panelId().toString(), record.get("panelId").textValue());
        assertEquals(Rig.LAUNCH.toString(), record.get("launchId").textValue());
        assertEquals(Rig.START.plusSeconds(3).toString(), record.get("capturedAt").textValue());
    }
}
