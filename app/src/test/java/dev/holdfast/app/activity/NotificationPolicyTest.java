package dev.holdfast.app.activity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.shell.CommandRun;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class NotificationPolicyTest {
    private static final UUID TAB = new UUID(0, 1);
    private static final Duration LONG = Duration.ofSeconds(10);
    private static final Instant T = Instant.parse("2026-03-01T12:00:00Z");

    private static ActivityEvent.CommandFinished ran(long seconds, Integer exit) {
        return new ActivityEvent.CommandFinished(TAB, "build", new CommandRun(1, "make test", exit, T,
                T.plusSeconds(seconds)));
    }

    @Test
    void aTabInBackgroundThatStartsWaitingNotifiesWithItsQuestion() {
        NotificationPolicy.Notification n = NotificationPolicy.decide(
                new ActivityEvent.EnteredWaiting(TAB, "deploy", "Continue? [y/N]"), true, false, LONG).orElseThrow();
        assertEquals("deploy is waiting for you", n.summary());
        assertEquals("Continue? [y/N]", n.body());
    }

    @Test
    void theTabInFrontAndTheSettingOffNeverNotify() {
        ActivityEvent waiting = new ActivityEvent.EnteredWaiting(TAB, "deploy", "Continue?");
        assertEquals(Optional.empty(), NotificationPolicy.decide(waiting, true, true, LONG));
        assertEquals(Optional.empty(), NotificationPolicy.decide(waiting, false, false, LONG));
    }

    @Test
    void onlyACommandThatRanAtLeastTheThresholdNotifies() {
        assertEquals(Optional.empty(), NotificationPolicy.decide(ran(9, 0), true, false, LONG));
        NotificationPolicy.Notification ok = NotificationPolicy.decide(ran(10, 0), true, false, LONG).orElseThrow();
        assertEquals("build: command finished", ok.summary());
        assertEquals("make test succeeded after 10 s", ok.body());
        NotificationPolicy.Notification failed = NotificationPolicy.decide(ran(125, 2), true, false, LONG).orElseThrow();
        assertEquals("build: command failed", failed.summary());
        assertTrue(failed.body().contains("failed with status 2 after 2 min 5 s"), failed.body());
    }
}
