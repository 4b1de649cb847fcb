package dev.holdfast.terminal.emulation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ReadBatchedEventsTest {
    private static final class Counting implements TerminalEvents {
        final AtomicInteger changes = new AtomicInteger();
        final AtomicInteger changesAtEnd = new AtomicInteger(-1);

        @Override
        public void modelChanged() {
            changes.incrementAndGet();
        }

        @Override
        public void ended(SessionEnd end) {
            changesAtEnd.set(changes.get());
        }
    }

    private static void onThread(ReadBatchedEvents events, Runnable work) throws InterruptedException {
        Thread reader = new Thread(work, "test-reader");
        events.gatherOn(reader);
        reader.start();
        reader.join();
    }

    @Test
    void theReadersChangesDuringAReadAreToldOnceWhenTheReadIsParsed() throws InterruptedException {
        Counting owner = new Counting();
        ReadBatchedEvents events = new ReadBatchedEvents(owner);
        int[] seen = new int[3];
        onThread(events, () -> {
            for (int i = 0; i < 100; i++) {
                events.modelChanged();
            }
            seen[0] = owner.changes.get();
            events.readParsed();
            seen[1] = owner.changes.get();
            events.readParsed();
            seen[2] = owner.changes.get();
        });
        assertEquals(0, seen[0], "nothing is told while the read is being parsed");
        assertEquals(1, seen[1], "one notice for the whole read");
        assertEquals(1, seen[2], "a read with no change tells nothing");
    }

    @Test
    void changesOnOtherThreadsAreToldAtOnce() throws InterruptedException {
        Counting owner = new Counting();
        ReadBatchedEvents events = new ReadBatchedEvents(owner);
        onThread(events, () -> { });
        events.modelChanged();
        events.modelChanged();
        assertEquals(2, owner.changes.get(), "a resize or a replay on another thread is not held for a read");
    }

    @Test
    void aChangeNotYetToldIsToldBeforeTheEnd() throws InterruptedException {
        Counting owner = new Counting();
        ReadBatchedEvents events = new ReadBatchedEvents(owner);
        onThread(events, () -> {
            events.modelChanged();
            events.ended(new SessionEnd.Closed());
        });
        assertEquals(1, owner.changesAtEnd.get(), "the owner has heard of the last change when it hears of the end");
    }
}
