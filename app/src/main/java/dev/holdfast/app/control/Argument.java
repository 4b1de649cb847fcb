package dev.holdfast.app.control;

import java.util.Objects;

/**
 * One argument a command takes: its name in the request's {@code args} object (and, with {@code --} before it, on
 * the {@code holdfast ctl} command line), what kind of value it holds and whether it must be given.
 */
public record Argument(String name, Kind kind, boolean required) {

    /** What a value must look like. */
    public enum Kind {
        /** A JSON string. */
        TEXT,
        /** A JSON string holding an absolute path; {@code ctl} resolves a relative one against its own directory. */
        DIRECTORY,
        /** A JSON boolean; on the command line, present or absent. */
        FLAG,
        /** A JSON integer of at least 1. */
        COUNT,
        /** A non-empty JSON array of strings; on the command line, the words up to the next option. */
        TEXT_LIST
    }

    public static final Argument PANEL = new Argument("panel", Kind.TEXT, true);
    public static final Argument CWD = new Argument("cwd", Kind.DIRECTORY, false);
    public static final Argument TITLE = new Argument("title", Kind.TEXT, false);
    public static final Argument FORCE = new Argument("force", Kind.FLAG, false);
    public static final Argument TEXT = new Argument("text", Kind.TEXT, false);
    public static final Argument KEYS = new Argument("keys", Kind.TEXT_LIST, false);
    public static final Argument SCROLLBACK = new Argument("scrollback", Kind.FLAG, false);
    public static final Argument LINES = new Argument("lines", Kind.COUNT, false);
    public static final Argument ANSI = new Argument("ansi", Kind.FLAG, false);
    public static final Argument ROWS = new Argument("rows", Kind.FLAG, false);
    public static final Argument CLEAR = new Argument("clear", Kind.FLAG, false);
    /** {@code claude} or {@code codex}: the agent that reports its session. */
    public static final Argument AGENT = new Argument("agent", Kind.TEXT, true);
    /** The session (Claude) or thread (Codex) id the agent reports. */
    public static final Argument SESSION = new Argument("session", Kind.TEXT, true);
    /** Where the agent says it writes the session's transcript. */
    public static final Argument TRANSCRIPT = new Argument("transcript", Kind.DIRECTORY, false);
    /** Why the agent reports: {@code startup}, {@code resume}, {@code clear}, {@code compact}. */
    public static final Argument SOURCE = new Argument("source", Kind.TEXT, true);
    /**
     * The reporting process and its ancestors, nearest first, each {@code PID@START_MILLIS}: {@code ctl} fills it in
     * with its own.
     */
    public static final Argument ANCESTRY = new Argument("ancestry", Kind.TEXT_LIST, false);

    public Argument {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
    }
}
