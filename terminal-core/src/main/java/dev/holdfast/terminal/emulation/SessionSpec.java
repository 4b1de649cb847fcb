package dev.holdfast.terminal.emulation;

import dev.holdfast.terminal.pty.ShellCommand;
import dev.holdfast.terminal.scrollback.ScrollbackLimit;
import dev.holdfast.terminal.shell.ShellIntegration;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * Everything needed to start one terminal.
 *
 * @param panelId restart-stable identity of the tab's pane, exported to the shell as {@code HOLDFAST_PANEL_ID}
 * @param workingDirectory where the shell starts; the home directory is used when it does not exist
 * @param baseEnvironment the environment to inherit (usually {@code System.getenv()})
 * @param historyLines how many lines of scrollback the model keeps: 0 keeps none, {@link #UNLIMITED_HISTORY_LINES}
 *     as many as fit in the memory cap; every size is also held to that cap ({@link ScrollbackLimit})
 * @param shellIntegration whether (and from where) a bash, zsh or fish loads Holdfast's prompt and command marks;
 *     {@link ShellIntegration#OFF} starts the command exactly as given
 * @param emulatorParser which parser turns the shell's output into the model
 */
public record SessionSpec(
        UUID panelId,
        Path workingDirectory,
        ShellCommand command,
        Map<String, String> baseEnvironment,
        int columns,
        int rows,
        int historyLines,
        ShellIntegration shellIntegration,
        EmulatorParser emulatorParser) {

    public static final int DEFAULT_HISTORY_LINES = 10_000;
    /** No line limit: the history is bounded by {@link ScrollbackLimit#DEFAULT_MEMORY_CAP_BYTES} alone. */
    public static final int UNLIMITED_HISTORY_LINES = Integer.MAX_VALUE;
    public static final int MIN_COLUMNS = 2;
    public static final int MIN_ROWS = 1;

    public SessionSpec {
        Objects.requireNonNull(panelId, "panelId");
        Objects.requireNonNull(workingDirectory, "workingDirectory");
        Objects.requireNonNull(command, "command");
        baseEnvironment = Map.copyOf(Objects.requireNonNull(baseEnvironment, "baseEnvironment"));
        columns = Math.max(MIN_COLUMNS, columns);
        rows = Math.max(MIN_ROWS, rows);
        if (historyLines < 0) {
            throw new IllegalArgumentException("historyLines must not be negative: " + historyLines);
        }
        Objects.requireNonNull(shellIntegration, "shellIntegration");
        Objects.requireNonNull(emulatorParser, "emulatorParser");
    }

    /** A terminal whose shell starts without Holdfast's integration, read by the default parser. */
    public SessionSpec(UUID panelId, Path workingDirectory, ShellCommand command, Map<String, String> baseEnvironment,
                       int columns, int rows, int historyLines) {
        this(panelId, workingDirectory, command, baseEnvironment, columns, rows, historyLines, ShellIntegration.OFF,
                EmulatorParser.DEFAULT);
    }

    /** A terminal read by the default parser. */
    public SessionSpec(UUID panelId, Path workingDirectory, ShellCommand command, Map<String, String> baseEnvironment,
                       int columns, int rows, int historyLines, ShellIntegration shellIntegration) {
        this(panelId, workingDirectory, command, baseEnvironment, columns, rows, historyLines, shellIntegration,
                EmulatorParser.DEFAULT);
    }

    /** A terminal whose shell starts without Holdfast's integration. */
    public SessionSpec(UUID panelId, Path workingDirectory, ShellCommand command, Map<String, String> baseEnvironment,
                       int columns, int rows, int historyLines, EmulatorParser emulatorParser) {
        this(panelId, workingDirectory, command, baseEnvironment, columns, rows, historyLines, ShellIntegration.OFF,
                emulatorParser);
    }

    /** The history's bound: {@link #historyLines} lines, within the default memory cap. */
    public ScrollbackLimit scrollbackLimit() {
        return historyLines == UNLIMITED_HISTORY_LINES ? ScrollbackLimit.unlimited() : ScrollbackLimit.lines(historyLines);
    }
}
