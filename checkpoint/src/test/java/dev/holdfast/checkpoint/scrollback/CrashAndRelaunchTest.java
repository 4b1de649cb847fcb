package dev.holdfast.checkpoint.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.checkpoint.session.InstanceLock;
import dev.holdfast.checkpoint.session.LaunchRecord;
import dev.holdfast.checkpoint.session.LaunchSentinel;
import dev.holdfast.checkpoint.session.PanelSnapshot;
import dev.holdfast.checkpoint.session.PreviousLaunch;
import dev.holdfast.checkpoint.session.ProcessIdentity;
import dev.holdfast.checkpoint.session.ProcessTable;
import dev.holdfast.checkpoint.session.SessionLoad;
import dev.holdfast.checkpoint.session.SessionSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshotStore;
import dev.holdfast.checkpoint.session.WindowFrame;
import dev.holdfast.checkpoint.store.PrivateFiles;
import dev.holdfast.checkpoint.store.StateDirectory;
import dev.holdfast.checkpoint.store.StateWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole launches on one state directory — instance lock, sentinel, startup recovery, session load, merge,
 * restore, seed, takeover, checkpoints, autosaves — ending in a crash (the objects are dropped, the lock is
 * released, the sentinel stays) or a clean quit.
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
    /** A full disk for the sentinel while set. */
    private boolean sentinelDiskFull;
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
        first.crash();

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
        first.crash();
        clock.advance(Duration.ofSeconds(30));

        Launch second = new Launch();
        second.autosave();
        second.crash();
        clock.advance(Duration.ofSeconds(3));
        Launch third = new Launch();

        assertEquals("compiling\r\n", third.restored());
        assertEquals(new RestoreSource.Checkpoint(Rig.START, false), third.plan.sourceOf(TAB),
                "the seed keeps the age of what it restored");
    }

    @Test
    void launchesThatDieDuringStartUpBeforeTakingTheCheckpointsOverPassThemOn() {
        Launch first = new Launch();
        first.openTab().print("compiling");
        first.autosave();
        first.rig.checkpointNow();
        first.crash();

        Launch second = diesBeforeSeeding();
        Launch third = diesBeforeSeeding();
        Launch fourth = new Launch();

        assertEquals(List.of(third.record.launchId(), second.record.launchId(), first.record.launchId()),
                fourth.record.owners().launches());
        assertEquals("compiling\r\n", fourth.restored());
        assertEquals(new RestoreSource.Checkpoint(Rig.START, false), fourth.plan.sourceOf(TAB));
    }

    @Test
    void onceTheRestoredScrollbackIsOnDiskAsItsOwnALaunchNoLongerInheritsOlderRecords() throws IOException {
        Launch first = new Launch();
        first.openTab().print("compiling");
        first.rig.checkpointNow();
        first.autosave();
        first.crash();

        Launch second = new Launch();
        assertEquals(1, second.rig.takeovers);
        assertFalse(second.sentinel.holdsInheritance());
        second.tab().print("second launch");
        second.rig.checkpointNow();
        second.crash();
        Launch third = new Launch();

        assertEquals(List.of(second.record.launchId()), third.record.owners().launches());
        assertEquals("compiling\r\nsecond launch\r\n", third.restored());
    }

    @Test
    void aSentinelThatCannotBeWrittenDeletesNothingWritesNothingAndCatchesUpWhenSpaceReturns() throws IOException {
        Launch first = new Launch();
        first.openTab().print("compiling");
        first.autosave();
        first.rig.checkpointNow();
        first.crash();
        byte[] crashedRecord = Files.readAllBytes(first.rig.fileOf(first.tab()));

        sentinelDiskFull = true;
        Launch second = new Launch();
        assertFalse(second.sentinel.isClaimed());
        assertEquals("compiling\r\n", second.restored(), "the crash's checkpoint is merged, not ignored");
        second.tab().print("while the disk was full");
        assertEquals(CheckpointStart.HELD, second.rig.coordinator.runNow());
        second.rig.settle();
        assertEquals(new String(crashedRecord), Files.readString(first.rig.fileOf(first.tab())),
                "the crashed launch's record is neither deleted nor overwritten");

        sentinelDiskFull = false;
        assertTrue(second.sentinel.retryClaim());
        second.rig.coordinator.releaseWrites();
        second.rig.settle();
        second.rig.checkpointNow();
        second.crash();
        Launch third = new Launch();

        assertEquals("compiling\r\nwhile the disk was full\r\n", third.restored(), "crash protection came back");
    }

    @Test
    void aCrashWhileTheSentinelCouldNotBeWrittenStillBringsBackTheEarlierCrash() {
        Launch first = new Launch();
        first.openTab().print("compiling");
        first.autosave();
        first.rig.checkpointNow();
        first.crash();

        sentinelDiskFull = true;
        new Launch().crash();
        sentinelDiskFull = false;
        Launch third = new Launch();

        assertEquals("compiling\r\n", third.restored());
    }

    @Test
    void aLaunchWithoutRestoreAfterACrashKeepsTheCrashsCheckpointsForTheNextOne() throws IOException {
        Launch first = new Launch();
        first.openTab().print("compiling");
        first.autosave();
        first.rig.checkpointNow();
        first.crash();

        Launch noRestore = withoutRestore();
        assertTrue(Files.exists(first.rig.fileOf(first.tab())));
        noRestore.sentinel.endCleanly(false);
        noRestore.lock.close();

        Launch third = new Launch();
        assertInstanceOf(PreviousLaunch.EndedKeepingCheckpoints.class, third.record.previous());
        assertEquals("compiling\r\n", third.restored());
    }

    @Test
    void anUnreadableSentinelMergesEveryCheckpointThatValidates() throws IOException {
        Launch first = new Launch();
        first.openTab().print("compiling");
        first.autosave();
        first.rig.checkpointNow();
        first.crash();
        for (String garbage : new String[] {"", "{\"launchId\":", "\u0000\u0000\u0000"}) {
            Files.writeString(state.sentinelFile(), garbage);
            Launch next = diesBeforeSeeding();
            assertInstanceOf(PreviousLaunch.Unknown.class, next.record.previous(), garbage);
            assertEquals("compiling\r\n", next.restored(), garbage);
        }
    }

    @Test
    void aQuitWhoseSaveFailedLeavesItsCheckpointsForTheNextLaunchAndSaysWhy() {
        Launch first = new Launch();
        first.openTab().print("compiling");
        first.autosave();
        first.rig.checkpointNow();
        first.rig.coordinator.abortForQuitOrRestore();
        first.sentinel.endWithoutSaving("No space left on device");
        first.release();

        Launch second = new Launch();

        assertEquals(new PreviousLaunch.QuitWithoutSaving(first.record.launchId(), "No space left on device"),
                second.record.previous());
        assertEquals("compiling\r\n", second.restored());
    }

    @Test
    void cleanQuitThenCrashRestoresWhatTheRelaunchRestoredNotThePreviousLaunchsCheckpoint() throws IOException {
        Launch first = new Launch();
        FakeTerminal tab = first.openTab().print("old");
        first.rig.checkpointNow();
        tab.print("newer");
        first.quitCleanly();

        Launch second = new Launch();
        assertEquals("old\r\nnewer\r\n", second.restored());
        try (Stream<Path> files = Files.list(state.scrollbackDir())) {
            assertEquals(1, files.count(), "the quit launch's files went at startup");
        }
        assertTrue(second.rig.store.read(TAB, second.record.launchId()).isPresent(), "the relaunch's seed is its own");
        second.autosave();
        second.autosave();
        second.crash();
        Launch third = new Launch();

        assertEquals("old\r\nnewer\r\n", third.restored(), "not the quit launch's older checkpoint");
    }

    @Test
    void aLeftoverWhoseDeletionFailedIsNeverMergedByALaterLaunch() throws IOException {
        Launch first = new Launch();
        FakeTerminal tab = first.openTab().print("old");
        first.rig.checkpointNow();
        byte[] leftover = Files.readAllBytes(first.rig.fileOf(first.tab()));
        tab.print("at quit");
        first.quitCleanly();

        Launch second = new Launch();
        // As if the startup deletion had failed for this one file, and the seed had not replaced it.
        Files.write(second.rig.fileOf(second.tab()), leftover);
        second.autosave();
        second.crash();
        Launch third = new Launch();

        assertEquals("old\r\nat quit\r\n", third.restored());
        assertTrue(third.recovered.rejected().get(0).reason().contains("written by launch " + first.record.launchId()));
    }

    @Test
    void twoAutosavesAfterACleanRelaunchKeepTheQuitsScrollbackRestorable() {
        Launch first = new Launch();
        first.openTab().print("at quit");
        first.quitCleanly();

        Launch second = withoutCheckpoints();
        second.autosave();
        clock.advance(Duration.ofSeconds(8));
        second.autosave();
        second.crash();
        Launch third = new Launch();

        assertEquals("at quit\r\n", third.restored());
        assertInstanceOf(RestoreSource.CleanQuitSnapshot.class, third.plan.sourceOf(TAB));
    }

    @Test
    void aCrashAfterACleanLaunchRestoresThatLaunchsOwnCheckpoints() {
        Launch first = new Launch();
        first.openTab().print("first launch");
        first.quitCleanly();

        clock.advance(Duration.ofSeconds(30));
        Launch second = new Launch();
        assertEquals(1, second.plan.seeds().size(), "a clean launch seeds what it restored too");
        second.tab().print("second launch");
        second.autosave();
        second.rig.checkpointNow();
        second.crash();
        Launch third = new Launch();

        assertEquals("first launch\r\nsecond launch\r\n", third.restored());
    }

    private Launch diesBeforeSeeding() {
        Launch launch = new Launch(true, true, false);
        launch.crash();
        return launch;
    }

    private Launch withoutRestore() {
        return new Launch(false, false, false);
    }

    private Launch withoutCheckpoints() {
        return new Launch(true, false, true);
    }

    /** One run of Holdfast on the shared state directory. */
    private final class Launch {
        final InstanceLock lock;
        final LaunchSentinel sentinel;
        final LaunchRecord record;
        final CheckpointRecovery.Recovered recovered;
        final RestorePlan plan;
        final Rig rig;

        Launch() {
            this(true, true, true);
        }

        Launch(boolean restore, boolean checkpoints, boolean seed) {
            pid++;
            UUID launchId = new UUID(0x1a0cL, ++launches);
            lock = ((InstanceLock.Acquired) InstanceLock.tryAcquire(state)).lock();
            StateWriter disk = (target, bytes) -> {
                if (sentinelDiskFull) {
                    throw new IOException("No space left on device");
                }
                PrivateFiles.writeAtomically(target, bytes);
            };
            sentinel = new LaunchSentinel(state, clock, () -> launchId, processes, disk);
            record = sentinel.acquire(lock);
            CheckpointSettings settings = CheckpointSettings.defaults().withEnabled(checkpoints);
            recovered = new CheckpointRecovery(new ScrollbackStore(state, clock, settings.maxRecordBytes()),
                    new LastLinesTrimmer(), settings).recover(record, restore && checkpoints);
            SessionLoad load = restore ? sessions.load() : new SessionLoad.Missing();
            plan = load instanceof SessionLoad.Loaded loaded
                    ? RestorePlan.merge(loaded.snapshot(), loaded.withScrollback(), recovered.checkpoints())
                    : RestorePlan.merge(null, null, List.of());
            rig = new Rig(state, clock, launchId, settings.withEnabled(checkpoints && recovered.checkpointsAllowed()));
            if (!sentinel.isClaimed()) {
                rig.coordinator.holdWrites("no sentinel");
            }
            if (plan.snapshot() != null) {
                for (PanelSnapshot panel : plan.snapshot().panels()) {
                    String scrollback = panel.scrollback() == null ? "" : panel.scrollback();
                    rig.open(new FakeTerminal(panel.panelId()).replay(scrollback));
                }
            }
            if (seed) {
                rig.coordinator.seed(plan.seeds());
                settleAndTakeOver();
            }
        }

        void settleAndTakeOver() {
            rig.settle();
            if (rig.takeovers > 0) {
                try {
                    sentinel.tookOver();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
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

        /** kill -9: nothing more runs; the operating system releases the lock. */
        void crash() {
            release();
        }

        void release() {
            try {
                lock.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        void quitCleanly() {
            rig.coordinator.abortForQuitOrRestore();
            save(true);
            try {
                sentinel.endCleanly(true);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            release();
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
