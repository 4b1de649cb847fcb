package dev.holdfast.terminal.agent.conversation;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A tool the agent ran, folded with its result: a panel shows it as one line (command, exit status, duration)
 * and the output when unfolded.
 *
 * @param callId the agent's id for the call, pairing it with its output
 * @param name the tool ({@code exec_command}, {@code apply_patch}, {@code Bash}, …)
 * @param command what it ran, as one line to show: the command line, the patched files, or the tool's input
 * @param status where it stands
 * @param exitCode the command's exit status, when the agent recorded one
 * @param duration how long it took, when known
 * @param output its output, capped: a cut output ends with a marker that says how much was left out
 */
public record ToolCall(
        long sequence,
        Optional<Instant> at,
        String callId,
        String name,
        String command,
        Status status,
        OptionalInt exitCode,
        Optional<Duration> duration,
        String output) implements ConversationItem {

    public enum Status {
        /** No output yet. */
        RUNNING,
        /** Finished, and nothing says it failed. */
        SUCCEEDED,
        /** Finished with a non-zero exit status or a failure the tool reported. */
        FAILED
    }

    public ToolCall {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(callId, "callId");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(exitCode, "exitCode");
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(output, "output");
    }

    ToolCall withOutput(String newOutput) {
        return new ToolCall(sequence, at, callId, name, command, status, exitCode, duration, newOutput);
    }
}
