package dev.holdfast.checkpoint.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import dev.holdfast.checkpoint.scrollback.CheckpointReport.Ending;
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
        assertEquals(2, rig.recordOf(parsedInTime).generation());
        assertFalse(rig.pending(parsedInTime));
        assertEquals("b1\r\n", rig.scrollbackOf(parsedLate));
        assertEquals(1, rig.recordOf(parsedLate).generation());
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
    void cheapCapturesCoverEveryDueTerminalInOneCheckpointLongestPendingFirst() {
        Rig rig = new Rig(root);
        List<FakeTerminal> terminals = Stream.of(1, 2, 3, 4, 5).map(rig::open).toList();
        terminals.forEach(t -> rig.captureCost.put(t.panelId(), Duration.ofMillis(2)));
        // They become pending in reverse tab order, one autosave tick apart, while the user types.
        for (int i = 4; i >= 0; i--) {
            terminals.get(i).print("line");
            rig.lastKeystroke = rig.clock.instant();
            assertEquals(CheckpointStart.NOT_DUE, rig.coordinator.runIfDue());
            rig.clock.advance(CheckpointSettings.DEFAULT_AUTOSAVE_INTERVAL);
        }

        assertEquals(CheckpointStart.STARTED, rig.coordinator.runIfDue());
        rig.settle();

        assertEquals(Stream.of(4, 3, 2, 1, 0).map(i -> terminals.get(i).panelId()).toList(), rig.captured);
        assertEquals(Ending.COMPLETED, rig.finished.get(0).ending());
    }

    @Test
    void dearCapturesAreAtMostThreePerCheckpointLongestPendingFirstAndTheRestComeNext() {
        Rig rig = new Rig(root);
        List<FakeTerminal> terminals = Stream.of(1, 2, 3, 4, 5).map(rig::open).toList();
        // 17 ms each: dearer than the reference's share of 50 ms / 3.
        terminals.forEach(t -> rig.captureCost.put(t.panelId(), Duration.ofMillis(17)));
        for (int i = 4; i >= 0; i--) {
            terminals.get(i).print("line");
            rig.lastKeystroke = rig.clock.instant();
            assertEquals(CheckpointStart.NOT_DUE, rig.coordinator.runIfDue());
            rig.clock.advance(CheckpointSettings.DEFAULT_AUTOSAVE_INTERVAL);
        }

        assertEquals(CheckpointStart.STARTED, rig.coordinator.runIfDue());
        rig.settle();

        assertEquals(List.of(terminals.get(4).panelId(), terminals.get(3).panelId(), terminals.get(2).panelId()),
                rig.captured);
        assertEquals(Ending.BUDGET_SPENT, rig.finished.get(0).ending());
        assertTrue(rig.pending(terminals.get(1)));
        assertTrue(rig.pending(terminals.get(0)));

        rig.captured.clear();
        rig.clock.advance(CheckpointSettings.DEFAULT_AUTOSAVE_INTERVAL);
        assertEquals(CheckpointStart.STARTED, rig.coordinator.runIfDue(), "the rest do not wait a whole interval");
        rig.settle();

        assertEquals(List.of(terminals.get(1).panelId(), terminals.get(0).panelId()), rig.captured);
    }

    @Test
    void aTerminalFoundBusyIsTriedOnceMoreAfterThePlannedOnesAndNeverBackedOff() {
        Rig rig = new Rig(root);
        FakeTerminal busyOnce = rig.open(1).print("a");
        FakeTerminal other = rig.open(2).print("b");
        FakeTerminal busyTwice = rig.open(3).print("c");
        rig.busyCaptures.put(busyOnce.panelId(), 1);
        rig.busyCaptures.put(busyTwice.panelId(), 2);

        CheckpointReport report = rig.checkpointNow();

        assertEquals(List.of(other.panelId(), busyOnce.panelId()), rig.captured);
        assertEquals(Ending.COMPLETED, report.ending());
        assertEquals(1, report.skipped());
        assertEquals(0, report.failed());
        assertEquals("a\r\n", rig.scrollbackOf(busyOnce));
        assertTrue(rig.pending(busyTwice), "left for the next checkpoint");
        assertNull(rig.stats(busyTwice).backoffUntil(), "a busy reader is no failure");

        rig.captured.clear();
        rig.checkpointNow();
        assertEquals(List.of(busyTwice.panelId()), rig.captured);
    }

    @Test
    void aCopyTheReaderMadeEarlierIsRecordedAtItsOwnGenerationAndInstantSoOutputParsedSinceStaysPending() {
        Rig rig = new Rig(root);
        FakeTerminal flooding = rig.open(1).print("one");
        // Its reader copied it under the lock after a capture found it busy; then it went on parsing.
        Instant copiedAt = rig.clock.instant();
        rig.readerCopies.put(flooding.panelId(), new Rig.ReaderCopy(flooding.content(),
                new ScrollbackSource.EarlierCopy(flooding.processedGeneration(), copiedAt)));
        rig.clock.advance(Duration.ofSeconds(5));
        flooding.print("two");

        rig.checkpointNow();

        assertEquals("one\r\n", rig.scrollbackOf(flooding));
        assertEquals(copiedAt, rig.recordOf(flooding).capturedAt(), "the record is as old as the copy");
        assertTrue(rig.pending(flooding), "what was parsed after the copy is still to be captured");

        rig.checkpointNow();

        assertEquals("one\r\ntwo\r\n", rig.scrollbackOf(flooding));
        assertFalse(rig.pending(flooding));
    }

    @Test
    void onASaturatedMachineTheBudgetCountsWhatCapturesCostTheUiThreadNotTheirWaiting() {
        Rig rig = new Rig(root);
        // 4 ms of copying, 400 ms of waiting for a core and for the reader to let go of the lock.
        for (FakeTerminal terminal : rig.openEach(20, Duration.ofMillis(4))) {
            terminal.print("x");
            rig.captureWait.put(terminal.panelId(), Duration.ofMillis(400));
        }

        CheckpointReport report = rig.checkpointNow();

        assertEquals(20, report.captured(), "each of them cheap");
        assertEquals(Duration.ofMillis(80), report.captureTime());
        assertEquals(0, rig.coordinator.stats().slowCaptures());
    }

    @Test
    void twentyBusyTerminalsWithCheapCapturesAreAllCapturedByEveryCheckpointThatFindsThemDue() {
        Rig rig = new Rig(root);
        // An incremental capture of a busy tab: a few milliseconds.
        List<FakeTerminal> terminals = rig.openEach(20, Duration.ofMillis(4));
        Duration tick = CheckpointSettings.DEFAULT_AUTOSAVE_INTERVAL;
        Map<UUID, Instant> capturedAt = new HashMap<>();
        Duration worst = Duration.ZERO;
        // Ten minutes of output in every tab, a checkpoint asked for at every autosave tick.
        for (int round = 0; round < 75; round++) {
            for (FakeTerminal terminal : terminals) {
                terminal.print("round " + round);
            }
            rig.captured.clear();
            rig.coordinator.runIfDue();
            rig.settle();
            Instant now = rig.clock.instant();
            for (UUID captured : rig.captured) {
                capturedAt.put(captured, now);
            }
            assertTrue(rig.captured.isEmpty() || rig.captured.size() == 20,
                    "round " + round + " captured " + rig.captured.size() + " of the 20 due together");
            // The age each checkpoint reaches just before the next tick, when a kill could come.
            Instant beforeNextTick = now.plus(tick).minusMillis(1);
            for (FakeTerminal terminal : terminals) {
                Duration age = Duration.between(capturedAt.get(terminal.panelId()), beforeNextTick);
                worst = age.compareTo(worst) > 0 ? age : worst;
            }
            rig.clock.advance(tick);
        }

        assertTrue(worst.compareTo(INTERVAL) <= 0,
                "a checkpoint was " + worst + " old; none may pass the " + INTERVAL + " interval");
    }

    @Test
    void stopsTakingCapturesOnceFiftyMillisecondsOfCaptureTimeAreSpent() {
        Rig rig = new Rig(root);
        List<FakeTerminal> terminals = Stream.of(1, 2, 3).map(n -> rig.open(n).print("x")).toList();
        terminals.forEach(t -> rig.captureCost.put(t.panelId(), Duration.ofMillis(30)));

        CheckpointReport summary = rig.checkpointNow();

        assertEquals(2, rig.captured.size(), "30 ms, then 60 ms: the budget is spent before the third");
        assertEquals(Ending.BUDGET_SPENT, summary.ending());
        assertEquals(1, summary.skipped());
        assertEquals(Duration.ofMillis(60), summary.captureTime());
        assertTrue(rig.pending(terminals.get(2)));
    }

    @Test
    void aSlowCaptureIsWrittenAndCountedButNeverLeavesItsTerminalOut() {
        Rig rig = new Rig(root);
        FakeTerminal slow = rig.open(1).print("big");
        rig.captureCost.put(slow.panelId(), Duration.ofMillis(51));

        rig.checkpointNow();
        assertEquals("big\r\n", rig.scrollbackOf(slow));
        assertNull(rig.stats(slow).backoffUntil(), "on a loaded machine every capture is slow");
        assertEquals(1, rig.coordinator.stats().slowCaptures());

        slow.print("bigger");
        rig.clock.advance(INTERVAL);
        rig.captured.clear();
        assertEquals(CheckpointStart.STARTED, rig.coordinator.runIfDue());
        rig.settle();
        assertEquals(List.of(slow.panelId()), rig.captured);
        assertEquals("big\r\nbigger\r\n", rig.scrollbackOf(slow));
    }

    @Test
    void aCaptureOfExactlyTheBudgetIsNotSlow() {
        Rig rig = new Rig(root);
        FakeTerminal terminal = rig.open(1).print("x");
        rig.captureCost.put(terminal.panelId(), Duration.ofMillis(50));

        rig.checkpointNow();

        assertEquals(0, rig.coordinator.stats().slowCaptures());
    }

    @Test
    void tenBusyTerminalsOnASlowMachineEachReachTheDiskWithinTheIntervalAndATick() {
        Rig rig = new Rig(root);
        // Each copy takes 20 ms: three fit the 50 ms budget, and none counts as slow.
        List<FakeTerminal> terminals = rig.openEach(10, Duration.ofMillis(20));
        Duration tick = CheckpointSettings.DEFAULT_AUTOSAVE_INTERVAL;
        Map<UUID, Instant> printedSinceCapture = new HashMap<>();
        Duration worst = Duration.ZERO;
        for (int round = 0; round < 75; round++) {
            Instant now = rig.clock.instant();
            for (FakeTerminal terminal : terminals) {
                terminal.print("round " + round);
                printedSinceCapture.putIfAbsent(terminal.panelId(), now);
            }
            rig.captured.clear();
            rig.coordinator.runIfDue();
            rig.settle();
            for (UUID captured : rig.captured) {
                printedSinceCapture.remove(captured);
            }
            for (Instant oldest : printedSinceCapture.values()) {
                Duration age = Duration.between(oldest, now);
                worst = age.compareTo(worst) > 0 ? age : worst;
            }
            rig.clock.advance(tick);
        }

        assertTrue(worst.compareTo(INTERVAL.plus(tick)) <= 0,
                "output waited up to " + worst + " for the disk; the bound is " + INTERVAL.plus(tick));
    }

    @Test
    void afterItsFirstCaptureABusyTerminalIsCapturedIncrementally() {
        Rig rig = new Rig(root);
        FakeTerminal busy = rig.open(1);
        for (int i = 0; i < 5; i++) {
            busy.print("batch " + i);
            rig.checkpointNow();
        }

        assertEquals(4, rig.incrementalCaptures, "only the first capture copies everything");
        assertEquals("batch 0\r\nbatch 1\r\nbatch 2\r\nbatch 3\r\nbatch 4\r\n", rig.scrollbackOf(busy));
    }

    @Test
    void aCaptureWhoseWriteFailedIsFollowedByAWholeOne() {
        Rig rig = new Rig(root);
        FakeTerminal terminal = rig.open(1).print("one");
        rig.checkpointNow();
        terminal.print("two");
        rig.formatFails.add(terminal.panelId());
        rig.checkpointNow();
        rig.formatFails.clear();
        rig.incrementalCaptures = 0;

        terminal.print("three");
        rig.clock.advance(INTERVAL);
        rig.checkpointNow();

        assertEquals(0, rig.incrementalCaptures, "nothing on disk to append to");
        assertEquals("one\r\ntwo\r\nthree\r\n", rig.scrollbackOf(terminal));
    }

    @Test
    void aFailedCaptureLeavesTheTerminalPendingAndOutForTenMinutes() {
        Rig rig = new Rig(root);
        FakeTerminal broken = rig.open(1).print("x");
        FakeTerminal fine = rig.open(2).print("y");
        rig.captureFails.add(broken.panelId());

        CheckpointReport summary = rig.checkpointNow();

        assertEquals(1, summary.failed());
        assertFalse(rig.hasFile(broken));
        assertTrue(rig.hasFile(fine), "one terminal's failure does not stop the others");
        assertTrue(rig.pending(broken));
        assertEquals(Rig.START.plus(CheckpointSettings.DEFAULT_FAILED_CAPTURE_BACKOFF), rig.stats(broken).backoffUntil());

        rig.captureFails.clear();
        rig.captured.clear();
        rig.clock.advance(INTERVAL);
        rig.checkpointNow();
        assertEquals(List.of(), rig.captured);

        rig.clock.advance(CheckpointSettings.DEFAULT_FAILED_CAPTURE_BACKOFF);
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
        CheckpointReport summary = rig.finished.get(0);
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

        CheckpointReport summary = rig.checkpointNow();

        assertEquals(Ending.COMPLETED, summary.ending());
        assertEquals(3, rig.captured.size());
    }

    @Test
    void anAbandonedCheckpointKeepsWhatItWroteAndLeavesNothingToRun() {
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

        assertEquals("x\r\n", rig.scrollbackOf(terminals.get(0)),
                "a whole record of this launch: should the quit save fail, the next launch restores it");
        assertTrue(rig.pending(terminals.get(0)));
        assertTrue(rig.pending(terminals.get(1)));
        assertEquals(Ending.ABANDONED, rig.finished.get(1).ending());
        int capturesSoFar = rig.captured.size();

        rig.settle();

        assertEquals(capturesSoFar, rig.captured.size(), "no capture ran after the abort");
        assertFalse(rig.hasFile(terminals.get(1)), "nothing queued before the abort reached the disk");
        assertFalse(rig.hasFile(terminals.get(2)));
        assertTrue(rig.hasFile(earlier));
        assertEquals(2, rig.finished.size());
        assertEquals(CheckpointStart.STARTED, rig.coordinator.runNow(), "the next checkpoint may start");
    }

    @Test
    void anAbortNeverWaitsForAWriteInProgressOnTheCheckpointExecutor() throws Exception {
        CountDownLatch writing = new CountDownLatch(1);
        CountDownLatch letItFinish = new CountDownLatch(1);
        ScrollbackTrimmer blocking = (text, lines, chars) -> {
            writing.countDown();
            try {
                letItFinish.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return text;
        };
        Rig rig = new Rig(Rig.openState(root), new ManualClock(Rig.START), Rig.LAUNCH, CheckpointSettings.defaults(),
                blocking);
        FakeTerminal terminal = rig.open(1).print("x");
        rig.coordinator.runNow();
        rig.ui.runNext();
        Thread executor = new Thread(rig.disk::drain, "test-checkpoint-executor");
        executor.start();
        assertTrue(writing.await(10, TimeUnit.SECONDS), "the write is under way");

        long started = System.nanoTime();
        rig.coordinator.abortForQuitOrRestore();
        long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

        assertTrue(executor.isAlive(), "the write was still in progress when the abort returned");
        letItFinish.countDown();
        executor.join(10_000);
        assertTrue(waitedMillis < 5_000, "the abort waited " + waitedMillis + " ms for the executor");
        assertEquals("x\r\n", rig.scrollbackOf(terminal), "the write in progress finished whole");
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
        ScrollbackRecord record = rig.recordOf(restored);
        assertEquals("recovered\r\n", record.scrollback());
        assertEquals(Rig.LAUNCH, record.launchId());
        assertEquals(takenBeforeTheCrash, record.capturedAt());
        assertEquals(0, record.generation());
        assertTrue(record.agent());
        assertTrue(rig.hasFile(closedEarlier), "a seed batch does not prune");
        assertFalse(rig.pending(restored));
        assertEquals(1, rig.coordinator.stats().seeded());
    }

    @Test
    void aFailedWriteLeavesTheTerminalPending() throws IOException {
        Rig rig = new Rig(root);
        FakeTerminal terminal = rig.open(1).print("x");
        rig.blockWrites(terminal);

        CheckpointReport summary = rig.checkpointNow();

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

        CheckpointReport summary = rig.checkpointNow();

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

        assertTrue(rig.recordOf(agent).agent());
        assertFalse(rig.recordOf(shell).agent());
    }

    @Test
    void theRecordKeepsTheTailAndSaysItWasCut() {
        Rig rig = new Rig(root, CheckpointSettings.defaults().withTail(2, 1_000, 100));
        FakeTerminal longer = rig.open(1).print("1").print("2").print("3");
        FakeTerminal shorter = rig.open(2).print("1");

        rig.checkpointNow();

        ScrollbackRecord cut = rig.recordOf(longer);
        assertEquals("2\r\n3\r\n", cut.scrollback());
        assertEquals(2, cut.lineCount());
        assertTrue(cut.truncated());
        assertFalse(rig.recordOf(shorter).truncated());
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
    void eachTerminalWaitsForItsIntervalLessATickAndEveryCheckpointForTypingQuiet() {
        Rig rig = new Rig(root);
        FakeTerminal terminal = rig.open(1).print("x");

        assertEquals(CheckpointStart.STARTED, rig.coordinator.runIfDue(), "the first one is due at once");
        rig.settle();
        terminal.print("y");
        rig.clock.advance(INTERVAL.minus(CheckpointSettings.DEFAULT_AUTOSAVE_INTERVAL).minusSeconds(1));
        assertEquals(CheckpointStart.NOT_DUE, rig.coordinator.runIfDue());
        rig.clock.advance(Duration.ofSeconds(1));
        rig.lastKeystroke = rig.clock.instant().minusSeconds(4);
        assertEquals(CheckpointStart.NOT_DUE, rig.coordinator.runIfDue());
        rig.clock.advance(Duration.ofSeconds(1));
        assertEquals(CheckpointStart.STARTED, rig.coordinator.runIfDue());
    }

    @Test
    void whileWritesAreHeldNothingReachesTheDiskAndSeedsWaitForTheRelease() {
        Rig rig = new Rig(root);
        FakeTerminal restored = rig.open(1).print("x");
        rig.coordinator.holdWrites("the launch sentinel could not be written");

        assertEquals(CheckpointStart.HELD, rig.coordinator.runNow());
        rig.coordinator.seed(List.of(new ScrollbackSeed(restored.panelId(), "recovered\r\n", Rig.START, false)));
        rig.settle();
        assertFalse(Files.exists(rig.store.directory()), "not a byte written");
        assertEquals("the launch sentinel could not be written", rig.coordinator.stats().heldBecause());

        rig.coordinator.releaseWrites();
        rig.settle();

        assertEquals("recovered\r\n", rig.scrollbackOf(restored));
        assertEquals(1, rig.takeovers);
        assertEquals(CheckpointStart.STARTED, rig.coordinator.runNow());
    }

    @Test
    void theLaunchTakesOverOnlyOnceEverySeededTabIsOnDiskAsItsOwn() throws IOException {
        Rig rig = new Rig(root);
        FakeTerminal fine = rig.open(1).replay("a\r\n");
        FakeTerminal blocked = rig.open(2).replay("b\r\n");
        rig.blockWrites(blocked);

        rig.coordinator.seed(List.of(new ScrollbackSeed(fine.panelId(), "a\r\n", Rig.START, false),
                new ScrollbackSeed(blocked.panelId(), "b\r\n", Rig.START, false)));
        rig.settle();
        assertEquals(0, rig.takeovers, "one restored tab is not on disk yet");
        assertEquals(1, rig.writeFailures.size());

        rig.unblockWrites(blocked);
        rig.checkpointNow();

        assertEquals(1, rig.takeovers, "its capture took the failed seed's place");
        assertEquals("b\r\n", rig.scrollbackOf(blocked));
    }

    @Test
    void aRestoreWithNothingToSeedTakesOverAtOnce() {
        Rig rig = new Rig(root);

        rig.coordinator.seed(List.of());
        rig.settle();

        assertEquals(1, rig.takeovers);
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

        JsonNode record = rig.firstLineOf(terminal);
        assertEquals(ScrollbackRecordCodec.CURRENT_VERSION, record.get("version").intValue());
        assertEquals(terminal.panelId().toString(), record.get("panelId").textValue());
        assertEquals(Rig.LAUNCH.toString(), record.get("launchId").textValue());
        assertEquals(Rig.START.plusSeconds(3).toString(), record.get("capturedAt").textValue());
    }
}
