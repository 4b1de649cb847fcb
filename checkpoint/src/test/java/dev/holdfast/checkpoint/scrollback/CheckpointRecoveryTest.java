package dev.holdfast.checkpoint.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.checkpoint.session.LaunchRecord;
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
        recovery = new CheckpointRecovery(store);
        store.write(ScrollbackRecord.of(PANEL, PREVIOUS, NOW, 4, false, false, "mine"));
        store.write(ScrollbackRecord.of(OTHER, OLDER, NOW, 4, false, false, "an older launch's"));
    }

    @Test
    void afterACleanExitTheDirectoryIsDeletedBeforeAnythingIsReadEvenWithRestoreOff() {
        for (boolean restoreOn : new boolean[] {true, false}) {
            CheckpointRecovery.Recovered recovered = recovery.recover(new LaunchRecord(THIS, NOW, null, false, false), restoreOn);

            assertInstanceOf(StartupCleanup.DeleteAll.class, recovered.cleanup());
            assertEquals(List.of(), recovered.checkpoints());
            assertFalse(Files.exists(store.directory()));
            assertTrue(recovered.checkpointsAllowed());
        }
    }

    @Test
    void afterACrashOnlyTheCrashedLaunchsCheckpointsComeBackAndTheRestAreReported() {
        CheckpointRecovery.Recovered recovered = recovery.recover(new LaunchRecord(THIS, NOW, PREVIOUS, true, false), true);

        assertEquals(List.of("mine"), recovered.checkpoints().stream().map(ScrollbackRecord::scrollback).toList());
        assertEquals(1, recovered.rejected().size());
        assertTrue(recovered.rejected().get(0).reason().contains("written by launch " + OLDER));
    }

    @Test
    void afterACrashWithRestoreOffNothingIsReadAndTheFilesGo() {
        CheckpointRecovery.Recovered recovered = recovery.recover(new LaunchRecord(THIS, NOW, PREVIOUS, true, false), false);

        assertEquals(List.of(), recovered.checkpoints());
        assertFalse(Files.exists(store.directory()));
    }

    @Test
    void theFilesOfAHoldfastStillRunningAreLeftAloneAndThisLaunchMustNotCheckpoint() {
        CheckpointRecovery.Recovered recovered = recovery.recover(new LaunchRecord(THIS, NOW, PREVIOUS, false, true), true);

        assertEquals(List.of(), recovered.checkpoints());
        assertTrue(Files.exists(store.fileOf(PANEL)));
        assertTrue(Files.exists(store.fileOf(OTHER)));
        assertFalse(recovered.checkpointsAllowed());
    }
}
