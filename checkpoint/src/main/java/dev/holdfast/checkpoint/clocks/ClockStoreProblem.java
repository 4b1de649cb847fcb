package dev.holdfast.checkpoint.clocks;

import java.sql.SQLException;

/**
 * What can go wrong with {@code panes.sqlite}, each told to the user once when it starts. A passing problem (a
 * lock, a read-only or full disk) is taken back as soon as a write works again; what happened once (a damaged
 * file set aside) or holds for the whole launch (a newer schema) stays told.
 */
enum ClockStoreProblem {
    /** Not a database, or a damaged one: moved aside and recreated. */
    CORRUPT("was damaged; it was moved aside and started afresh, so tab clocks fall back this time", false),
    /** Another connection holds a lock longer than the busy timeout. */
    LOCKED("is locked by another program; tab clocks fall back until it is free", true),
    /** The file or its directory cannot be written. */
    READ_ONLY("cannot be written; tab clocks will not survive the next restart", true),
    /** A newer Holdfast's format. */
    NEWER_SCHEMA("was written by a newer Holdfast; this one keeps tab clocks in memory only", false),
    /** Anything else: missing directory, I/O error, full disk. */
    UNAVAILABLE("could not be used; tab clocks fall back", true);

    private final String notice;
    private final boolean passing;

    ClockStoreProblem(String notice, boolean passing) {
        this.notice = notice;
        this.passing = passing;
    }

    /** Whether a working write ends it. */
    boolean passing() {
        return passing;
    }

    /** The notice bar's key of this problem. */
    String key() {
        return "pane-clocks-" + name();
    }

    String notice(String fileName, String detail) {
        return fileName + " " + notice + (detail == null || detail.isBlank() ? "." : " (" + detail + ").");
    }

    private static final int SQLITE_BUSY = 5;
    private static final int SQLITE_LOCKED = 6;
    private static final int SQLITE_READONLY = 8;
    private static final int SQLITE_CORRUPT = 11;
    private static final int SQLITE_NOTADB = 26;

    static ClockStoreProblem of(SQLException e) {
        return switch (e.getErrorCode() & 0xff) {
            case SQLITE_BUSY, SQLITE_LOCKED -> LOCKED;
            case SQLITE_READONLY -> READ_ONLY;
            case SQLITE_CORRUPT, SQLITE_NOTADB -> CORRUPT;
            default -> UNAVAILABLE;
        };
    }
}
