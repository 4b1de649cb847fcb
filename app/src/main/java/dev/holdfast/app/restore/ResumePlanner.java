package dev.holdfast.app.restore;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.checkpoint.session.PanelForeground;
import dev.holdfast.checkpoint.session.PanelSnapshot;
import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.codex.CodexHome;
import dev.holdfast.terminal.agent.codex.CodexStoreException;
import dev.holdfast.terminal.agent.codex.CodexThread;
import dev.holdfast.terminal.agent.codex.CodexThreadStore;
import dev.holdfast.terminal.agent.resume.AgentNames;
import dev.holdfast.terminal.agent.resume.ConversationLiveness;
import dev.holdfast.terminal.agent.resume.Liveness;
import dev.holdfast.terminal.agent.resume.ResumeAgents;
import dev.holdfast.terminal.agent.resume.ResumeOffers;
import dev.holdfast.terminal.agent.resume.Resumable;
import dev.holdfast.terminal.agent.resume.SavedConversation;
import dev.holdfast.terminal.agent.resume.SavedWork;
import dev.holdfast.terminal.agent.resume.TabResume;
import dev.holdfast.terminal.pty.ProcessIdentity;
import dev.holdfast.terminal.pty.ProcessInspector;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The glue of a restore's offers: reads each saved tab's foreground record into what {@link ResumeOffers}
 * decides on (a record it cannot use is nothing to offer, never an error), fills in a Codex conversation's title
 * and rollout from Codex's own store, and runs the decision with the real process table and tmux. Blocking: off
 * the FX thread, once per restore, before any restored shell starts (so no process of this launch can be taken
 * for a live writer).
 */
public final class ResumePlanner {
    private static final Logger LOG = LoggerFactory.getLogger(ResumePlanner.class);
    /** How long {@code tmux has-session} may take before the session is taken as gone. */
    public static final Duration TMUX_TIMEOUT = Duration.ofSeconds(2);
    /**
     * How long a conversation seen running at restore is looked at again before it is taken as live. Why: a restore
     * right after a crash runs while the crashed launch's agents are still ending on the hang-up they got a moment
     * before; seen once, the agent of a tab killed 0.2 s earlier counted as a second writer, and its tab was never
     * offered its conversation. An agent that outlives this (one that ignores the hang-up) is live.
     */
    public static final Duration HANGUP_GRACE = Duration.ofSeconds(2);
    private static final long RECHECK_MILLIS = 100;

    private final ConversationLiveness liveness;
    private final ResumeAgents mode;
    private final Predicate<Resumable.TmuxSession> tmuxSessionExists;
    private final Duration hangupGrace;

    public ResumePlanner(ConversationLiveness liveness, ResumeAgents mode,
                         Predicate<Resumable.TmuxSession> tmuxSessionExists) {
        this(liveness, mode, tmuxSessionExists, Duration.ZERO);
    }

    /** @param hangupGrace how long a conversation seen running is looked at again (see {@link #HANGUP_GRACE}) */
    public ResumePlanner(ConversationLiveness liveness, ResumeAgents mode,
                         Predicate<Resumable.TmuxSession> tmuxSessionExists, Duration hangupGrace) {
        this.hangupGrace = Objects.requireNonNull(hangupGrace, "hangupGrace");
        this.liveness = Objects.requireNonNull(liveness, "liveness");
        this.mode = Objects.requireNonNull(mode, "mode");
        this.tmuxSessionExists = Objects.requireNonNull(tmuxSessionExists, "tmuxSessionExists");
    }

    /** The planner of this machine: its process table, and {@code tmux} on the PATH. */
    public static ResumePlanner forThisMachine(ProcessInspector inspector, ResumeAgents mode) {
        return new ResumePlanner(new ConversationLiveness(inspector, new ObjectMapper(),
                ConversationLiveness.START_TOLERANCE), mode, ResumePlanner::tmuxHasSession, HANGUP_GRACE);
    }

