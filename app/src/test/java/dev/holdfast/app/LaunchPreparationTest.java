package dev.holdfast.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.checkpoint.scrollback.CheckpointSettings;
import dev.holdfast.checkpoint.scrollback.ScrollbackRecord;
import dev.holdfast.checkpoint.scrollback.ScrollbackStore;
import dev.holdfast.checkpoint.session.InstanceLock;
import dev.holdfast.checkpoint.session.PanelSnapshot;
import dev.holdfast.checkpoint.session.PreviousLaunch;
import dev.holdfast.checkpoint.session.ProcessTable;
import dev.holdfast.checkpoint.session.SessionSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshotStore;
import dev.holdfast.checkpoint.session.WindowFrame;
import dev.holdfast.checkpoint.store.StateDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A launch's decisions from disk, against a real state directory: the order that keeps earlier launches' data. */
class LaunchPreparationTest {

    private static final Instant NOW = Instant.parse("2025-03-14T09:00:00Z");
    private static final UUID TAB = UUID.fromString("3f2b6c1e-8a4d-4e9b-9c2a-1d7e5f6a8b90");

    @TempDir
    Path root;

    private StateDirectory state;
    private final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
    private final Properties checkpointsOn = new Properties();
    private int launches;

    @BeforeEach
    void aCrashedLaunchWithACheckpoint() throws IOException {
        state = new StateDirectory(root.resolve("state"), root.resolve("config")).open();
        checkpointsOn.setProperty(CheckpointSettings.AUTOMATED_TEST_PROPERTY, "true");
        checkpointsOn.setProperty(CheckpointSettings.TEST_ENABLES_CHECKPOINTS_PROPERTY, "true");
        LaunchContext crashed = launch(false, Map.of());
        new SessionSnapshotStore(state, clock).save(new SessionSnapshot(NOW, new WindowFrame(0, 0, 800, 600, false),
                List.of(new PanelSnapshot(TAB, null, "bash", "/tmp", null, true)), 0, null));
        new ScrollbackStore(state, clock, CheckpointSettings.DEFAULT_MAX_RECORD_BYTES).write(
                ScrollbackRecord.of(TAB, crashed.launch().launchId(), NOW, 3, false, false, "before the crash\r\n"));
        crashed.releaseLock();
    }

    private LaunchContext launch(boolean noRestore, Map<String, String> environment) {
        return launch(noRestore, environment, null);
    }

    private LaunchContext launch(boolean noRestore, Map<String, String> environment, String stateProblem) {
        UUID id = new UUID(0x1a0cL, ++launches);
        return LaunchPreparation.prepare(new LaunchPreparation.Inputs(state, stateProblem,
                new LaunchOptions(false, false, noRestore, List.of()), environment, checkpointsOn, clock,
                ProcessTable.system(), () -> id, "Linux"));
    }

    private String restoredScrollback(LaunchContext context) {
        return context.restore().snapshot().orElseThrow().panels().get(0).scrollback();
    }

    @Test
    void aRelaunchAfterTheCrashMergesItsCheckpoint() {
        LaunchContext next = launch(false, Map.of());

        assertInstanceOf(PreviousLaunch.Crashed.class, next.launch().previous());
        assertEquals("before the crash\r\n", restoredScrollback(next));
        assertTrue(next.checkpoints().settings().enabled());
        assertEquals(1, next.checkpoints().plan().seeds().size());
        assertNotNull(next.clocks().store(), "a launch that saves keeps its tabs' clocks");
        next.clocks().store().close();
        next.releaseLock();
    }

    @Test
    void aCrashBeforeAnySessionWasSavedBringsItsTabsBackFromTheirCheckpoints() throws IOException {
        // The crashed launch's session save never reached the disk (full, or the crash came first).
        java.nio.file.Files.delete(state.root().resolve("session.json"));
        LaunchContext next = launch(false, Map.of());

        assertEquals(TAB, next.restore().snapshot().orElseThrow().panels().get(0).panelId());
        assertEquals("before the crash\r\n", restoredScrollback(next));
        assertEquals(1, next.checkpoints().plan().seeds().size(), "written back as this launch's at once");
        assertTrue(next.restore().notices().stream().anyMatch(n -> n.contains("scrollback checkpoints")),
                next.restore().notices().toString());
        next.releaseLock();
    }

    @Test
    void noRestoreAfterACrashKeepsTheCrashsCheckpointsForTheNextLaunch() throws IOException {
        LaunchContext noRestore = launch(true, Map.of());
        assertTrue(noRestore.restore().snapshot().isEmpty());
        assertFalse(noRestore.restore().persist());
        assertFalse(noRestore.checkpoints().settings().enabled());
        assertNull(noRestore.clocks().store(), "nor its clocks");
        noRestore.ending().nothingToSave();
        noRestore.releaseLock();

        LaunchContext next = launch(false, Map.of());
        assertEquals("before the crash\r\n", restoredScrollback(next));
        next.releaseLock();
    }

    @Test
    void theOptOutVariableMeansWhatNoRestoreMeansWhateverItsSpelling() {
        for (String on : new String[] {"1", "true", "yes"}) {
            LaunchContext optedOut = launch(false, Map.of("HOLDFAST_DISABLE_SESSION_RESTORE", on));
            assertTrue(optedOut.restore().snapshot().isEmpty(), on);
            assertFalse(optedOut.restore().persist(), on + ": no saving either");
            assertFalse(optedOut.checkpoints().settings().enabled(), on + ": no checkpoints either");
            optedOut.ending().nothingToSave();
            optedOut.releaseLock();
        }

        LaunchContext next = launch(false, Map.of());
        assertEquals("before the crash\r\n", restoredScrollback(next), "and nothing was deleted");
        next.releaseLock();
    }

    @Test
    void aSecondInstanceStartsFreshAndWritesNothing() throws IOException {
        LaunchContext first = launch(false, Map.of());
        byte[] sentinel = Files.readAllBytes(state.sentinelFile());

        LaunchContext second = launch(false, Map.of());

        assertTrue(second.launch().previousStillRunning());
        assertTrue(second.restore().snapshot().isEmpty());
        assertFalse(second.restore().persist());
        assertFalse(second.checkpoints().settings().enabled());
        assertNull(second.clocks().store(), "the first one's clocks are not touched");
        second.ending().saved();
        assertEquals(new String(sentinel), Files.readString(state.sentinelFile()), "the first one's sentinel stands");
        first.releaseLock();
    }

    @Test
    void aStateDirectoryThatCannotBeWrittenStillLaunchesAndSaysSoButWritesNothing() throws IOException {
        byte[] sentinel = Files.readAllBytes(state.sentinelFile());

        LaunchContext readOnly = launch(false, Map.of(), "Read-only file system");

        assertTrue(readOnly.restore().notices().get(0).contains("cannot write to its state directory"),
                readOnly.restore().notices().toString());
        assertTrue(readOnly.restore().notices().get(0).contains("Read-only file system"));
        assertFalse(readOnly.restore().persist());
        assertFalse(readOnly.checkpoints().settings().enabled());
        assertEquals(new String(sentinel), Files.readString(state.sentinelFile()));
        assertTrue(Files.exists(state.scrollbackDir()));
        assertInstanceOf(InstanceLock.Acquired.class, InstanceLock.tryAcquire(state), "it never took the lock");
    }

    @Test
    void looseFilesAreTightenedAtStart() throws IOException {
        Files.setPosixFilePermissions(state.sessionFile(), java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-rw-"));

        launch(false, Map.of()).releaseLock();

        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(state.sessionFile())));
    }
}
