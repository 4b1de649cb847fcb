package dev.holdfast.checkpoint.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.checkpoint.store.PrivateFiles;
import dev.holdfast.checkpoint.store.StateDirectory;
import dev.holdfast.checkpoint.store.StateWriter;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LaunchSentinelTest {

    private static final Instant NOW = Instant.parse("2025-03-14T09:15:02Z");

    @TempDir
    Path root;

    private StateDirectory dir;
    private InstanceLock lock;
    private final FakeProcessTable processes = new FakeProcessTable(100);
    private int launches;
    private boolean diskFull;
    private final StateWriter disk = (target, bytes) -> {
        if (diskFull) {
            throw new IOException("No space left on device");
        }
        PrivateFiles.writeAtomically(target, bytes);
    };

    @BeforeEach
    void openDirectory() throws IOException {
        dir = new StateDirectory(root.resolve("state"), root.resolve("config")).open();
        lock = ((InstanceLock.Acquired) InstanceLock.tryAcquire(dir)).lock();
    }

    @AfterEach
    void releaseTheLock() throws IOException {
        lock.close();
    }

    @Test
    void theFirstLaunchIsCleanAndLeavesASentinelNamingItsProcess() throws IOException {
        LaunchSentinel sentinel = newLaunch();
        LaunchRecord launch = sentinel.acquire(lock);

        assertEquals(launchId(1), launch.launchId());
        assertEquals(NOW, launch.startedAt());
        assertEquals(new PreviousLaunch.None(), launch.previous());
        assertFalse(launch.previousWasUnclean());
        assertTrue(launch.owners().isEmpty());
        assertTrue(sentinel.isClaimed());
        JsonNode written = new ObjectMapper().readTree(dir.sentinelFile().toFile());
        assertEquals(launchId(1).toString(), written.get("launchId").textValue());
        assertEquals("2025-03-14T09:15:02Z", written.get("startedAt").textValue());
        assertEquals(processes.self().pid(), written.get("process").get("pid").longValue());
        assertEquals(0, written.get("inherited").size());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.sentinelFile())));
    }

    @Test
    void aLaunchAfterACleanExitIsClean() throws IOException {
        LaunchSentinel first = newLaunch();
        first.acquire(lock);
        first.endCleanly(true);
        assertFalse(Files.exists(dir.sentinelFile()));

        LaunchRecord second = newLaunch().acquire(lock);

        assertEquals(new PreviousLaunch.None(), second.previous());
        assertTrue(Files.exists(dir.sentinelFile()));
    }

    @Test
    void aLaunchAfterACrashOwnsTheCrashedLaunchsCheckpoints() {
        newLaunch().acquire(lock);

        processes.becomeProcess(200);
        LaunchRecord second = newLaunch().acquire(lock);

        assertEquals(new PreviousLaunch.Crashed(launchId(1)), second.previous());
        assertTrue(second.previousWasUnclean());
        assertEquals(List.of(launchId(1)), second.owners().launches());
        assertEquals(launchId(2), second.launchId());
    }

    @Test
    void launchesThatCrashBeforeTakingOverPassTheWholeLineageOn() {
        newLaunch().acquire(lock);
        newLaunch().acquire(lock);
        newLaunch().acquire(lock);

        LaunchRecord fourth = newLaunch().acquire(lock);

        assertEquals(List.of(launchId(3), launchId(2), launchId(1)), fourth.owners().launches());
    }

    @Test
    void aLaunchThatTookOverPassesOnlyItsOwnCheckpointsOn() throws IOException {
        newLaunch().acquire(lock);
        LaunchSentinel second = newLaunch();
        second.acquire(lock);
        assertTrue(second.holdsInheritance());

        second.tookOver();

        assertFalse(second.holdsInheritance());
        assertEquals(List.of(launchId(2)), newLaunch().acquire(lock).owners().launches());
    }

    @Test
    void crashThenCleanQuitThenLaunchIsCleanAgain() throws IOException {
        newLaunch().acquire(lock);
        LaunchSentinel afterCrash = newLaunch();
        assertTrue(afterCrash.acquire(lock).previousWasUnclean());
        afterCrash.endCleanly(true);

        LaunchRecord third = newLaunch().acquire(lock);

        assertEquals(new PreviousLaunch.None(), third.previous());
        assertTrue(third.owners().isEmpty());
    }

    @Test
    void aCleanExitWithoutSavingKeepsTheInheritedCheckpointsValidForTheNextLaunch() throws IOException {
        newLaunch().acquire(lock);
        LaunchSentinel withoutRestore = newLaunch();
        withoutRestore.acquire(lock);

        withoutRestore.endCleanly(false);

        LaunchRecord third = newLaunch().acquire(lock);
        assertEquals(new PreviousLaunch.EndedKeepingCheckpoints(launchId(2)), third.previous());
        assertFalse(third.previousWasUnclean(), "nothing crashed");
        assertTrue(third.owners().accepts(launchId(1)));
    }

    @Test
    void aCleanExitWithoutSavingOrInheritanceLeavesNoSentinel() throws IOException {
        LaunchSentinel launch = newLaunch();
        launch.acquire(lock);

        launch.endCleanly(false);

        assertFalse(Files.exists(dir.sentinelFile()));
    }

    @Test
    void aQuitWhoseSaveFailedLeavesTheSentinelWithTheReason() {
        LaunchSentinel quitting = newLaunch();
        quitting.acquire(lock);

        quitting.endWithoutSaving("No space left on device");

        LaunchRecord next = newLaunch().acquire(lock);
        assertEquals(new PreviousLaunch.QuitWithoutSaving(launchId(1), "No space left on device"), next.previous());
        assertTrue(next.previousWasUnclean());
        assertEquals(List.of(launchId(1)), next.owners().launches());
    }

    @Test
    void aFailedQuitIsNotedInPlaceWhenTheDiskIsFull() {
        LaunchSentinel quitting = newLaunch();
        quitting.acquire(lock);
        diskFull = true;

        quitting.endWithoutSaving("No space left on device");

        diskFull = false;
        assertInstanceOf(PreviousLaunch.QuitWithoutSaving.class, newLaunch().acquire(lock).previous());
    }

    @Test
    void anUnwritableSentinelKeepsThePreviousOneAndIsClaimedOnceThereIsSpace() throws IOException {
        newLaunch().acquire(lock);
        String crashed = Files.readString(dir.sentinelFile());
        diskFull = true;

        LaunchSentinel second = newLaunch();
        LaunchRecord record = second.acquire(lock);

        assertFalse(second.isClaimed());
        assertEquals("No space left on device", second.claimProblem().orElseThrow());
        assertEquals(new PreviousLaunch.Crashed(launchId(1)), record.previous());
        assertEquals(crashed, Files.readString(dir.sentinelFile()), "the crashed launch's sentinel vouches for it still");
        second.heartbeat();
        assertEquals(crashed, Files.readString(dir.sentinelFile()));
        assertFalse(second.retryClaim());

        diskFull = false;
        assertTrue(second.retryClaim());
        assertTrue(Files.readString(dir.sentinelFile()).contains(launchId(2).toString()));
        assertEquals(List.of(launchId(2), launchId(1)), newLaunch().acquire(lock).owners().launches());
    }

    @Test
    void aSentinelRemovedUnderTheRunningLaunchIsWrittenAgainAtTheNextHeartbeat() throws IOException {
        LaunchSentinel running = newLaunch();
        running.acquire(lock);
        String claim = Files.readString(dir.sentinelFile());
        Files.delete(dir.sentinelFile());

        running.heartbeat();

        assertEquals(claim, Files.readString(dir.sentinelFile()));
        assertTrue(running.isClaimed());
        assertEquals(new PreviousLaunch.Crashed(launchId(1)), newLaunch().acquire(lock).previous(),
                "a crash after the removal is still a crash of that launch");
    }

    @Test
    void anUnreadableSentinelCountsAsAnUncleanExitOfAnUnknownLaunch() throws IOException {
        for (String content : new String[] {"", "{\"launchId\": \"not-a-uuid\"", "[]", "null",
                "{\"process\": {\"pid\": 7}, \"startedAt\": \"2025-01-01T00:00:00Z\"}",
                "{\"process\": {\"pid\": 7}, \"launchId\": \"" + launchId(99) + "\", \"startedAt\": \"2025-01-01T00:00:00Z\","
                        + " \"ending\": \"SOMETHING_NEW\"}"}) {
            Files.writeString(dir.sentinelFile(), content);

            LaunchRecord launch = newLaunch().acquire(lock);

            assertInstanceOf(PreviousLaunch.Unknown.class, launch.previous(), content);
            assertTrue(launch.previousWasUnclean(), content);
            assertNull(launch.previousLaunchId(), content);
            assertTrue(launch.owners().anyLaunch(), content);
            assertTrue(Files.readString(dir.sentinelFile()).contains(launch.launchId().toString()), content);
        }
        try (Stream<Path> kept = Files.list(dir.root())) {
            assertTrue(kept.anyMatch(path -> path.getFileName().toString().startsWith("launch.corrupt-")),
                    "the bad sentinel is kept as evidence");
        }
    }

    @Test
    void aSentinelTooLargeToBeOneIsNotReadButTreatedAsUnknown() throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(dir.sentinelFile().toFile(), "rw")) {
            file.setLength(3L * 1024 * 1024 * 1024);
        }

        LaunchRecord launch = newLaunch().acquire(lock);

        String reason = ((PreviousLaunch.Unknown) launch.previous()).reason();
        assertTrue(reason.startsWith("it is larger than the limit of " + LaunchSentinel.MAX_BYTES + " bytes"), reason);
        assertTrue(Files.size(dir.sentinelFile()) < LaunchSentinel.MAX_BYTES);
    }

    @Test
    void aSentinelFromTheBuildBeforeLineagesReadsAsACrashThatInheritedNothing() throws IOException {
        Files.writeString(dir.sentinelFile(), "{\"process\": {\"pid\": 7, \"startedAt\": \"2025-01-01T00:00:00Z\"},"
                + " \"launchId\": \"" + launchId(42) + "\", \"startedAt\": \"2025-01-01T00:00:00Z\"}");

        LaunchRecord launch = newLaunch().acquire(lock);

        assertEquals(new PreviousLaunch.Crashed(launchId(42)), launch.previous());
        assertEquals(List.of(launchId(42)), launch.owners().launches());
    }

    @Test
    void theCleanExitDeletesWhicheverSentinelIsThere() throws IOException {
        LaunchSentinel launch = newLaunch();
        launch.acquire(lock);
        Files.writeString(dir.sentinelFile(), "{\"launchId\":");

        launch.endCleanly(true);

        assertFalse(Files.exists(dir.sentinelFile()), "this launch holds the directory: no one else wrote it");
    }

    @Test
    void endingWithoutAcquireTouchesNothing() throws IOException {
        Files.writeString(dir.sentinelFile(), "someone else's");

        newLaunch().endCleanly(true);
        newLaunch().endWithoutSaving("x");

        assertEquals("someone else's", Files.readString(dir.sentinelFile()));
    }

    @Test
    void endingTwiceIsHarmless() throws IOException {
        LaunchSentinel launch = newLaunch();
        launch.acquire(lock);

        launch.endCleanly(true);
        launch.endWithoutSaving("late");
        launch.endCleanly(true);

        assertFalse(Files.exists(dir.sentinelFile()));
    }

    @Test
    void acquiringTwiceInOneLaunchIsABug() {
        LaunchSentinel launch = newLaunch();
        launch.acquire(lock);

        assertThrows(IllegalStateException.class, () -> launch.acquire(lock));
    }

    @Test
    void theHeartbeatDatesACrashForTheNextLaunch() {
        Instant alive = NOW.plusSeconds(40);
        LaunchSentinel crashing = new LaunchSentinel(dir, Clock.fixed(alive, ZoneOffset.UTC), () -> launchId(7), processes);
        crashing.acquire(lock);
        crashing.heartbeat();
        processes.becomeProcess(101);

        LaunchSentinel next = newLaunch();
        assertEquals(alive, next.previousLastAlive().orElseThrow(), "read before acquire replaces the sentinel");
        assertTrue(next.acquire(lock).previousWasUnclean());
    }

    @Test
    void noSentinelMeansNoLastAliveTime() {
        assertTrue(newLaunch().previousLastAlive().isEmpty());
    }

    private LaunchSentinel newLaunch() {
        UUID id = launchId(++launches);
        processes.becomeProcess(100 + launches);
        return new LaunchSentinel(dir, Clock.fixed(NOW, ZoneOffset.UTC), () -> id, processes, disk);
    }

    private static UUID launchId(int n) {
        return new UUID(0x1a0c4L, n);
    }
}
