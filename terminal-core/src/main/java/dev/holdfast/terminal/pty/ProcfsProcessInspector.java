package dev.holdfast.terminal.pty;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Linux: the shell's cwd is the {@code /proc/<pid>/cwd} link; the terminal's foreground process group is
 * field 8 ({@code tpgid}) of {@code /proc/<pid>/stat}. When that group is not the shell's own, a command
 * runs in the foreground, and {@code /proc/<tpgid>/comm} names it.
 */
final class ProcfsProcessInspector implements ProcessInspector {
    private final Path proc;

    ProcfsProcessInspector(Path proc) {
        this.proc = proc;
    }

    @Override
    public ProcessSnapshot inspect(long shellPid) {
        Optional<Path> cwd;
        try {
            cwd = Optional.of(Files.readSymbolicLink(proc.resolve(shellPid + "/cwd")));
        } catch (IOException | UnsupportedOperationException e) {
            cwd = Optional.empty();
        }
        return new ProcessSnapshot(cwd, foreground(shellPid));
    }

    private Optional<String> foreground(long shellPid) {
        long[] fields = statFields(shellPid);
        if (fields == null) {
            return Optional.empty();
        }
        long processGroup = fields[0];
        long terminalGroup = fields[1];
        if (terminalGroup <= 0 || terminalGroup == processGroup) {
            return Optional.empty();
        }
        try {
            String comm = Files.readString(proc.resolve(terminalGroup + "/comm"), StandardCharsets.UTF_8).strip();
            return comm.isEmpty() ? Optional.of("process " + terminalGroup) : Optional.of(comm);
        } catch (IOException e) {
            return Optional.of("process " + terminalGroup);
        }
    }

    /** {pgrp, tpgid} of a process, or null when it is gone. */
    private long[] statFields(long pid) {
        String stat;
        try {
            stat = Files.readString(proc.resolve(pid + "/stat"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
        // The command name (field 2) is in parentheses and may itself contain spaces or parentheses.
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            return null;
        }
        String[] rest = stat.substring(close + 2).split(" ");
        // rest[0] is field 3 (state); pgrp is field 5, tpgid field 8.
        if (rest.length < 6) {
            return null;
        }
        try {
            return new long[] {Long.parseLong(rest[2]), Long.parseLong(rest[5])};
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
