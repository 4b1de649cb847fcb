package dev.holdfast.terminal.screen;

import dev.holdfast.terminal.shell.CommandRun;
import java.time.Instant;
import java.util.Objects;

/**
 * What the sidebar shows for a tab, and what survives a restart with its clocks. A plain value of simple types
 * (strings, instants, enums, records, lists), so Jackson reads and writes it as it is.
 *
 * @param version the card format and the meaning of its classification: {@link #CURRENT_VERSION}; a stored card
 *     of another version is never restored
 * @param title the tab's title (a program's title without its spinner)
 * @param directory the shell's working directory (with its host, {@code host:/path}, when it is another machine's),
 *     or null when unknown
 * @param program what runs: the shell's name, "Codex", "Claude Code", or the foreground command's name
 * @param programKind the kind of {@code program}
 * @param state the tab's state
 * @param stateSince when it entered {@code state}
 * @param lastActivityAt when its screen last really changed ("updated 3 min ago")
 * @param question while waiting: what it asks; else null
 * @param lastCommand the last command the shell reported, with its exit status and duration, or null
 * @param exitStatus once the shell ended: its exit status; else null
 * @param log the last state changes and commands
 */
public record TabCard(int version, String title, String directory, String program, ProgramKind programKind,
                      TabState state, Instant stateSince, Instant lastActivityAt, String question,
                      CommandRun lastCommand, Integer exitStatus, ActivityLog log) {

    /**
     * Raised whenever classification changes meaning (a state rule, a volatile pattern, the card's fields): every
     * stored card and fingerprint of another version is then re-read instead of trusted.
     */
    public static final int CURRENT_VERSION = 1;

    public TabCard {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(program, "program");
        Objects.requireNonNull(programKind, "programKind");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(stateSince, "stateSince");
        Objects.requireNonNull(lastActivityAt, "lastActivityAt");
        log = log == null ? ActivityLog.EMPTY : log;
    }
}
