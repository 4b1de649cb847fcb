package dev.holdfast.checkpoint.scrollback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.holdfast.checkpoint.session.CheckpointOwners;
import dev.holdfast.checkpoint.session.LaunchRecord;
import dev.holdfast.checkpoint.session.PreviousLaunch;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class StartupCleanupTest {

    private static final Instant NOW = Instant.parse("2025-03-14T09:00:00Z");
    private static final UUID THIS = new UUID(0x1a0cL, 3);
    private static final UUID PREVIOUS = new UUID(0x1a0cL, 2);
    private static final UUID EARLIER = new UUID(0x1a0cL, 1);

    @Test
    void afterACleanExitTheCheckpointsAreDeletedWhetherOrNotRestoreIsOn() {
        LaunchRecord clean = LaunchRecord.afterCleanExit(THIS, NOW);

        assertInstanceOf(StartupCleanup.DeleteAll.class, StartupCleanup.decide(clean, true));
        assertInstanceOf(StartupCleanup.DeleteAll.class, StartupCleanup.decide(clean, false));
    }

    @Test
    void afterACrashTheRecordsOfTheWholeLineageAreRead() {
        CheckpointOwners owners = new CheckpointOwners(List.of(PREVIOUS, EARLIER), false);
        LaunchRecord crash = new LaunchRecord(THIS, NOW, new PreviousLaunch.Crashed(PREVIOUS), owners);

        assertEquals(new StartupCleanup.ReadOwned(owners), StartupCleanup.decide(crash, true));
    }

    @Test
    void afterACrashWithRestoreOffTheCheckpointsStayForALaunchThatRestores() {
        LaunchRecord crash = new LaunchRecord(THIS, NOW, new PreviousLaunch.Crashed(PREVIOUS),
                new CheckpointOwners(List.of(PREVIOUS), false));

        assertInstanceOf(StartupCleanup.LeaveAlone.class, StartupCleanup.decide(crash, false));
    }

    @Test
    void anUnreadableSentinelMakesEveryRecordThatValidatesMergeable() {
        LaunchRecord unknown = new LaunchRecord(THIS, NOW, new PreviousLaunch.Unknown("garbage"), CheckpointOwners.ANY);

        assertEquals(new StartupCleanup.ReadOwned(CheckpointOwners.ANY), StartupCleanup.decide(unknown, true));
    }

    @Test
    void theCheckpointsOfALaunchStillRunningAreLeftAlone() {
        LaunchRecord second = LaunchRecord.secondInstance(THIS, NOW);

        assertInstanceOf(StartupCleanup.LeaveAlone.class, StartupCleanup.decide(second, true));
    }
}
