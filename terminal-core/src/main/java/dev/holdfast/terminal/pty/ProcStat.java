package dev.holdfast.terminal.pty;

import java.util.Optional;

/**
 * The fields of {@code /proc/<pid>/stat} that Holdfast reads. The command name (field 2) is in parentheses
 * and may itself hold spaces and parentheses, so fields are counted from the last {@code ')'}.
 *
 * @param pid field 1
 * @param parentPid field 4
 * @param processGroup field 5
 * @param terminalProcessGroup field 8 ({@code tpgid}): the foreground process group of the process's terminal
 * @param startTicks field 22: when the process started, in clock ticks after boot
 */
record ProcStat(long pid, long parentPid, long processGroup, long terminalProcessGroup, long startTicks) {

    static Optional<ProcStat> parse(String stat) {
        int open = stat.indexOf(' ');
        int close = stat.lastIndexOf(')');
        if (open < 0 || close < 0 || close + 2 > stat.length()) {
            return Optional.empty();
        }
        String[] rest = stat.substring(close + 2).strip().split(" ");
        // rest[0] is field 3 (state): field n is rest[n - 3].
        if (rest.length < 20) {
            return Optional.empty();
        }
        try {
            return Optional.of(new ProcStat(Long.parseLong(stat.substring(0, open)), Long.parseLong(rest[1]),
                    Long.parseLong(rest[2]), Long.parseLong(rest[5]), Long.parseLong(rest[19])));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
