package dev.holdfast.checkpoint.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class CandidateSelectionTest {

    private static final Instant NOW = Instant.parse("2025-03-14T09:15:00Z");
    private static final Duration INTERVAL = Duration.ofSeconds(60);

    private final Map<UUID, PanelProgress> progress = new HashMap<>();

    @Test
    void aTerminalIsACandidateOnlyWhenItsProcessedGenerationMovedSinceItsCapture() {
        FakeTerminal silent = new FakeTerminal(1);
        FakeTerminal printedOnce = new FakeTerminal(2).print("x");
        FakeTerminal captured = new FakeTerminal(3).print("x");
        progress.put(captured.panelId(), PanelProgress.NEW.captured(1, NOW.minusSeconds(60)));
        FakeTerminal capturedThenPrinted = new FakeTerminal(4).print("x").print("y");
        progress.put(capturedThenPrinted.panelId(), PanelProgress.NEW.captured(1, NOW.minusSeconds(60)));
        FakeTerminal readNotParsed = new FakeTerminal(5).arrive("x");

        assertEquals(List.of(printedOnce, capturedThenPrinted),
                select(List.of(silent, printedOnce, captured, capturedThenPrinted, readNotParsed)));
    }

    @Test
    void aTerminalMarkedPendingAgainIsACandidateWithoutNewOutput() {
        FakeTerminal failedWrite = new FakeTerminal(1).print("x");
        progress.put(failedWrite.panelId(), PanelProgress.NEW.captured(1, NOW.minusSeconds(60)).pendingAgain(NOW));

        assertEquals(List.of(failedWrite), select(List.of(failedWrite)));
    }

    @Test
    void ineligibleTerminalsAreNeverCandidates() {
        FakeTerminal optedOut = new FakeTerminal(1).print("x");
        optedOut.persistScrollback = false;

        assertEquals(List.of(), select(List.of(optedOut)));
    }

    @Test
    void runningCommandsAndAgentsAreEligible() {
        FakeTerminal agent = new FakeTerminal(1).print("x");
        agent.agent = true;

        assertTrue(ScrollbackEligibility.allows(agent));
        assertEquals(List.of(agent), select(List.of(agent)));
    }

    @Test
    void aTerminalInBackoffIsSkippedUntilTheBackoffEnds() {
        FakeTerminal slow = new FakeTerminal(1).print("x");
        progress.put(slow.panelId(), PanelProgress.NEW.backedOffUntil(NOW.plusSeconds(1)));

        assertEquals(List.of(), select(List.of(slow)));
        assertEquals(List.of(slow), CandidateSelection.select(List.of(slow), progress, NOW.plusSeconds(1),
                INTERVAL));
    }

    @Test
    void aTerminalCapturedLessThanAnIntervalAgoWaitsForItsTurn() {
        FakeTerminal busy = new FakeTerminal(1).print("x").print("y");
        progress.put(busy.panelId(), PanelProgress.NEW.captured(1, NOW.minusSeconds(59)));

        assertEquals(List.of(), select(List.of(busy)));
        assertEquals(List.of(busy), CandidateSelection.select(List.of(busy), progress, NOW.plusSeconds(1),
                INTERVAL));
        assertEquals(List.of(busy), CandidateSelection.select(List.of(busy), progress, NOW, Duration.ZERO),
                "a forced checkpoint does not wait");
    }

    @Test
    void aTerminalWhoseFileIsGoneIsDueAtOnce() {
        FakeTerminal pruned = new FakeTerminal(1).print("x");
        progress.put(pruned.panelId(), PanelProgress.NEW.captured(1, NOW.minusSeconds(1)).forgotten(NOW));

        assertEquals(List.of(pruned), select(List.of(pruned)));
    }

    @Test
    void everyDueTerminalIsChosenLongestPendingFirstWhateverTheRosterOrder() {
        List<FakeTerminal> terminals = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            FakeTerminal terminal = new FakeTerminal(i).print("x");
            progress.put(terminal.panelId(), PanelProgress.NEW.pendingFrom(NOW.minusSeconds(i)));
            terminals.add(terminal);
        }
        Collections.shuffle(terminals, new Random(7));

        List<CheckpointTerminal> chosen = select(terminals);

        assertEquals(IntStream.iterate(49, i -> i >= 0, i -> i - 1).mapToObj(i -> new UUID(0x7e57L, i)).toList(),
                chosen.stream().map(CheckpointTerminal::panelId).toList());
    }

    @Test
    void equallyLongPendingTerminalsKeepTheRosterOrder() {
        List<FakeTerminal> terminals = IntStream.range(0, 5).mapToObj(i -> new FakeTerminal(i).print("x")).toList();

        assertEquals(terminals, select(terminals));
    }

    @Test
    void aTerminalNotYetNotedAsPendingCountsAsPendingFromNow() {
        FakeTerminal noted = new FakeTerminal(1).print("x");
        progress.put(noted.panelId(), PanelProgress.NEW.pendingFrom(NOW.minusSeconds(8)));
        FakeTerminal fresh = new FakeTerminal(2).print("x");

        assertEquals(List.of(noted, fresh), select(List.of(fresh, noted)));
    }

    @Test
    void choosingAmongManyTerminalsAllocatesNothingForThoseNotDue() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
        List<FakeTerminal> terminals = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            // Pending, but captured less than an interval ago: they wait for their turn.
            FakeTerminal terminal = new FakeTerminal(i).print("x").print("y");
            progress.put(terminal.panelId(), PanelProgress.NEW.captured(1, NOW.minusSeconds(i % 59))
                    .pendingFrom(NOW.minusSeconds(i % 59)));
            terminals.add(terminal);
        }
        FakeTerminal due = new FakeTerminal(20_000).print("x");
        terminals.add(due);
        for (int warmUp = 0; warmUp < 20; warmUp++) {
            select(terminals);
        }
        long thread = Thread.currentThread().getId();

        long before = threads.getThreadAllocatedBytes(thread);
        List<CheckpointTerminal> chosen = select(terminals);
        long allocated = threads.getThreadAllocatedBytes(thread) - before;

        assertEquals(List.of(due), chosen);
        assertTrue(allocated < 2_000, allocated + " bytes for 20,000 terminals, one of them due");
    }

    private List<CheckpointTerminal> select(List<? extends CheckpointTerminal> terminals) {
        return CandidateSelection.select(terminals, progress, NOW, INTERVAL);
    }
}