    /** Every tab's offer, in tab order. */
    public Map<java.util.UUID, TabResume> plan(List<PanelSnapshot> panels) {
        List<ResumeOffers.Tab> tabs = new ArrayList<>(panels.size());
        for (PanelSnapshot panel : panels) {
            tabs.add(new ResumeOffers.Tab(panel.panelId(), withCodexDetails(work(panel.foreground()))));
        }
        // One grace for the whole restore, counted from now: the hang-ups all came with the same crash, and two agents
        // that outlive it must not make the tabs wait twice as long.
        long deadline = System.nanoTime() + hangupGrace.toNanos();
        Map<java.util.UUID, TabResume> offers = new ResumeOffers(mode, saved -> {
            Liveness live = liveness.check(saved);
            while (live instanceof Liveness.Running && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(RECHECK_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
                live = liveness.check(saved);
            }
            if (live instanceof Liveness.Running running) {
                LOG.info("{} {} still runs in pid {} ({}): not offered", saved.conversation().agent().displayName(),
                        saved.conversation().sessionId(), running.pid(), running.evidence());
            }
            return live;
        }, tmuxSessionExists).decide(tabs);
        offers.forEach((panel, offer) -> {
            if (!(offer instanceof TabResume.Nothing)) {
                LOG.info("Panel {}: {}", panel, offer.line().orElse(""));
            }
        });
        return offers;
    }

    /** A saved record as the decision reads it; anything unusable is {@link SavedWork.Nothing}. */
    static SavedWork work(PanelForeground foreground) {
        try {
            if (foreground instanceof PanelForeground.AgentRun run) {
                Optional<Agent> agent = run.agent() == null ? Optional.empty() : AgentNames.of(run.agent());
                if (agent.isEmpty()) {
                    return new SavedWork.Nothing();
                }
                if (!run.bound()) {
                    return new SavedWork.UnboundAgent(agent.get(), run.unboundReason() == null ? "" : run.unboundReason());
                }
                List<ProcessIdentity> processes = run.processes().stream()
                        .map(p -> new ProcessIdentity(p.pid(), Optional.ofNullable(p.startedAt()))).toList();
                return new SavedWork.BoundAgent(new SavedConversation(new Resumable.AgentConversation(agent.get(),
                        run.conversationId(), Optional.ofNullable(run.title())), processes, absolute(run.agentHome()),
                        absolute(run.transcript())));
            }
            if (foreground instanceof PanelForeground.TmuxClient tmux && tmux.session() != null) {
                return new SavedWork.Tmux(new Resumable.TmuxSession(tmux.session(), tmux.serverOptions()));
            }
            if (foreground instanceof PanelForeground.SshClient ssh && ssh.destination() != null) {
                return new SavedWork.Ssh(new Resumable.SshSession(ssh.destination(), ssh.options()));
            }
        } catch (IllegalArgumentException e) {
            LOG.info("A saved tab's foreground record is unusable ({}): nothing offered", e.getMessage());
        }
        return new SavedWork.Nothing();
    }

    /** A Codex conversation's title and rollout from its thread row, where the snapshot did not have them. */
    private static SavedWork withCodexDetails(SavedWork work) {
        if (!(work instanceof SavedWork.BoundAgent bound) || bound.saved().conversation().agent() != Agent.CODEX
                || bound.saved().agentHome().isEmpty()) {
            return work;
        }
        SavedConversation saved = bound.saved();
        if (saved.conversation().title().isPresent() && saved.transcript().isPresent()) {
            return work;
        }
        try {
            Optional<Path> database = CodexHome.of(saved.agentHome().get()).stateDatabase();
            if (database.isEmpty()) {
                return work;
            }
            try (CodexThreadStore store = CodexThreadStore.open(database.get())) {
                Optional<CodexThread> thread = store.byId(saved.conversation().sessionId());
                if (thread.isEmpty()) {
                    return work;
                }
                Optional<String> title = saved.conversation().title()
                        .or(() -> Optional.of(thread.get().title()).filter(t -> !t.isBlank()));
                return new SavedWork.BoundAgent(new SavedConversation(new Resumable.AgentConversation(Agent.CODEX,
                        saved.conversation().sessionId(), title), saved.processes(), saved.agentHome(),
                        saved.transcript().or(() -> Optional.of(thread.get().rolloutPath()))));
            }
        } catch (IOException | CodexStoreException e) {
            LOG.debug("Codex thread {} not looked up: {}", saved.conversation().sessionId(), e.toString());
            return work;
        }
    }

    private static Optional<Path> absolute(String path) {
        if (path == null || path.isBlank()) {
            return Optional.empty();
        }
        Path p = Path.of(path);
        return p.isAbsolute() ? Optional.of(p) : Optional.empty();
    }

    /** {@code tmux has-session -t =NAME}: exit status 0 within {@link #TMUX_TIMEOUT}. */
    static boolean tmuxHasSession(Resumable.TmuxSession session) {
        try {
            Process p = new ProcessBuilder(session.hasSessionCommand()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            p.getOutputStream().close();
            if (!p.waitFor(TMUX_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
