package dev.holdfast.app.control;

import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.report.AgentReport;
import dev.holdfast.terminal.agent.report.ReportSource;
import dev.holdfast.terminal.agent.report.Reporter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one checked command against the {@link ControlTarget} and waits for its answer, on the connection thread
 * that read the request.
 *
 * <p>Panel ids are resolved here, on the server, so every client (not only {@code ctl}) may shorten them: a full
 * UUID goes to the target as it is; anything shorter must be the prefix of exactly one tab's id, found by listing
 * the tabs first. The whole command, listing included, shares one deadline of {@code commandTimeout}.
 */
final class CommandDispatcher {
    private static final Logger log = LoggerFactory.getLogger(CommandDispatcher.class);

    /** The answer to commands that act on one tab. */
    record PanelResult(UUID panelId) {
    }

    record ReadResult(UUID panelId, String text) {
    }

    record QuitResult(boolean quitting) {
    }

    /**
     * The answer to {@code instance}.
     *
     * @param primary     whether it listens on {@code control.sock}
     * @param ownsSession whether it owns the state directory (restores and saves its session), not a second instance
     */
    record InstanceResult(long pid, String socket, boolean primary, boolean ownsSession) {
    }

    private final ControlTarget target;
    private final InstanceResult instance;
    private final Duration commandTimeout;

    CommandDispatcher(ControlTarget target, InstanceResult instance, Duration commandTimeout) {
        this.target = Objects.requireNonNull(target, "target");
        this.instance = Objects.requireNonNull(instance, "instance");
        this.commandTimeout = Objects.requireNonNull(commandTimeout, "commandTimeout");
    }

    /**
     * @return the command's result, for Jackson to write
     * @throws ControlException for every answer other than success
     */
    Object run(ControlCommand command, CommandArguments args) throws InterruptedException {
        Deadline deadline = new Deadline(command, commandTimeout, System.nanoTime() + commandTimeout.toNanos());
        // A switch expression, so that a command added to the enum does not compile until it is dispatched.
        return switch (command) {
            case LIST -> deadline.await(target.listTabs());
            case CARDS -> deadline.await(target.cards());
            case NEW_TAB -> {
                Optional<Path> cwd = args.directory(Argument.CWD);
                if (cwd.isPresent() && !Files.isDirectory(cwd.get())) {
                    throw new ControlException(ErrorCode.BAD_REQUEST, "not a directory: " + cwd.get());
                }
                yield new PanelResult(deadline.await(target.newTab(cwd, args.text(Argument.TITLE))));
            }
            case SELECT -> {
                UUID panel = resolvePanel(args, deadline);
                deadline.await(target.select(panel));
                yield new PanelResult(panel);
            }
            case CLOSE -> {
                UUID panel = resolvePanel(args, deadline);
                CloseOutcome outcome = deadline.await(target.close(panel, args.flag(Argument.FORCE)));
                if (outcome instanceof CloseOutcome.NeedsConfirmation confirmation) {
                    throw new ControlException(ErrorCode.NEEDS_CONFIRMATION,
                            "needs confirmation: " + confirmation.command() + " running");
                }
                yield new PanelResult(panel);
            }
            case SEND -> {
                Optional<String> text = args.text(Argument.TEXT);
                // Keys are checked before anything reaches the tab, so a typo sends nothing rather than half.
                List<NamedKey> keys = text.isPresent() ? List.of() : parseKeys(args.textList(Argument.KEYS));
                UUID panel = resolvePanel(args, deadline);
                deadline.await(text.isPresent() ? target.sendText(panel, text.get()) : target.sendKeys(panel, keys));
                yield new PanelResult(panel);
            }
            case READ -> {
                ReadOptions options = new ReadOptions(args.flag(Argument.SCROLLBACK), args.count(Argument.LINES),
                        args.flag(Argument.ANSI), args.flag(Argument.ROWS));
                UUID panel = resolvePanel(args, deadline);
                yield new ReadResult(panel, deadline.await(target.read(panel, options)));
            }
            case CLEAR_SCROLLBACK -> {
                UUID panel = resolvePanel(args, deadline);
                deadline.await(target.clearScrollback(panel));
                yield new PanelResult(panel);
            }
            case RESET -> {
                UUID panel = resolvePanel(args, deadline);
                deadline.await(target.reset(panel, args.flag(Argument.CLEAR)));
                yield new PanelResult(panel);
            }
            case CONVERSATION -> deadline.await(target.conversation(resolvePanel(args, deadline)));
            case AGENT_SESSION -> {
                AgentReport report = agentReport(args);
                UUID panel = resolvePanel(args, deadline);
                yield AgentSessionResult.of(panel, deadline.await(target.agentSession(panel, report)));
            }
            case CHECKPOINT_NOW -> deadline.await(target.checkpointNow());
            case STATS -> deadline.await(target.stats());
            case QUIT -> {
                deadline.await(target.quit());
                yield new QuitResult(true);
            }
            case INSTANCE -> instance;
        };
    }

