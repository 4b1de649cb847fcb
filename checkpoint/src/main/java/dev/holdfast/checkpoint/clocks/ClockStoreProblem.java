package dev.holdfast.checkpoint.clocks;

import java.sql.SQLException;

/** What can go wrong with {@code panes.sqlite}, each told to the user once per launch. */
enum ClockStoreProblem {
    /** Not a database, or a damaged one: moved aside and recreated. */
    CORRUPT("was damaged; it was moved aside and started afresh, so tab clocks fall back this time"),
    /** Another connection holds a lock longer than the busy timeout. */
    LOCKED("is locked by another program; tab clocks fall back until it is free"),
    /** The file or its directory cannot be written. */
    READ_ONLY("cannot be written; tab clocks will not survive the next restart"),
    /** A newer Holdfast's format. */
    NEWER_SCHEMA("was written by a newer Holdfast; this one keeps tab clocks in memory only"),
    /** Anything else: missing directory, I/O error, full disk. */
    UNAVAILABLE("could not be used; tab clocks fall back");

    private final String notice;

    ClockStoreProblem(String notice) {
        this.notice = notice;
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
