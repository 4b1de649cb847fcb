package dev.holdfast.checkpoint.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.checkpoint.session.LaunchRecord;
import dev.holdfast.checkpoint.session.LaunchSentinel;
import dev.holdfast.checkpoint.session.PanelSnapshot;
import dev.holdfast.checkpoint.session.ProcessIdentity;
import dev.holdfast.checkpoint.session.ProcessTable;
import dev.holdfast.checkpoint.session.SessionLoad;
import dev.holdfast.checkpoint.session.SessionSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshotStore;
import dev.holdfast.checkpoint.session.WindowFrame;
import dev.holdfast.checkpoint.store.StateDirectory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole launches on one state directory — sentinel, startup recovery, session load, merge, restore, seed,
 * checkpoints, autosaves — ending in a crash (the objects are dropped, the sentinel stays) or a clean quit.
 */
class CrashAndRelaunchTest {

    private static final UUID TAB = UUID.fromString("3f2b6c1e-8a4d-4e9b-9c2a-1d7e5f6a8b90");
    private static final WindowFrame WINDOW = new WindowFrame(0, 0, 1200, 800, false);

    @TempDir
    Path root;

    private final ManualClock clock = new ManualClock(Rig.START);
    private StateDirectory state;
    private SessionSnapshotStore sessions;
    private int launches;
    private long pid = 100;
    /** Every earlier launch has crashed or quit: none is running. */
    private final ProcessTable processes = new ProcessTable() {
        @Override
        public ProcessIdentity self() {
            return new ProcessIdentity(pid, Instant.ofEpochSecond(pid));
        }

        @Override
        public boolean isRunning(ProcessIdentity process) {
            return false;
        }
    };

    @BeforeEach
    void openState() {
        state = Rig.openState(root);
        sessions = new SessionSnapshotStore(state, clock);
    }

    @Test
    void aCrashBringsBackTheScrollbackOfTheLastCheckpoint() {
        Launch first = new Launch();
        FakeTerminal tab = first.openTab().print("compiling").print("done");
        first.autosave();
        first.rig.checkpointNow();
        clock.advance(Duration.ofSeconds(20));
        tab.print("after the last checkpoint");
        first.autosave();

        clock.advance(Duration.ofSeconds(5));
        Launch second = new Launch();

        assertEquals("compiling\r\ndone\r\n", second.restored());
        assertEquals(new RestoreSource.Checkpoint(Rig.START, false), second.plan.sourceOf(TAB));
    }

    @Test
    void aSecondCrashRightAfterTheRestoreStillBringsItBack() {
        Launch first = new Launch();
        first.openTab().print("compiling");
        first.autosave();
        first.rig.checkpointNow();
        clock.advance(Duration.ofSeconds(30));

        Launch second = new Launch();
        second.autosave();
        clock.advance(Duration.ofSeconds(3));
        Launch third = new Launch();

        assertEquals("compiling\r\n", third.restored());
        assertEquals(new RestoreSource.Checkpoint(Rig.START, false), third.plan.sourceOf(TAB),
                "the seed keeps the age of what it restored");
    }

    @Test
    void cleanQuitThenCrashDoesNotRestoreThePreviousLaunchsCheckpoints() {
        Launch first = new Launch();
        FakeTerminal tab = first.openTab().print("old");
        first.rig.checkpointNow();
        tab.print("newer");
        first.quitCleanly();

        Launch second = new Launch();
        assertEquals("old\r\nnewer\r\n", second.restored());
        assertFalse(Files.exists(state.scrollbackDir()), "deleted at startup, before the restore");
        second.autosave();
        Launch third = new Launch();

        assertNull(third.restored(), "not the quit launch's older checkpoint");
        assertEquals(new RestoreSource.None(), third.plan.sourceOf(TAB));
    }

    @Test
    void aLeftoverWhoseDeletionFailedIsNeverMergedByALaterLaunch() throws IOException {
        Launch first = new Launch();
        first.openTab().print("old");
        first.rig.checkpointNow();
        byte[] leftover = Files.readAllBytes(first.rig.fileOf(first.tab()));
        first.quitCleanly();

        Launch second = new Launch();
        // As if the startup deletion had failed for this one file.
        Files.createDirectories(state.scrollbackDir());
        Files.write(second.rig.fileOf(second.tab()), leftover);
        second.autosave();
        Launch third = new Launch();

        assertNull(third.restored());
        assertTrue(third.recovered.rejected().get(0).reason().contains("written by launch " + first.record.launchId()));
    }

    @Test
    void aCrashAfterACleanLaunchRestoresThatLaunchsOwnCheckpoints() {
        Launch first = new Launch();
        first.openTab().print("first launch");
        first.quitCleanly();

        Launch second = new Launch();
        second.tab().print("second launch");
        second.autosave();
        second.rig.checkpointNow();
        Launch third = new Launch();

        assertEquals("first launch\r\nsecond launch\r\n", third.restored());
        assertEquals(List.of(), second.plan.seeds(), "a clean launch seeds nothing");
    }

    /** One run of Holdfast on the shared state directory. */
    private final class Launch {
        final LaunchSentinel sentinel;
        final LaunchRecord record;
        final CheckpointRecovery.Recovered recovered;
        final RestorePlan plan;
        final Rig rig;

        Launch() {
            pid++;
            UUID launchId = new UUID(0x1a0cL, ++launches);
            sentinel = new LaunchSentinel(state, clock, () -> launchId, processes);
            try {
                record = sentinel.acquire();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            CheckpointSettings settings = CheckpointSettings.defaults();
            recovered = new CheckpointRecovery(new ScrollbackStore(state, clock, settings.maxRecordBytes()))
                    .recover(record, settings.enabled());
            SessionLoad load = sessions.load();
            plan = RestorePlan.merge(load instanceof SessionLoad.Loaded loaded ? loaded.snapshot() : null,
                    record, recovered.checkpoints());
            rig = new Rig(state, clock, launchId, settings);
            if (plan.snapshot() != null) {
                for (PanelSnapshot panel : plan.snapshot().panels()) {
                    String scrollback = panel.scrollback() == null ? "" : panel.scrollback();
                    rig.open(new FakeTerminal(panel.panelId()).replay(scrollback));
                }
            }
            rig.coordinator.seed(plan.seeds());
            rig.settle();
        }

        FakeTerminal openTab() {
            return rig.open(new FakeTerminal(TAB));
        }

        FakeTerminal tab() {
            return rig.terminals.get(0);
        }

        String restored() {
            return plan.snapshot().panels().get(0).scrollback();
        }

        void autosave() {
            save(false);
        }

        void quitCleanly() {
            rig.coordinator.abortForQuitOrRestore();
            save(true);
            try {
                sentinel.releaseOnCleanExit();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private void save(boolean withScrollback) {
            List<PanelSnapshot> panels = rig.terminals.stream()
                    .map(t -> new PanelSnapshot(t.panelId(), null, "bash", "/home/dana",
                            withScrollback ? t.content() : null, t.persistScrollback()))
                    .toList();
            try {
                sessions.save(new SessionSnapshot(clock.instant(), WINDOW, panels, 0,
                        withScrollback ? clock.instant() : null));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
