package dev.holdfast.terminal.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.stream.ShellMark;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class CommandTrackerTest {
    private final ManualClock clock = new ManualClock(Instant.parse("2026-03-01T10:00:00Z"));
    private final CommandTracker tracker = new CommandTracker(clock);

    @Test
    void aCommandBetweenItsMarksIsRecordedWithStatusAndDuration() {
        tracker.apply(new ShellMark.PromptStarted());
        tracker.apply(new ShellMark.InputStarted());
        ShellStatus running = tracker.apply(new ShellMark.CommandStarted("make test"));
        assertEquals(ShellPhase.RUNNING, running.phase());
        assertEquals("make test", running.runningCommand());
        clock.advance(Duration.ofMillis(3_200));
        ShellStatus done = tracker.apply(new ShellMark.CommandFinished(2));
        CommandRun run = done.lastCommand();
        assertEquals("make test", run.commandLine());
        assertEquals(2, run.exitStatus());
        assertEquals(Duration.ofMillis(3_200), run.duration());
        assertEquals(1, run.sequence());
        assertEquals(ShellPhase.PROMPT, done.phase());
        assertTrue(done.atPrompt());
    }

    @Test
    void anEndMarkWithoutAStartIsNoCommand() {
        // Shells send D at every prompt: after an empty line, or Ctrl+C while typing.
        tracker.apply(new ShellMark.PromptStarted());
        tracker.apply(new ShellMark.InputStarted());
        ShellStatus status = tracker.apply(new ShellMark.CommandFinished(130));
        assertNull(status.lastCommand());
        assertTrue(status.recentCommands().isEmpty());
    }

    @Test
    void recentCommandsAreBounded() {
        for (int i = 0; i < CommandTracker.RECENT_COMMANDS + 5; i++) {
            tracker.apply(new ShellMark.CommandStarted("c" + i));
            tracker.apply(new ShellMark.CommandFinished(0));
        }
        ShellStatus status = tracker.status();
        assertEquals(CommandTracker.RECENT_COMMANDS, status.recentCommands().size());
        assertEquals("c24", status.lastCommand().commandLine());
        assertEquals(25, status.lastCommand().sequence());
    }

    @Test
    void integratedOnlyOnceAPromptMarkArrives() {
        assertFalse(tracker.status().integrated());
        tracker.apply(new ShellMark.WorkingDirectory("box", "/srv"));
        assertFalse(tracker.status().integrated());
        assertEquals("/srv", tracker.status().directory());
        assertEquals("box", tracker.status().directoryHost());
        tracker.apply(new ShellMark.PromptStarted());
        assertTrue(tracker.status().integrated());
    }
}
