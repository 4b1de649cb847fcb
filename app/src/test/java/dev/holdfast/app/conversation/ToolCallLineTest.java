package dev.holdfast.app.conversation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.agent.conversation.ToolCall;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** A tool call folded to its one line: command, exit status, duration. */
class ToolCallLineTest {

    private static ToolCall call(String command, ToolCall.Status status, OptionalInt exit, Optional<Duration> took) {
        return new ToolCall(1, Optional.empty(), "c1", "exec_command", command, status, exit, took, "out");
    }

    @Test
    void aFinishedCommandShowsItsExitStatusAndDuration() {
        ToolCallLine line = ToolCallLine.of(call("make test", ToolCall.Status.SUCCEEDED, OptionalInt.of(0),
                Optional.of(Duration.ofMillis(230))));
        assertEquals("$ make test · exit 0 · 0.2 s", line.text());
        assertFalse(line.failed());
    }

    @Test
    void aFailureIsMarkedWithOrWithoutAnExitStatus() {
        ToolCallLine exited = ToolCallLine.of(call("false", ToolCall.Status.FAILED, OptionalInt.of(2), Optional.empty()));
        assertEquals("$ false · exit 2", exited.text());
        assertTrue(exited.failed());
        ToolCallLine failed = ToolCallLine.of(call("apply_patch", ToolCall.Status.FAILED, OptionalInt.empty(),
                Optional.empty()));
        assertEquals("failed", failed.status());
        assertTrue(failed.failed());
    }

    @Test
    void aRunningCallAndAToolWithoutExitStatusSaySo() {
        assertEquals("running…", ToolCallLine.of(call("sleep 9", ToolCall.Status.RUNNING, OptionalInt.empty(),
                Optional.empty())).status());
        assertEquals("done", ToolCallLine.of(call("read file", ToolCall.Status.SUCCEEDED, OptionalInt.empty(),
                Optional.empty())).status());
    }

    @Test
    void aCommandOfSeveralLinesIsShownOnOne() {
        assertEquals("cd app ⏎ make", ToolCallLine.of(call("cd app\r\nmake\n", ToolCall.Status.RUNNING,
                OptionalInt.empty(), Optional.empty())).command());
    }

    @Test
    void durationsReadAsAPersonWouldSayThem() {
        assertEquals("0.0 s", ToolCallLine.duration(Duration.ZERO));
        assertEquals("59.9 s", ToolCallLine.duration(Duration.ofMillis(59_900)));
        assertEquals("1 min 5 s", ToolCallLine.duration(Duration.ofSeconds(65)));
        assertEquals("2 h 3 min", ToolCallLine.duration(Duration.ofMinutes(123)));
    }
}
