package dev.holdfast.terminal.pty;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What a terminal's shell is doing, read from the operating system.
 *
 * @param workingDirectory the shell's current directory, when it can be read
 * @param foregroundCommand the name of the command that owns the terminal's foreground, when that is
 *     not the shell itself (so "is something running in this tab?" is {@code foregroundCommand().isPresent()})
 */
public record ProcessSnapshot(Optional<Path> workingDirectory, Optional<String> foregroundCommand) {
    public static final ProcessSnapshot UNKNOWN = new ProcessSnapshot(Optional.empty(), Optional.empty());

    public boolean runsCommand() {
        return foregroundCommand.isPresent();
    }
}
