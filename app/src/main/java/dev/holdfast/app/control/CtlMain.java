package dev.holdfast.app.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.holdfast.app.agenthooks.AgentHooksCommand;
import dev.holdfast.checkpoint.store.StateDirectory;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code holdfast ctl}: drives a running Holdfast through its control socket.
 *
 * <p>Started by the launcher as {@code java -cp … dev.holdfast.app.control.CtlMain "$@"}. Nothing on its path
 * loads JavaFX, so it answers in the time a small JVM takes to start.
 *
 * <p>Which Holdfast: {@code --instance PID} or {@code --instance SOCKET}; without it, the one on the primary
 * socket {@code control.sock}, or the only one running when the primary socket is gone. Exit status: {@value
 * #EXIT_OK} on success, {@value #EXIT_COMMAND_ERROR} when the command line or the command failed (message on
 * stderr), {@value #EXIT_NOT_RUNNING} when no Holdfast is running.
 */
public final class CtlMain {
    public static final int EXIT_OK = 0;
    public static final int EXIT_COMMAND_ERROR = 1;
    public static final int EXIT_NOT_RUNNING = 2;
    /** Longer than the server's own command timeout, so a slow command is reported by the server, which knows why. */
    public static final Duration DEFAULT_RESPONSE_TIMEOUT = Duration.ofSeconds(30);
    /**
     * How long {@code ctl} waits for the session's owner to take the primary socket when only a second instance
     * answers (see {@link #preferTheOwner}); an owner's start binds it within about a second.
     */
    public static final Duration OWNER_WAIT = Duration.ofSeconds(5);
    private static final Duration OWNER_POLL = Duration.ofMillis(50);
    /** Runs in {@code ctl} itself, without a Holdfast: not a protocol command. */
    private static final String AGENT_HOOKS = "agent-hooks";

    static final String USAGE = """
            Usage: holdfast ctl [--json] [--instance PID|SOCKET] [--state-dir DIR] <command> [options]

            Commands:
              list                               the tabs: panel id, title, directory, shell pid, foreground command,
                                                 the coding agent running in it
              new-tab [--cwd DIR] [--title T]    open a tab; prints its panel id
              select --panel ID                  bring a tab to the front
              close --panel ID [--force]         close a tab; refused while it runs a command, unless --force
              send --panel ID --text STRING      type text into a tab (nothing is added: end it with --keys Enter)
              send --panel ID --keys KEY...      press keys: Enter Tab Escape Backspace Up Down Left Right Home End
                                                 PageUp PageDown Delete Insert Space F1..F12, C-a..C-z (Ctrl),
                                                 M-<key or character> (Alt)
              read --panel ID [--scrollback] [--lines N] [--ansi | --rows]
                                                 print the screen; --scrollback adds the history above it, --lines
                                                 keeps the last N lines, --ansi keeps colours as SGR sequences,
                                                 --rows prints each screen row as shown (wrapped lines not joined)
              clear-scrollback --panel ID        empty the tab's scrollback (the screen stays), also on disk
              reset --panel ID [--clear]         reset the tab's terminal (modes, character sets, colours) on a
                                                 clean screen, its text kept in the scrollback; --clear empties
                                                 the scrollback too, also on disk
              conversation --panel ID            the tab's agent conversation: which one it is and why (or why it
                                                 is unavailable), then its turns; tool calls one line each
              agent-session --agent claude|codex --session ID --source startup|resume|clear|compact
                            [--panel ID] [--transcript PATH] [--cwd DIR]
                                                 an agent's report of the conversation it runs in the tab (panel:
                                                 $HOLDFAST_PANEL_ID); used once checked to come from the tab's own
                                                 agent, never from a headless or nested run
              agent-session --agent claude|codex --hook
                                                 the same from a SessionStart hook: the session, transcript, source
                                                 and directory come from the hook's JSON on standard input; prints
                                                 nothing on standard output and always exits 0
              agent-hooks --install|--remove claude|codex [--yes]
                                                 add Holdfast's SessionStart hook to the agent's settings (shown
                                                 first, written when you agree), or take it out
              checkpoint-now                     write scrollback checkpoints now
              stats                              checkpoint counts and timings, UI stalls, generations, memory
              quit                               quit Holdfast cleanly

            Options:
              --json                  print the result as JSON (errors too, on stderr)
              --instance PID|SOCKET   the Holdfast with this pid, or listening on this socket
              --state-dir DIR         the state directory whose Holdfast to use (default: $HOLDFAST_STATE_DIR,
                                      else the platform's)
              --help                  this help

            A panel ID may be shortened to any prefix that only one tab's id starts with.
            Exit status: 0 success, 1 command error, 2 no Holdfast running.
            """;

    private final StateDirectory defaultState;
    private final Path workingDirectory;
    private final Duration responseTimeout;
    private final Duration ownerWait;
    private final CtlEnvironment environment;
    private final ControlProtocol protocol = new ControlProtocol();

    /**
     * @param defaultState     the state directory used without {@code --state-dir}
     * @param workingDirectory what relative paths on the command line are relative to
     * @param responseTimeout  how long to wait for Holdfast's answer
     * @param environment      the variables, standard input, home and process ancestry {@code ctl} runs with
     */
    public CtlMain(StateDirectory defaultState, Path workingDirectory, Duration responseTimeout,
                   CtlEnvironment environment) {
        this(defaultState, workingDirectory, responseTimeout, environment, OWNER_WAIT);
    }

    /** @param ownerWait how long to wait for the session's owner when only a second instance answers */
    CtlMain(StateDirectory defaultState, Path workingDirectory, Duration responseTimeout, CtlEnvironment environment,
            Duration ownerWait) {
        this.ownerWait = Objects.requireNonNull(ownerWait, "ownerWait");
        this.defaultState = Objects.requireNonNull(defaultState, "defaultState");
        this.workingDirectory = Objects.requireNonNull(workingDirectory, "workingDirectory");
        this.responseTimeout = Objects.requireNonNull(responseTimeout, "responseTimeout");
        this.environment = Objects.requireNonNull(environment, "environment");
    }

    public static void main(String[] args) {
        // UTF-8 whatever the locale: under LANG=C the JVM would print every non-ASCII character of a screen as '?'.
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        CtlMain ctl = new CtlMain(StateDirectory.fromEnvironment(), Path.of("").toAbsolutePath(),
                DEFAULT_RESPONSE_TIMEOUT, CtlEnvironment.ofThisProcess());
        int status = ctl.run(List.of(args), out, err);
        out.flush();
        err.flush();
        System.exit(status);
    }

    /** Runs one {@code ctl} command line and returns its exit status. */
    public int run(List<String> args, PrintStream out, PrintStream err) {
        Optional<String> command = AgentSessionCall.commandWord(args);
        if (command.filter(AGENT_HOOKS::equals).isPresent()) {
            List<String> rest = args.subList(args.indexOf(AGENT_HOOKS) + 1, args.size());
            return new AgentHooksCommand(environment.variables(), environment.userHome(),
                    new BufferedReader(new InputStreamReader(environment.stdin(), StandardCharsets.UTF_8)), out, err)
                    .run(rest);
        }
        if (AgentSessionCall.isAgentSession(args)) {
            AgentSessionCall.Prepared prepared = AgentSessionCall.prepare(args, environment);
            if (prepared instanceof AgentSessionCall.Skip) {
                // A hook outside Holdfast, or one that has nothing to say: nobody to tell, nothing wrong.
                return EXIT_OK;
            }
            if (prepared instanceof AgentSessionCall.Invalid invalid) {
                err.println("holdfast ctl: " + invalid.message());
                return EXIT_COMMAND_ERROR;
            }
            AgentSessionCall.Send send = (AgentSessionCall.Send) prepared;
            if (send.hook()) {
                // An agent may take a SessionStart hook's output as context, and a failing hook bothers its user:
                // what Holdfast answered goes to standard error, and the hook always succeeds.
                runParsed(send.words(), err, err);
                return EXIT_OK;
            }
            return runParsed(send.words(), out, err);
        }
        return runParsed(args, out, err);
    }

    private int runParsed(List<String> args, PrintStream out, PrintStream err) {
        CtlCommandLine.Parsed parsed = CtlCommandLine.parse(args, workingDirectory);
        if (parsed instanceof CtlCommandLine.Help) {
            out.print(USAGE);
            return EXIT_OK;
        }
        if (parsed instanceof CtlCommandLine.Invalid invalid) {
            err.println("holdfast ctl: " + invalid.message());
            err.println("Run 'holdfast ctl --help' for the commands and their options.");
            return EXIT_COMMAND_ERROR;
        }
        CtlCommandLine.Invocation invocation = (CtlCommandLine.Invocation) parsed;
        StateDirectory state = invocation.stateDir()
                .map(root -> new StateDirectory(root, defaultState.configDirectory()))
                .orElse(defaultState);
        ControlSockets sockets = new ControlSockets(state.controlSocket());
        try {
            Connection connection = connect(invocation, sockets);
            if (connection instanceof NotRunning notRunning) {
                err.println(notRunning.message());
                return EXIT_NOT_RUNNING;
            }
            if (connection instanceof Unclear unclear) {
                err.println("holdfast ctl: " + unclear.message());
                return EXIT_COMMAND_ERROR;
            }
            try (ControlClient client = ((Connected) connection).client()) {
                return show(invocation, client.request(invocation.command(), invocation.args()), out, err);
            }
        } catch (IOException e) {
            err.println("holdfast ctl: " + e.getMessage());
            return EXIT_COMMAND_ERROR;
        }
    }

    private int show(CtlCommandLine.Invocation invocation, ControlProtocol.Response response, PrintStream out,
                     PrintStream err) {
        if (response instanceof ControlProtocol.Success success) {
            if (invocation.json()) {
                out.println(protocol.toJson(success.result()));
            } else {
                CtlOutput.print(invocation.command(), success.result(), out);
            }
            return EXIT_OK;
        }
        ControlError error = ((ControlProtocol.Failure) response).error();
        if (invocation.json()) {
            err.println(protocol.toJson(JsonNodeFactory.instance.objectNode()
                    .put("code", error.code().wireName())
                    .put("message", error.message())));
        } else {
            String hint = error.code() == ErrorCode.NEEDS_CONFIRMATION ? " (add --force to close it anyway)" : "";
            err.println("holdfast ctl: " + CtlOutput.printable(error.message()) + hint);
        }
        return EXIT_COMMAND_ERROR;
    }

    /** Where the request goes, or why it cannot go anywhere. */
    private sealed interface Connection {
    }

    private record Connected(ControlClient client) implements Connection {
    }

    private record NotRunning(String message) implements Connection {
    }

    /** Several instances run and nothing says which one is meant. */
    private record Unclear(String message) implements Connection {
    }

    private Connection connect(CtlCommandLine.Invocation invocation, ControlSockets sockets) throws IOException {
        if (invocation.instance().isPresent()) {
            String instance = invocation.instance().get();
            return instance.matches("\\d{1,18}")
                    ? connectToPid(Long.parseLong(instance), sockets)
                    : connectTo(workingDirectory.resolve(instance).toAbsolutePath().normalize());
        }
        Path primary = sockets.primary();
        Connection toPrimary = connectTo(primary);
        if (toPrimary instanceof Connected) {
            return toPrimary;
        }
        List<Path> live = new ArrayList<>();
        for (Path socket : sockets.instanceSockets()) {
            if (ControlSockets.probe(socket) == ControlSockets.State.LIVE) {
                live.add(socket);
            }
        }
        if (live.size() == 1) {
            return preferTheOwner(connectTo(live.get(0)), primary);
        }
        if (live.size() > 1) {
            List<String> pids = live.stream().map(sockets::pidOf).map(OptionalLong::getAsLong).map(String::valueOf)
                    .toList();
            return new Unclear("several Holdfast instances are running (pids " + String.join(", ", pids)
                    + ") and none on " + primary + "; choose one with --instance PID");
        }
        return notRunningAt(primary);
    }

    /**
     * {@code only}, the one instance socket answering while the primary one does not, unless it belongs to a second
     * instance (one that does not own the state directory: its own fresh tab, nothing restored or saved) and the
     * owner takes the primary socket within {@link #OWNER_WAIT}: a script that launched Holdfast twice, or that
     * runs while a relaunch after a crash starts up, means the session's owner, which binds its socket a second or
     * so into its start, often after the second instance.
     */
    private Connection preferTheOwner(Connection only, Path primary) throws IOException {
        if (!(only instanceof Connected second)) {
            return only;
        }
        boolean keep = false;
        try {
            if (ownsSession(second)) {
                keep = true;
                return second;
            }
            long deadline = System.nanoTime() + ownerWait.toNanos();
            while (System.nanoTime() - deadline < 0) {
                if (connectTo(primary) instanceof Connected owner) {
                    return owner;
                }
                try {
                    Thread.sleep(OWNER_POLL.toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            keep = true;
            return second;
        } finally {
            // Whichever way it ends, a connection not handed on is closed, also when the instance stopped answering.
            if (!keep) {
                closeQuietly(second);
            }
        }
    }

    /** Closes a connection this command no longer uses; one that fails to close has nothing left to lose. */
    private static void closeQuietly(Connected unused) {
        try {
            unused.client().close();
        } catch (IOException e) {
            // The command goes on with another connection, or reports the failure that made it give this one up.
        }
    }

    /** Whether the instance says it owns its state directory; an instance too old to say is taken as the owner. */
    private static boolean ownsSession(Connected instance) throws IOException {
        return describe(instance).path("ownsSession").asBoolean(true);
    }

    /** What an instance says of itself ({@code instance}): its pid, socket and ownership; missing on an error. */
    private static JsonNode describe(Connected instance) throws IOException {
        ControlProtocol.Response answer = instance.client().request(ControlCommand.INSTANCE,
                JsonNodeFactory.instance.objectNode());
        return answer instanceof ControlProtocol.Success success ? success.result() : MissingNode.getInstance();
    }

    /** The instance socket named after the pid, or the primary socket when that instance holds it. */
    private Connection connectToPid(long pid, ControlSockets sockets) throws IOException {
        Path own = sockets.forPid(pid);
        Connection toOwn = connectTo(own);
        if (toOwn instanceof Connected) {
            return toOwn;
        }
        if (connectTo(sockets.primary()) instanceof Connected primary) {
            boolean keep = false;
            try {
                keep = describe(primary).path("pid").asLong() == pid;
            } finally {
                if (!keep) {
                    closeQuietly(primary);
                }
            }
            if (keep) {
                return primary;
            }
        }
        return new NotRunning("No Holdfast with pid " + pid + " is running (no control socket at " + own + ")");
    }

    private Connection connectTo(Path socket) throws IOException {
        try {
            return new Connected(ControlClient.connect(socket, responseTimeout));
        } catch (SocketException nobodyThere) {
            // No file (ENOENT), or a file nobody listens on (ECONNREFUSED): a stale socket of an ended Holdfast.
            return notRunningAt(socket);
        }
    }

    private static NotRunning notRunningAt(Path socket) {
        return new NotRunning("No Holdfast is running (no control socket at " + socket + ")");
    }
}
