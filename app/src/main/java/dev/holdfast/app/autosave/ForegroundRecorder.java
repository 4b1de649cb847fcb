package dev.holdfast.app.autosave;

import dev.holdfast.checkpoint.session.PanelForeground;
import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.AgentDetector;
import dev.holdfast.terminal.agent.AgentProcess;
import dev.holdfast.terminal.agent.binding.Binding;
import dev.holdfast.terminal.agent.claude.ClaudeConfig;
import dev.holdfast.terminal.agent.codex.CodexHome;
import dev.holdfast.terminal.agent.conversation.Conversation;
import dev.holdfast.terminal.agent.conversation.UserTurn;
import dev.holdfast.terminal.agent.live.TabConversation;
import dev.holdfast.terminal.agent.resume.AgentNames;
import dev.holdfast.terminal.agent.resume.ArgvSanitizer;
import dev.holdfast.terminal.agent.resume.ForegroundWork;
import dev.holdfast.terminal.agent.resume.Resumable;
import dev.holdfast.terminal.pty.ForegroundProcesses;
import dev.holdfast.terminal.pty.ProcessDetails;
import dev.holdfast.terminal.pty.ProcessInspector;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * What each tab's foreground runs, for the snapshot: an agent with its conversation (or that it was not bound), a
 * tmux client with its session, an ssh session. Read from the foreground process tree at save time, on the
 * saver's thread (small blocking reads of {@code /proc}; a tmux client whose session is not on its command line
 * costs one {@code tmux list-clients}, remembered for that client).
 *
 * <p>A restored tab that has not gone back yet (its offer still at the prompt, nothing running) keeps the record it
 * was restored from, so a second crash before the user pressed Enter still offers it; anything run in the tab
 * replaces it.
 */
public final class ForegroundRecorder implements SessionSaver.Foregrounds {
    /** The longest first message a resume offer shows as its title, in characters. */
    static final int TITLE_LENGTH = 60;

    private final ProcessInspector inspector;
    private final Function<UUID, Optional<TabConversation>> conversations;
    private final Path userHome;
    private final TmuxClients tmux;
    private final AgentDetector detector = new AgentDetector();
    private final ForegroundWork work = new ForegroundWork();
    private final ArgvSanitizer sanitizer = new ArgvSanitizer();
    private final Map<UUID, PanelForeground> carried = new ConcurrentHashMap<>();

    /**
     * @param conversations each tab's conversation state as last published (any thread)
     */
    public ForegroundRecorder(ProcessInspector inspector, Function<UUID, Optional<TabConversation>> conversations,
                              Path userHome, TmuxClients tmux) {
        this.inspector = Objects.requireNonNull(inspector, "inspector");
        this.conversations = Objects.requireNonNull(conversations, "conversations");
        this.userHome = Objects.requireNonNull(userHome, "userHome");
        this.tmux = Objects.requireNonNull(tmux, "tmux");
    }

    /** A restored tab's record, kept while nothing runs in the tab. Any thread. */
    public void carry(UUID panelId, PanelForeground foreground) {
        carried.put(panelId, Objects.requireNonNull(foreground, "foreground"));
    }

    /** A closed tab. */
    public void forget(UUID panelId) {
        carried.remove(panelId);
    }

    @Override
    public PanelForeground of(TabState tab) {
        OptionalLong shell = tab.session().shellPid();
        if (shell.isEmpty()) {
            return carried.get(tab.panelId());
        }
        ForegroundProcesses foreground = inspector.foregroundProcesses(shell.getAsLong());
        if (foreground.isEmpty()) {
            return carried.get(tab.panelId());
        }
        carried.remove(tab.panelId());
        Optional<AgentProcess> agent = detector.detect(foreground);
        if (agent.isPresent()) {
            return agentRun(tab, agent.get());
        }
        for (ProcessDetails process : foreground.processes()) {
            Optional<ForegroundWork.TmuxClient> client = work.tmux(process.argv());
            if (client.isPresent()) {
                Optional<String> session = client.get().session().or(() -> tmux.sessionOf(process, client.get()));
                if (session.isPresent()) {
                    return new PanelForeground.TmuxClient(session.get(), client.get().serverOptions());
                }
                return null;
            }
            Optional<Resumable.SshSession> ssh = work.ssh(process.argv());
            if (ssh.isPresent()) {
                return new PanelForeground.SshClient(ssh.get().destination(), ssh.get().options());
            }
        }
        return null;
    }

    private PanelForeground.AgentRun agentRun(TabState tab, AgentProcess agent) {
        Optional<TabConversation> state = conversations.apply(tab.panelId())
                .filter(s -> s.agent().equals(Optional.of(agent.agent())));
        Optional<Binding> binding = state.flatMap(TabConversation::binding);
        String id = null;
        String source = null;
        String unbound = null;
        if (binding.isPresent() && binding.get() instanceof Binding.Bound bound) {
            id = bound.sessionId();
            source = bound.source().name();
        } else if (binding.isPresent() && binding.get() instanceof Binding.Unavailable unavailable) {
            unbound = unavailable.explanation();
        } else {
            unbound = "Holdfast had not identified it yet";
        }
        String title = state.flatMap(TabConversation::conversation).flatMap(ForegroundRecorder::titleOf).orElse(null);
        Path home = agentHome(tab, agent);
        String transcript = null;
        if (agent.agent() == Agent.CODEX && id != null) {
            CodexHome codex = CodexHome.of(home);
            String thread = id;
            transcript = agent.openFiles().stream()
                    .filter(f -> codex.holdsRollout(f) && CodexHome.threadIdOf(f).orElse("").equals(thread))
                    .findFirst().map(Path::toString).orElse(null);
        } else if (agent.agent() == Agent.CLAUDE_CODE && id != null) {
            ClaudeConfig claude = new ClaudeConfig(home);
            String name = id + ".jsonl";
            transcript = agent.openFiles().stream()
                    .filter(f -> claude.holdsTranscript(f) && f.getFileName().toString().equals(name))
                    .findFirst().map(Path::toString).orElse(null);
        }
        List<PanelForeground.SavedProcess> processes = agent.processes().stream()
                .map(p -> new PanelForeground.SavedProcess(p.pid(), p.startTime().orElse(null))).toList();
        return new PanelForeground.AgentRun(AgentNames.id(agent.agent()), id, title,
                agent.workingDirectory().map(Path::toString).orElse(null),
                sanitizer.sanitize(agent.outermost().argv()), source, unbound, processes, home.toString(), transcript);
    }

    /**
     * What the resume offer calls the conversation: its own title, else its first message on one line, shortened
     * (Claude Code writes a title only once it made one; Codex's thread title is its first message too).
     */
    static Optional<String> titleOf(Conversation conversation) {
        return conversation.title().filter(t -> !t.isBlank()).or(() -> conversation.items().stream()
                .filter(item -> item instanceof UserTurn).map(item -> ((UserTurn) item).text().strip())
                .filter(text -> !text.isEmpty()).findFirst()
                .map(text -> text.replaceAll("\\s+", " "))
                .map(text -> text.length() <= TITLE_LENGTH ? text : text.substring(0, TITLE_LENGTH - 1) + "\u2026"));
    }

    private Path agentHome(TabState tab, AgentProcess agent) {
        Map<String, String> tabEnvironment = tab.session().spec().baseEnvironment();
        if (agent.agent() == Agent.CODEX) {
            return CodexHome.forEnvironment(agent.environment(), tabEnvironment, userHome).home();
        }
        return ClaudeConfig.forEnvironment(agent.environment(), tabEnvironment, userHome).directory();
    }
}
