package dev.holdfast.app.control;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The commands of the control protocol, with the arguments each takes. The server validates requests against
 * this table and {@code holdfast ctl} derives its options from it, so the two cannot disagree.
 */
public enum ControlCommand {
    LIST("list", List.of(), List.of(), true),
    CARDS("cards", List.of(), List.of(), true),
    NEW_TAB("new-tab", List.of(Argument.CWD, Argument.TITLE), List.of(), true),
    SELECT("select", List.of(Argument.PANEL), List.of(), true),
    CLOSE("close", List.of(Argument.PANEL, Argument.FORCE), List.of(), true),
    SEND("send", List.of(Argument.PANEL, Argument.TEXT, Argument.KEYS), List.of(Argument.TEXT, Argument.KEYS), true),
    READ("read", List.of(Argument.PANEL, Argument.SCROLLBACK, Argument.LINES, Argument.ANSI, Argument.ROWS), List.of(),
            List.of(Argument.ANSI, Argument.ROWS), true),
    /** Empties the tab's scrollback (the screen stays), on screen and in its checkpoint on disk. */
    CLEAR_SCROLLBACK("clear-scrollback", List.of(Argument.PANEL), List.of(), true),
    /**
     * Resets the tab's terminal as its menu's Reset does (what the screen showed goes into the scrollback); with
     * {@code clear}, as Reset and Clear does.
     */
    RESET("reset", List.of(Argument.PANEL, Argument.CLEAR), List.of(), true),
    /** The tab's agent conversation: what it is bound to and why, and its turns. */
    CONVERSATION("conversation", List.of(Argument.PANEL), List.of(), true),
    /**
     * An agent's own report of the session it runs in a tab (from its session-start hook); the tab uses it once it
     * has checked that the reporter is the tab's own agent and that the transcript is that session's.
     */
    AGENT_SESSION("agent-session", List.of(Argument.PANEL, Argument.AGENT, Argument.SESSION, Argument.TRANSCRIPT,
            Argument.SOURCE, Argument.CWD, Argument.ANCESTRY), List.of(), true),
    CHECKPOINT_NOW("checkpoint-now", List.of(), List.of(), true),
    STATS("stats", List.of(), List.of(), true),
    QUIT("quit", List.of(), List.of(), true),
    /**
     * Which instance answers: its pid and socket. Not a {@code ctl} command; {@code ctl --instance PID} asks it to
     * recognise the primary socket's owner.
     */
    INSTANCE("instance", List.of(), List.of(), false);

    private final String wireName;
    private final List<Argument> arguments;
    private final List<Argument> exactlyOneOf;
    private final List<Argument> atMostOneOf;
    private final boolean onCommandLine;

    ControlCommand(String wireName, List<Argument> arguments, List<Argument> exactlyOneOf, boolean onCommandLine) {
        this(wireName, arguments, exactlyOneOf, List.of(), onCommandLine);
    }

    ControlCommand(String wireName, List<Argument> arguments, List<Argument> exactlyOneOf, List<Argument> atMostOneOf,
            boolean onCommandLine) {
        this.wireName = wireName;
        this.arguments = arguments;
        this.exactlyOneOf = exactlyOneOf;
        this.atMostOneOf = atMostOneOf;
        this.onCommandLine = onCommandLine;
    }

    /** The {@code cmd} of a request, and the command word of {@code holdfast ctl}. */
    public String wireName() {
        return wireName;
    }

    public List<Argument> arguments() {
        return arguments;
    }

    /** Arguments of which a request must give exactly one (empty when there is no such rule). */
    public List<Argument> exactlyOneOf() {
        return exactlyOneOf;
    }

    /** Flags of which a request may give at most one (empty when there is no such rule): they choose one form. */
    public List<Argument> atMostOneOf() {
        return atMostOneOf;
    }

    /** Whether {@code holdfast ctl} offers this command. */
    public boolean onCommandLine() {
        return onCommandLine;
    }

    public Optional<Argument> argument(String name) {
        return arguments.stream().filter(argument -> argument.name().equals(name)).findFirst();
    }

    public static Optional<ControlCommand> fromWireName(String name) {
        return Arrays.stream(values()).filter(command -> command.wireName.equals(name)).findFirst();
    }
}
