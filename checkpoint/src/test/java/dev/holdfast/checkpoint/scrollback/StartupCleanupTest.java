package dev.holdfast.checkpoint.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.holdfast.checkpoint.session.LaunchRecord;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class StartupCleanupTest {

    private static final Instant NOW = Instant.parse("2025-03-14T09:00:00Z");
    private static final UUID THIS = new UUID(0x1a0cL, 2);
    private static final UUID PREVIOUS = new UUID(0x1a0cL, 1);

    @Test
    void afterACleanExitTheCheckpointsAreDeletedWhetherOrNotRestoreIsOn() {
        LaunchRecord clean = new LaunchRecord(THIS, NOW, null, false, false);

        assertInstanceOf(StartupCleanup.DeleteAll.class, StartupCleanup.decide(clean, true));
        assertInstanceOf(StartupCleanup.DeleteAll.class, StartupCleanup.decide(clean, false));
    }

    @Test
    void afterAnUncleanExitTheCrashedLaunchsCheckpointsAreRead() {
        LaunchRecord crash = new LaunchRecord(THIS, NOW, PREVIOUS, true, false);

        assertEquals(new StartupCleanup.ReadPrevious(PREVIOUS), StartupCleanup.decide(crash, true));
    }

    @Test
    void afterAnUncleanExitWithRestoreOffTheCheckpointsAreDeletedSinceNoLaterLaunchMayMergeThem() {
        LaunchRecord crash = new LaunchRecord(THIS, NOW, PREVIOUS, true, false);

        assertInstanceOf(StartupCleanup.DeleteAll.class, StartupCleanup.decide(crash, false));
    }

    @Test
    void anUnreadableSentinelNamesNoLaunchSoNoCheckpointCanBeProvenItsOwn() {
        LaunchRecord crashOfUnknownLaunch = new LaunchRecord(THIS, NOW, null, true, false);

        assertInstanceOf(StartupCleanup.DeleteAll.class, StartupCleanup.decide(crashOfUnknownLaunch, true));
    }

    @Test
    void theCheckpointsOfALaunchStillRunningAreLeftAlone() {
        LaunchRecord second = new LaunchRecord(THIS, NOW, PREVIOUS, false, true);

        assertInstanceOf(StartupCleanup.LeaveAlone.class, StartupCleanup.decide(second, true));
    }
}
