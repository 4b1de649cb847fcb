package dev.holdfast.app.restore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.checkpoint.session.CheckpointOwners;
import dev.holdfast.checkpoint.session.LaunchRecord;
import dev.holdfast.checkpoint.session.PreviousLaunch;
import dev.holdfast.checkpoint.session.PanelSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshotStore;
import dev.holdfast.checkpoint.session.WindowFrame;
import dev.holdfast.checkpoint.store.StateDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StartupRestoreTest {
    @TempDir
    Path root;

    private final Clock clock = Clock.fixed(Instant.parse("2026-11-29T10:00:00Z"), ZoneOffset.UTC);
    private StateDirectory state;
    private SessionSnapshotStore store;
    private final LaunchRecord afterCleanExit = LaunchRecord.afterCleanExit(UUID.randomUUID(), clock.instant());

    @BeforeEach
    void setUp() throws Exception {
        state = new StateDirectory(root, root.resolve("config")).open();
        store = new SessionSnapshotStore(state, clock);
    }

    private SessionSnapshot twoTabs() {
        return new SessionSnapshot(clock.instant(), new WindowFrame(0, 0, 800, 600, false), List.of(
                new PanelSnapshot(UUID.randomUUID(), "mine", null, "/tmp", null, true),
                new PanelSnapshot(UUID.randomUUID(), null, "vim", "/", null, true)), 1, null);
    }

    @Test
    void savedSessionIsRestored() throws Exception {
        SessionSnapshot saved = twoTabs();
        store.save(saved);
        StartupRestore restore = StartupRestore.decide(afterCleanExit, false, store);
        assertEquals(saved, restore.snapshot().orElseThrow());
        assertTrue(restore.persist());
        assertEquals(List.of(), restore.notices());
    }

    @Test
    void turnedOffStartsFreshAndLeavesTheFilesAlone() throws Exception {
        store.save(twoTabs());
        byte[] before = Files.readAllBytes(state.sessionFile());
        StartupRestore restore = StartupRestore.decide(afterCleanExit, true, store);
        assertTrue(restore.snapshot().isEmpty());
        assertFalse(restore.persist(), "nothing may overwrite the saved session");
        assertEquals(new String(before), Files.readString(state.sessionFile()));
    }

    @Test
    void theEnvironmentVariableTheOptionAndTheSettingAllTurnRestoreOffReadOneWay() {
        for (String on : new String[] {"1", "true", " YES "}) {
            assertTrue(StartupRestore.restoreDisabled(false, Map.of("HOLDFAST_DISABLE_SESSION_RESTORE", on), true), on);
        }
        assertTrue(StartupRestore.restoreDisabled(true, Map.of(), true));
        assertTrue(StartupRestore.restoreDisabled(false, Map.of(), false));
        assertFalse(StartupRestore.restoreDisabled(false, Map.of("HOLDFAST_DISABLE_SESSION_RESTORE", "0"), true));
        assertFalse(StartupRestore.restoreDisabled(false, Map.of(), true));
    }

    @Test
    void aQuitThatCouldNotSaveIsToldAsSuchNotAsACrash() throws Exception {
        store.save(twoTabs());
        LaunchRecord afterFailedQuit = new LaunchRecord(UUID.randomUUID(), clock.instant(),
                new PreviousLaunch.QuitWithoutSaving(UUID.randomUUID(), "No space left on device"),
                CheckpointOwners.NONE);

        StartupRestore restore = StartupRestore.decide(afterFailedQuit, false, store);

        assertEquals(1, restore.notices().size());
        assertTrue(restore.notices().get(0).contains("could not save the session (No space left on device)"),
                restore.notices().get(0));
    }

    @Test
    void anUnreadableLaunchMarkerIsToldToTheUser() throws Exception {
        store.save(twoTabs());
        LaunchRecord unknown = new LaunchRecord(UUID.randomUUID(), clock.instant(),
                new PreviousLaunch.Unknown("it is empty"), CheckpointOwners.ANY);

        StartupRestore restore = StartupRestore.decide(unknown, false, store);

        assertTrue(restore.notices().get(0).contains("launch marker was unreadable (it is empty)"));
    }

    @Test
    void aCorruptSessionFallsBackToThePreviousOneWithANotice() throws Exception {
        SessionSnapshot first = twoTabs();
        store.save(first);
        store.save(twoTabs());
        Files.writeString(state.sessionFile(), "{ this is not json");
        StartupRestore restore = StartupRestore.decide(afterCleanExit, false, store);
        assertEquals(first, restore.snapshot().orElseThrow());
        assertEquals(1, restore.notices().size());
        assertTrue(restore.notices().get(0).contains("session.previous.json"), restore.notices().get(0));
    }

    @Test
    void nothingUsableStartsFreshWithANotice() throws Exception {
        Files.writeString(state.sessionFile(), "garbage");
        StartupRestore restore = StartupRestore.decide(afterCleanExit, false, store);
        assertTrue(restore.snapshot().isEmpty());
        assertTrue(restore.persist());
        assertFalse(restore.notices().isEmpty());
    }

    @Test
    void anotherRunningInstanceIsNeitherRestoredNorOverwritten() throws Exception {
        store.save(twoTabs());
        LaunchRecord second = LaunchRecord.secondInstance(UUID.randomUUID(), clock.instant());
        StartupRestore restore = StartupRestore.decide(second, false, store);
        assertTrue(restore.snapshot().isEmpty());
        assertFalse(restore.persist());
        assertTrue(restore.notices().get(0).contains("already running"));
    }
}
