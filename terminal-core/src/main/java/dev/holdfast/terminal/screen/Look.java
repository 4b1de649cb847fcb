package dev.holdfast.terminal.screen;

import dev.holdfast.terminal.pty.ProcessSnapshot;
import dev.holdfast.terminal.shell.ShellStatus;
import java.time.Instant;
import java.util.Objects;

/**
 * Everything one look at a tab gathered, copied before any of it is judged: the screen (under the buffer lock),
 * the output generation, the process table, the shell's marks.
 *
 * @param program what runs in the foreground ({@link ProgramKind#ofForegroundCommand} of {@code process}, unless
 *     better agent detection knows more)
 * @param outputGeneration the terminal's processed output generation when the screen was copied
 * @param exitStatus the shell's exit status once it ended, else null
 * @param title the tab's title as shown (the user's, or the program's)
 * @param shellName the shell's name for the card ({@code bash})
 * @param localHost this machine's host name, to tell a remote working directory (OSC 7 over ssh); null if unknown
 */
public record Look(Instant at, VisibleScreen screen, ProgramKind program, long outputGeneration,
                   ProcessSnapshot process, ShellStatus shell, Integer exitStatus, String title, String shellName,
                   String localHost) {
    public Look {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(screen, "screen");
        Objects.requireNonNull(program, "program");
        Objects.requireNonNull(process, "process");
        Objects.requireNonNull(shell, "shell");
        title = title == null ? "" : title;
        shellName = shellName == null || shellName.isBlank() ? "shell" : shellName;
    }
}