    /** The report as the request gives it; nothing in it is believed yet (the conversation service checks it). */
    private static AgentReport agentReport(CommandArguments args) {
        String name = args.text(Argument.AGENT).orElseThrow().strip().toLowerCase(Locale.ROOT);
        Agent agent = switch (name) {
            case "claude", "claude-code" -> Agent.CLAUDE_CODE;
            case "codex" -> Agent.CODEX;
            default -> throw new ControlException(ErrorCode.BAD_REQUEST,
                    "agent must be 'claude' or 'codex', not '" + name + "'");
        };
        try {
            List<Reporter> ancestry = new ArrayList<>();
            for (String process : args.textList(Argument.ANCESTRY)) {
                ancestry.add(Reporter.parse(process));
            }
            return new AgentReport(agent, args.text(Argument.SESSION).orElseThrow().strip(),
                    args.directory(Argument.TRANSCRIPT), new ReportSource(args.text(Argument.SOURCE).orElseThrow()),
                    args.directory(Argument.CWD), ancestry);
        } catch (IllegalArgumentException e) {
            throw new ControlException(ErrorCode.BAD_REQUEST, e.getMessage());
        }
    }

    private static List<NamedKey> parseKeys(List<String> names) {
        List<NamedKey> keys = new ArrayList<>(names.size());
        for (String name : names) {
            try {
                keys.add(NamedKey.parse(name));
            } catch (IllegalArgumentException e) {
                throw new ControlException(ErrorCode.BAD_REQUEST, e.getMessage());
            }
        }
        return List.copyOf(keys);
    }

    private UUID resolvePanel(CommandArguments args, Deadline deadline) throws InterruptedException {
        String given = args.text(Argument.PANEL).orElseThrow().strip().toLowerCase(Locale.ROOT);
        if (given.isEmpty()) {
            throw new ControlException(ErrorCode.BAD_REQUEST, "the panel id is empty");
        }
        if (given.length() == 36) {
            try {
                return UUID.fromString(given);
            } catch (IllegalArgumentException notAUuid) {
                // Not a whole id after all: matched as a prefix below, which finds nothing and says so.
            }
        }
        List<UUID> matches = deadline.await(target.listTabs()).stream()
                .map(TabInfo::panelId)
                .filter(id -> id.toString().startsWith(given))
                .toList();
        if (matches.isEmpty()) {
            throw ControlException.panelNotFound("'" + given + "'");
        }
        if (matches.size() > 1) {
            throw new ControlException(ErrorCode.BAD_REQUEST, "panel id '" + given + "' is ambiguous: it starts "
                    + matches.size() + " panel ids (" + String.join(", ", matches.stream().map(UUID::toString).toList())
                    + ")");
        }
        return matches.get(0);
    }

    /** The time left for one command, shared by every target call it makes. */
    private record Deadline(ControlCommand command, Duration timeout, long deadlineNanos) {

        <T> T await(CompletableFuture<T> future) throws InterruptedException {
            if (future == null) {
                throw new IllegalStateException("the control target returned no future for " + command.wireName());
            }
            try {
                return future.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                future.cancel(false);
                log.warn("Control command {} did not finish within {} ms", command.wireName(), timeout.toMillis());
                throw new ControlException(ErrorCode.TIMEOUT,
                        command.wireName() + " did not finish within " + timeout.toMillis() + " ms");
            } catch (CancellationException e) {
                throw new ControlException(ErrorCode.INTERNAL, command.wireName() + " was cancelled");
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof ControlException refused) {
                    throw refused;
                }
                log.warn("Control command {} failed", command.wireName(), cause);
                throw new ControlException(ErrorCode.INTERNAL, command.wireName() + " failed: " + cause);
            }
        }
    }
}
