package dev.holdfast.checkpoint.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.holdfast.checkpoint.session.PanelSnapshot;
import dev.holdfast.checkpoint.session.SessionLoad;
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
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RestorePlanTest {

    private static final Instant T = Instant.parse("2025-03-14T09:00:00Z");
    private static final WindowFrame WINDOW = new WindowFrame(0, 0, 1200, 800, false);
    private static final UUID SHELL = new UUID(0x5e11L, 1);
    private static final UUID LOGS = new UUID(0x5e11L, 2);
    private static final UUID CRASHED = new UUID(0x1a0cL, 1);

    @TempDir
    Path root;

    @Test
    void theCrashPathFillsTheAutosavesTabsFromTheirCheckpoints() {
        // The autosave is newer than the checkpoint but carries no scrollback and no marker.
        SessionSnapshot autosave = snapshot(T.plusSeconds(70), null, panel(SHELL, null), panel(LOGS, null));
        ScrollbackRecord checkpoint = checkpoint(SHELL, T.plusSeconds(30), "make: done\r\n");

        RestorePlan plan = RestorePlan.merge(autosave, null, List.of(checkpoint));

        assertEquals("make: done\r\n", plan.snapshot().panels().get(0).scrollback());
        assertNull(plan.snapshot().panels().get(1).scrollback());
        assertEquals(new RestoreSource.Checkpoint(T.plusSeconds(30), false), plan.sourceOf(SHELL));
        assertEquals(new RestoreSource.None(), plan.sourceOf(LOGS));
        assertEquals(autosave.createdAt(), plan.snapshot().createdAt());
        assertEquals(autosave.window(), plan.snapshot().window());
    }

    @Test
    void aNewerSaveWithScrollbackWinsEvenForATabWhoseScrollbackItLeftOut() {
        Instant quitAt = T.plusSeconds(100);
        SessionSnapshot quit = snapshot(quitAt, quitAt, panel(SHELL, "at quit\r\n"), panel(LOGS, null));
        List<ScrollbackRecord> older = List.of(
                checkpoint(SHELL, T.plusSeconds(40), "older\r\n"), checkpoint(LOGS, T.plusSeconds(40), "older\r\n"));

        RestorePlan plan = RestorePlan.merge(quit, null, older);

        assertEquals("at quit\r\n", plan.snapshot().panels().get(0).scrollback());
        assertNull(plan.snapshot().panels().get(1).scrollback(), "left out on purpose, and it stays out");
        assertEquals(new RestoreSource.CleanQuitSnapshot(quitAt), plan.sourceOf(SHELL));
        assertEquals(new RestoreSource.None(), plan.sourceOf(LOGS));
    }

    @Test
    void aSaveExactlyAsNewAsTheCheckpointWins() {
        SessionSnapshot quit = snapshot(T, T, panel(SHELL, "saved\r\n"));

        RestorePlan plan = RestorePlan.merge(quit, null, List.of(checkpoint(SHELL, T, "checkpoint\r\n")));

        assertEquals("saved\r\n", plan.snapshot().panels().get(0).scrollback());
    }

    @Test
    void aCheckpointNewerThanTheSaveWithScrollbackWins() {
        // The launch after a clean quit crashed before its first autosave: session.json is still the quit's.
        SessionSnapshot quit = snapshot(T, T, panel(SHELL, "at quit\r\n"));

        RestorePlan plan = RestorePlan.merge(quit, null, List.of(checkpoint(SHELL, T.plusMillis(1), "later\r\n")));

        assertEquals("later\r\n", plan.snapshot().panels().get(0).scrollback());
    }

    @Test
    void aRestoreAfterACleanExitSeedsWhatItRestoredToo() {
        SessionSnapshot quit = snapshot(T, T, panel(SHELL, "at quit\r\n"), panel(LOGS, null));

        RestorePlan plan = RestorePlan.merge(quit, null, List.of());

        assertEquals(List.of(new ScrollbackSeed(SHELL, "at quit\r\n", T, false)), plan.seeds(),
                "a crash at any moment after this launch must bring back at least what it restored");
    }

    @Test
    void theLastSnapshotWithScrollbackFillsTheTabsOfLaterAutosaves() {
        Instant quitAt = T.minusSeconds(300);
        SessionSnapshot quit = snapshot(quitAt, quitAt, panel(SHELL, "at quit\r\n"), panel(LOGS, "logs\r\n"));
        SessionSnapshot autosave = snapshot(T, null, panel(SHELL, null), panel(LOGS, null));

        RestorePlan plan = RestorePlan.merge(autosave, quit, List.of(checkpoint(LOGS, quitAt.plusSeconds(30), "newer\r\n")));

        assertEquals("at quit\r\n", plan.snapshot().panels().get(0).scrollback());
        assertEquals(new RestoreSource.CleanQuitSnapshot(quitAt), plan.sourceOf(SHELL));
        assertEquals("newer\r\n", plan.snapshot().panels().get(1).scrollback(), "a newer checkpoint still wins");
        assertEquals(2, plan.seeds().size());
    }

    @Test
    void aTabOptedOutSinceTheQuitTakesNothingFromIt() {
        SessionSnapshot quit = snapshot(T, T, panel(SHELL, "at quit\r\n"));
        SessionSnapshot autosave = snapshot(T.plusSeconds(8), null, new PanelSnapshot(SHELL, null, null, null, null, false));

        RestorePlan plan = RestorePlan.merge(autosave, quit, List.of());

        assertNull(plan.snapshot().panels().get(0).scrollback());
        assertEquals(List.of(), plan.seeds());
    }

    @Test
    void aTabWhoseUserOptedOutTakesNoCheckpoint() {
        SessionSnapshot autosave = snapshot(T, null,
                new PanelSnapshot(SHELL, null, null, null, null, false));

        RestorePlan plan = RestorePlan.merge(autosave, null, List.of(checkpoint(SHELL, T, "secret")));

        assertNull(plan.snapshot().panels().get(0).scrollback());
        assertEquals(new RestoreSource.None(), plan.sourceOf(SHELL));
        assertEquals(List.of(), plan.seeds());
    }

    @Test
    void aLegacySnapshotWithoutTheMarkerTakesTheCheckpoints(@TempDir Path legacyRoot) throws IOException {
        StateDirectory state = new StateDirectory(legacyRoot.resolve("state"), legacyRoot.resolve("c")).open();
        Files.writeString(state.sessionFile(), """
                {"version": 1, "createdAt": "2024-11-02T18:40:11.250Z",
                 "window": {"x": 0, "y": 0, "width": 800, "height": 600, "maximized": false},
                 "panels": [{"panelId": "%s", "workingDirectory": "/tmp"}], "selectedIndex": 0}
                """.formatted(SHELL));
        SessionSnapshot legacy = ((SessionLoad.Loaded) new SessionSnapshotStore(state, Clock.systemUTC()).load())
                .snapshot();

        RestorePlan plan = RestorePlan.merge(legacy, null,
                List.of(checkpoint(SHELL, Instant.parse("2024-11-02T18:39:00Z"), "from the checkpoint\r\n")));

        assertNull(legacy.scrollbackCapturedAt());
        assertEquals("from the checkpoint\r\n", plan.snapshot().panels().get(0).scrollback());
    }

    @Test
    void theScrollbackMarkerSurvivesTheSessionFileAndDecidesTheMerge() throws IOException {
        StateDirectory state = new StateDirectory(root.resolve("state"), root.resolve("c")).open();
        SessionSnapshotStore sessions = new SessionSnapshotStore(state, Clock.fixed(T, ZoneOffset.UTC));
        sessions.save(snapshot(T.plusSeconds(5), T.plusSeconds(5), panel(SHELL, "at quit\r\n")));
        SessionSnapshot loaded = ((SessionLoad.Loaded) sessions.load()).snapshot();

        RestorePlan plan = RestorePlan.merge(loaded, null, List.of(checkpoint(SHELL, T, "older\r\n")));

        assertEquals(T.plusSeconds(5), loaded.scrollbackCapturedAt());
        assertEquals("at quit\r\n", plan.snapshot().panels().get(0).scrollback());
    }

    @Test
    void theRestoredScrollbackIsSeededWithItsOriginalAgeAndAgentFlag() {
        Instant quitAt = T.minusSeconds(500);
        SessionSnapshot snapshot = snapshot(T, quitAt, panel(SHELL, null), panel(LOGS, "from the quit\r\n"));
        ScrollbackRecord agent = ScrollbackRecord.of(SHELL, CRASHED, T.minusSeconds(42), 9, false, true, "codex\r\n");

        RestorePlan plan = RestorePlan.merge(snapshot, null, List.of(agent));

        assertEquals(List.of(new ScrollbackSeed(SHELL, "codex\r\n", T.minusSeconds(42), true),
                new ScrollbackSeed(LOGS, "from the quit\r\n", quitAt, false)), plan.seeds());
        assertEquals(new RestoreSource.Checkpoint(T.minusSeconds(42), true), plan.sourceOf(SHELL));
    }

    @Test
    void withoutASnapshotThereIsNothingToRestore() {
        RestorePlan plan = RestorePlan.merge(null, null, List.of(checkpoint(SHELL, T, "x")));

        assertNull(plan.snapshot());
        assertInstanceOf(RestoreSource.None.class, plan.sourceOf(SHELL));
        assertEquals(List.of(), plan.seeds());
    }

    @Test
    void aCheckpointOfAPanelNotInTheSnapshotIsIgnored() {
        SessionSnapshot autosave = snapshot(T, null, panel(SHELL, null));

        RestorePlan plan = RestorePlan.merge(autosave, null, List.of(checkpoint(LOGS, T, "closed tab")));

        assertEquals(1, plan.snapshot().panels().size());
        assertNull(plan.snapshot().panels().get(0).scrollback());
    }

    @Test
    void withoutAnySessionEveryValidCheckpointBecomesATabOldestFirst() {
        List<ScrollbackRecord> found = List.of(checkpoint(LOGS, T.plusSeconds(5), "second\r\n"),
                checkpoint(SHELL, T, "first\r\n"));

        SessionSnapshot session = RestorePlan.fromCheckpointsAlone(found, WINDOW);
        RestorePlan plan = RestorePlan.merge(session, null, found);

        assertEquals(List.of(SHELL, LOGS), plan.snapshot().panels().stream().map(PanelSnapshot::panelId).toList());
        assertEquals(List.of("first\r\n", "second\r\n"),
                plan.snapshot().panels().stream().map(PanelSnapshot::scrollback).toList());
        assertInstanceOf(RestoreSource.Checkpoint.class, plan.sourceOf(SHELL));
        assertEquals(2, plan.seeds().size(), "both are written back as this launch's at once");
        assertNull(plan.snapshot().panels().get(0).workingDirectory(), "in the home directory");
        assertNull(RestorePlan.fromCheckpointsAlone(List.of(), WINDOW));
    }

    private static ScrollbackRecord checkpoint(UUID panel, Instant capturedAt, String text) {
        return ScrollbackRecord.of(panel, CRASHED, capturedAt, 1, false, false, text);
    }

    private static PanelSnapshot panel(UUID id, String scrollback) {
        return new PanelSnapshot(id, null, "bash", "/home/dana", scrollback, true);
    }

    private static SessionSnapshot snapshot(Instant createdAt, Instant scrollbackCapturedAt, PanelSnapshot... panels) {
        return new SessionSnapshot(createdAt, WINDOW, List.of(panels), 0, scrollbackCapturedAt);
    }
}
