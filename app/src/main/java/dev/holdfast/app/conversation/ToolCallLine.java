package dev.holdfast.app.conversation;

import dev.holdfast.terminal.agent.conversation.ToolCall;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * A tool call folded to one line: what it ran, how it ended, how long it took. Pure.
 *
 * @param command the command (or the tool's input) on one line: line breaks shown as {@code ⏎}
 * @param status {@code exit 0}, {@code exit 2}, {@code failed}, {@code running…} or {@code done}
 * @param failed whether it is shown as a failure
 * @param duration {@code 0.2 s}, {@code 1 min 5 s}, or empty when unknown
 */
public record ToolCallLine(String command, String status, boolean failed, String duration) {
    public ToolCallLine {
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(duration, "duration");
    }

    public static ToolCallLine of(ToolCall call) {
        String status = switch (call.status()) {
            case RUNNING -> "running…";
            case SUCCEEDED -> call.exitCode().isPresent() ? "exit " + call.exitCode().getAsInt() : "done";
            case FAILED -> call.exitCode().isPresent() ? "exit " + call.exitCode().getAsInt() : "failed";
        };
        return new ToolCallLine(oneLine(call.command()), status, call.status() == ToolCall.Status.FAILED,
                call.duration().map(ToolCallLine::duration).orElse(""));
    }

    /** The line as text: {@code $ command · exit 0 · 0.2 s}. */
    public String text() {
        return "$ " + command + " · " + status + (duration.isEmpty() ? "" : " · " + duration);
    }

    static String oneLine(String command) {
        return command.strip().replace("\r\n", "\n").replace('\r', '\n').replace("\n", " ⏎ ");
    }

    /** Tenths of a second below a minute, whole seconds above. */
    static String duration(Duration d) {
        long millis = d.toMillis();
        if (millis < 60_000) {
            return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
        }
        long seconds = d.toSeconds();
        if (seconds < 3600) {
            return (seconds / 60) + " min " + (seconds % 60) + " s";
        }
        return (seconds / 3600) + " h " + (seconds % 3600 / 60) + " min";
    }
}
