package dev.holdfast.checkpoint.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.checkpoint.store.StateDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LaunchSentinelTest {

    private static final Instant NOW = Instant.parse("2025-03-14T09:15:02Z");

    @TempDir
    Path root;

    private StateDirectory dir;
    private final FakeProcessTable processes = new FakeProcessTable(100);
    private int launches;

    @BeforeEach
    void openDirectory() throws IOException {
        dir = new StateDirectory(root.resolve("state"), root.resolve("config")).open();
    }

    @Test
    void theFirstLaunchIsCleanAndLeavesASentinelNamingItsProcess() throws IOException {
        LaunchRecord launch = newLaunch().acquire();

        assertEquals(launchId(1), launch.launchId());
        assertEquals(NOW, launch.startedAt());
        assertFalse(launch.previousWasUnclean());
        assertFalse(launch.previousStillRunning());
        assertNull(launch.previousLaunchId());
        JsonNode sentinel = new ObjectMapper().readTree(dir.sentinelFile().toFile());
        assertEquals(launchId(1).toString(), sentinel.get("launchId").textValue());
        assertEquals("2025-03-14T09:15:02Z", sentinel.get("startedAt").textValue());
        assertEquals(100, sentinel.get("process").get("pid").longValue());
        assertEquals(processes.self().startedAt().toString(), sentinel.get("process").get("startedAt").textValue());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.sentinelFile())));
    }

    @Test
    void aLaunchAfterACleanExitIsClean() throws IOException {
        LaunchSentinel first = newLaunch();
        first.acquire();
        first.releaseOnCleanExit();
        assertFalse(Files.exists(dir.sentinelFile()));

        processes.becomeProcess(200);
        LaunchRecord second = newLaunch().acquire();

        assertFalse(second.previousWasUnclean());
        assertNull(second.previousLaunchId());
        assertTrue(Files.exists(dir.sentinelFile()));
    }

    @Test
    void aLaunchAfterACrashKnowsWhichLaunchCrashed() throws IOException {
        newLaunch().acquire();

        processes.becomeProcess(200);
        LaunchRecord second = newLaunch().acquire();

        assertTrue(second.previousWasUnclean());
        assertFalse(second.previousStillRunning());
        assertEquals(launchId(1), second.previousLaunchId());
        assertEquals(launchId(2), second.launchId());
    }

    @Test
    void crashThenCleanQuitThenLaunchIsCleanAgain() throws IOException {
        newLaunch().acquire();
        processes.becomeProcess(200);
        LaunchSentinel afterCrash = newLaunch();
        assertTrue(afterCrash.acquire().previousWasUnclean());
        afterCrash.releaseOnCleanExit();

        processes.becomeProcess(300);
        LaunchRecord third = newLaunch().acquire();

        assertFalse(third.previousWasUnclean());
        assertNull(third.previousLaunchId());
    }

    @Test
    void cleanQuitThenCrashThenLaunchBlamesOnlyTheCrashedLaunch() throws IOException {
        LaunchSentinel first = newLaunch();
        first.acquire();
        first.releaseOnCleanExit();
        processes.becomeProcess(200);
        newLaunch().acquire();

        processes.becomeProcess(300);
        LaunchRecord third = newLaunch().acquire();

        assertTrue(third.previousWasUnclean());
        assertEquals(launchId(2), third.previousLaunchId());
    }

    @Test
    void anUnreadableSentinelCountsAsAnUncleanExitOfAnUnknownLaunch() throws IOException {
        for (String content : new String[] {"", "{\"launchId\": \"not-a-uuid\"", "[]", "null",
                "{\"process\": {\"pid\": 7}, \"startedAt\": \"2025-01-01T00:00:00Z\"}"}) {
            Files.writeString(dir.sentinelFile(), content);

            LaunchRecord launch = newLaunch().acquire();

            assertTrue(launch.previousWasUnclean(), content);
            assertNull(launch.previousLaunchId(), content);
            assertTrue(Files.readString(dir.sentinelFile()).contains(launch.launchId().toString()), content);
        }
    }

    @Test
    void aSentinelOfALaunchStillRunningIsNeitherACrashNorTakenOver() throws IOException {
        LaunchSentinel running = newLaunch();
        running.acquire();
        processes.markRunning(processes.self());
        String before = Files.readString(dir.sentinelFile());

        processes.becomeProcess(200);
        LaunchSentinel second = newLaunch();
        LaunchRecord launch = second.acquire();
        second.releaseOnCleanExit();

        assertTrue(launch.previousStillRunning());
        assertFalse(launch.previousWasUnclean());
        assertEquals(launchId(1), launch.previousLaunchId());
        assertEquals(before, Files.readString(dir.sentinelFile()));
        running.releaseOnCleanExit();
        assertFalse(Files.exists(dir.sentinelFile()));
    }

    @Test
    void aReusedPidIsNotMistakenForTheLaunchStillRunning() throws IOException {
        newLaunch().acquire();
        // Same pid after a reboot, different start: the fake only knows the new process as running.
        processes.becomeProcess(100);
        processes.markRunning(new ProcessIdentity(100, NOW));

        LaunchRecord launch = newLaunch().acquire();

        assertTrue(launch.previousWasUnclean());
        assertFalse(launch.previousStillRunning());
    }

    @Test
    void releaseLeavesASentinelThatAnotherLaunchWroteSince() throws IOException {
        LaunchSentinel first = newLaunch();
        first.acquire();
        processes.becomeProcess(200);
        newLaunch().acquire();
        String seconds = Files.readString(dir.sentinelFile());

        first.releaseOnCleanExit();

        assertEquals(seconds, Files.readString(dir.sentinelFile()));
    }

    @Test
    void releaseLeavesASentinelThatBecameUnreadable() throws IOException {
        LaunchSentinel launch = newLaunch();
        launch.acquire();
        Files.writeString(dir.sentinelFile(), "{\"launchId\":");

        launch.releaseOnCleanExit();

        assertEquals("{\"launchId\":", Files.readString(dir.sentinelFile()));
    }

    @Test
    void releaseWithoutAcquireTouchesNothing() throws IOException {
        Files.writeString(dir.sentinelFile(), "someone else's");

        newLaunch().releaseOnCleanExit();

        assertEquals("someone else's", Files.readString(dir.sentinelFile()));
    }

    @Test
    void releasingTwiceIsHarmless() throws IOException {
        LaunchSentinel launch = newLaunch();
        launch.acquire();

        launch.releaseOnCleanExit();
        launch.releaseOnCleanExit();

        assertFalse(Files.exists(dir.sentinelFile()));
    }

    @Test
    void acquiringTwiceInOneLaunchIsABug() throws IOException {
        LaunchSentinel launch = newLaunch();
        launch.acquire();

        assertThrows(IllegalStateException.class, launch::acquire);
    }

    @Test
    void aSecondLaunchOnTheRealProcessTableSeesTheFirstStillRunning() throws IOException {
        ProcessTable system = ProcessTable.system();
        new LaunchSentinel(dir, Clock.fixed(NOW, ZoneOffset.UTC), () -> launchId(1), system).acquire();

        LaunchRecord second = new LaunchSentinel(dir, Clock.fixed(NOW, ZoneOffset.UTC), () -> launchId(2), system)
                .acquire();

        assertTrue(second.previousStillRunning());
        assertEquals(launchId(1), second.previousLaunchId());
    }

    @Test
    void theHeartbeatDatesACrashForTheNextLaunch() throws IOException {
        Instant alive = NOW.plusSeconds(40);
        LaunchSentinel crashing = new LaunchSentinel(dir, Clock.fixed(alive, ZoneOffset.UTC), () -> launchId(7), processes);
        crashing.acquire();
        crashing.heartbeat();
        processes.becomeProcess(101);

        LaunchSentinel next = newLaunch();
        assertEquals(alive, next.previousLastAlive().orElseThrow(), "read before acquire replaces the sentinel");
        assertTrue(next.acquire().previousWasUnclean());
    }

    @Test
    void noSentinelMeansNoLastAliveTime() {
        assertTrue(newLaunch().previousLastAlive().isEmpty());
    }

    private LaunchSentinel newLaunch() {
        UUID id = launchId(++launches);
        return new LaunchSentinel(dir, Clock.fixed(NOW, ZoneOffset.UTC), () -> id, processes);
    }

    private static UUID launchId(int n) {
        return new UUID(0x1a0c4L, n);
    }
}
