package dev.holdfast.app.autosave;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.holdfast.terminal.emulation.OutputGeneration;
import dev.holdfast.terminal.shell.ShellPhase;
import dev.holdfast.terminal.shell.ShellStatus;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class DirectoryReportsTest {
    private final AtomicInteger saves = new AtomicInteger();
    private final DirectoryReports reports = new DirectoryReports(saves::incrementAndGet);
    private final OutputGeneration generation = new OutputGeneration();
    private final AtomicReference<ShellStatus> status = new AtomicReference<>(at("/home/u"));
    private final UUID panel = UUID.randomUUID();

    private static ShellStatus at(String directory) {
        return new ShellStatus(true, ShellPhase.PROMPT, null, null, List.of(), "", directory);
    }

    /** What the reader thread does once a read is in the model. */
    private void processed() {
        generation.recordRead();
        generation.publishProcessed();
    }

    @Test
    void aNewDirectoryAsksForASaveOnceAndTheSameOneAgainDoesNot() {
        reports.watch(panel, generation, status::get);
        processed();
        assertEquals(0, saves.get(), "the directory it had when watched is no change");

        status.set(at("/tmp"));
        processed();
        assertEquals(1, saves.get());
        processed();
        assertEquals(1, saves.get(), "output without a new report asks nothing");

        // A new prompt in the same directory (a command that did not cd) replaces the status but not the place.
        status.set(at("/tmp"));
        processed();
        assertEquals(1, saves.get());

        status.set(at("/usr/share"));
        processed();
        assertEquals(2, saves.get());
    }

    @Test
    void aShellWithoutTheIntegrationReportsNothing() {
        status.set(ShellStatus.NONE);
        reports.watch(panel, generation, status::get);
        status.set(new ShellStatus(false, ShellPhase.UNKNOWN, null, null, List.of(), null, null));
        processed();
        assertEquals(0, saves.get());
    }

    @Test
    void aForgottenTabIsNoLongerWatched() {
        reports.watch(panel, generation, status::get);
        reports.forget(panel);
        status.set(at("/tmp"));
        processed();
        assertEquals(0, saves.get());
    }
}
