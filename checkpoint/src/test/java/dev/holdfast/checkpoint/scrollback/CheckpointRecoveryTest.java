package dev.holdfast.checkpoint.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.checkpoint.session.CheckpointOwners;
import dev.holdfast.checkpoint.session.LaunchRecord;
import dev.holdfast.checkpoint.session.PreviousLaunch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointRecoveryTest {

    private static final Instant NOW = Instant.parse("2025-03-14T09:00:00Z");
    private static final UUID OLDER = new UUID(0x1a0cL, 1);
    private static final UUID PREVIOUS = new UUID(0x1a0cL, 2);
    private static final UUID THIS = new UUID(0x1a0cL, 3);
    private static final UUID PANEL = new UUID(0x5e11L, 1);
    private static final UUID OTHER = new UUID(0x5e11L, 2);

    @TempDir
    Path root;

    private ScrollbackStore store;
    private CheckpointRecovery recovery;

    @BeforeEach
    void fillTheDirectory() throws IOException {
        store = new ScrollbackStore(Rig.openState(root), new ManualClock(NOW), CheckpointSettings.DEFAULT_MAX_RECORD_BYTES);
        recovery = new CheckpointRecovery(store, new LastLinesTrimmer(), CheckpointSettings.defaults());
        store.write(ScrollbackRecord.of(PANEL, PREVIOUS, NOW, 4, false, false, "mine"));
        store.write(ScrollbackRecord.of(OTHER, OLDER, NOW, 4, false, false, "an older launch's"));
    }

    @Test
    void afterACleanExitTheDirectoryIsDeletedBeforeAnythingIsReadEvenWithRestoreOff() {
        for (boolean restoreOn : new boolean[] {true, false}) {
            CheckpointRecovery.Recovered recovered = recovery.recover(LaunchRecord.afterCleanExit(THIS, NOW), restoreOn);

            assertInstanceOf(StartupCleanup.DeleteAll.class, recovered.cleanup());
            assertEquals(List.of(), recovered.checkpoints());
            assertFalse(Files.exists(store.directory()));
            assertTrue(recovered.checkpointsAllowed());
        }
    }

    @Test
    void afterACrashOnlyTheCrashedLaunchsCheckpointsComeBackAndTheRestAreReported() {
        CheckpointRecovery.Recovered recovered = recovery.recover(crashOf(PREVIOUS), true);

        assertEquals(List.of("mine"), recovered.checkpoints().stream().map(ScrollbackRecord::scrollback).toList());
        assertEquals(1, recovered.rejected().size());
        assertTrue(recovered.rejected().get(0).reason().contains("written by launch " + OLDER));
    }

    @Test
    void afterACrashWithRestoreOffNothingIsReadOrDeleted() {
        CheckpointRecovery.Recovered recovered = recovery.recover(crashOf(PREVIOUS), false);

        assertEquals(List.of(), recovered.checkpoints());
        assertTrue(Files.exists(store.fileOf(PANEL)), "kept for a launch that restores");
        assertTrue(Files.exists(store.fileOf(OTHER)));
        assertFalse(recovered.checkpointsAllowed());
    }

    @Test
    void theRecordsOfEveryLaunchInTheLineageComeBack() {
        LaunchRecord afterTwoCrashes = new LaunchRecord(THIS, NOW, new PreviousLaunch.Crashed(PREVIOUS),
                new CheckpointOwners(List.of(PREVIOUS, OLDER), false));

        CheckpointRecovery.Recovered recovered = recovery.recover(afterTwoCrashes, true);

        assertEquals(List.of("an older launch's", "mine"),
                recovered.checkpoints().stream().map(ScrollbackRecord::scrollback).sorted().toList());
        assertEquals(List.of(), recovered.rejected());
    }

    @Test
    void aRecordLongerThanTheTailIsCutToItAfterReading() throws IOException {
        store.write(ScrollbackRecord.of(PANEL, PREVIOUS, NOW, 4, false, false, "a\r\nb\r\nc\r\n"));
        CheckpointRecovery twoLines = new CheckpointRecovery(store, new LastLinesTrimmer(),
                CheckpointSettings.defaults().withTail(2, 1_000, 100));

        ScrollbackRecord record = twoLines.recover(crashOf(PREVIOUS), true).checkpoints().get(0);

        assertEquals("b\r\nc\r\n", record.scrollback());
        assertTrue(record.truncated());
    }

    private static LaunchRecord crashOf(UUID launch) {
        return new LaunchRecord(THIS, NOW, new PreviousLaunch.Crashed(launch), new CheckpointOwners(List.of(launch), false));
    }

    @Test
    void theFilesOfAHoldfastStillRunningAreLeftAloneAndThisLaunchMustNotCheckpoint() {
        CheckpointRecovery.Recovered recovered = recovery.recover(LaunchRecord.secondInstance(THIS, NOW), true);

        assertEquals(List.of(), recovered.checkpoints());
        assertTrue(Files.exists(store.fileOf(PANEL)));
        assertTrue(Files.exists(store.fileOf(OTHER)));
        assertFalse(recovered.checkpointsAllowed());
    }
}
