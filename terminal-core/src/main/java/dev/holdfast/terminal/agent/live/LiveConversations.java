package dev.holdfast.terminal.agent.live;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.AgentDetector;
import dev.holdfast.terminal.agent.AgentProcess;
import dev.holdfast.terminal.agent.binding.Binding;
import dev.holdfast.terminal.agent.binding.BindingMemory;
import dev.holdfast.terminal.agent.binding.BindingSource;
import dev.holdfast.terminal.agent.binding.ScreenText;
import dev.holdfast.terminal.agent.claude.ClaudeBindingPolicy;
import dev.holdfast.terminal.agent.claude.ClaudeConversation;
import dev.holdfast.terminal.agent.claude.ClaudeConfig;
import dev.holdfast.terminal.agent.claude.ClaudeObservation;
import dev.holdfast.terminal.agent.claude.ClaudeProjects;
import dev.holdfast.terminal.agent.claude.ClaudeResolution;
import dev.holdfast.terminal.agent.claude.ClaudeResolver;
import dev.holdfast.terminal.agent.claude.ClaudeTranscriptEvidence;
import dev.holdfast.terminal.agent.codex.CodexBindingPolicy;
import dev.holdfast.terminal.agent.codex.CodexConversation;
import dev.holdfast.terminal.agent.codex.CodexHome;
import dev.holdfast.terminal.agent.codex.CodexObservation;
import dev.holdfast.terminal.agent.codex.CodexResolution;
import dev.holdfast.terminal.agent.codex.CodexResolver;
import dev.holdfast.terminal.agent.codex.CodexRollouts;
import dev.holdfast.terminal.agent.codex.CodexStoreException;
import dev.holdfast.terminal.agent.codex.CodexThread;
import dev.holdfast.terminal.agent.codex.CodexThreadStore;
import dev.holdfast.terminal.agent.conversation.Conversation;
import dev.holdfast.terminal.agent.report.AgentReport;
import dev.holdfast.terminal.agent.report.ReportOrigin;
import dev.holdfast.terminal.agent.report.ReportOutcome;
import dev.holdfast.terminal.pty.ForegroundProcesses;
import dev.holdfast.terminal.pty.ProcessIdentity;
import dev.holdfast.terminal.pty.ProcessInspector;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the tabs it is given for coding agents, binds each Codex tab to its thread and each Claude Code tab to
 * its session, follows the bound transcript of each tab whose panel is open, takes the agents' own reports of
 * their sessions ({@link #report}), and tells a listener what changed.
 *
 * <p>One thread, owned here and stopped by {@link #close()}, does all of it: looking at processes, reading the
 * state database, copying screens (under each terminal's lock, a bounded copy) and parsing rollouts. Every
 * public method only hands that thread a message, so none blocks its caller.
 */
public final class LiveConversations implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LiveConversations.class);
    private static final long CLOSE_WAIT_MS = 2_000;

    private final ProcessInspector inspector;
    private final LiveSettings settings;
    private final ConversationListener listener;
    private final ObjectMapper json = new ObjectMapper();
    private final AgentDetector detector = new AgentDetector();
    private final ReportOrigin origin;
    private final CodexResolver codex;
    private final ClaudeResolver claude;
    private final Path userHome;
    private final ScheduledExecutorService executor =
            Executors.newSingleThreadScheduledExecutor(new NamedThreadFactory("holdfast-agent-conversations", true));

    // Owned by the executor's thread.
    private final Map<UUID, AgentTab> tabs = new LinkedHashMap<>();
    private final Set<UUID> followed = new HashSet<>();
    private final Map<UUID, Followed> followers = new HashMap<>();
    private final Map<UUID, Published> published = new HashMap<>();
    private final Map<UUID, Agent> agentTabs = new HashMap<>();
    /** The last report each tab's agent made, for the process that made it. */
    private final Map<UUID, HeldReport> reports = new HashMap<>();
    /** Why a tab's report was refused in the last round, for the answer to the report. */
    private final Map<UUID, String> refusals = new HashMap<>();
    /** Restored tabs' conversations, until an agent runs in the tab. */
    private final Map<UUID, RestoredConversation> restored = new HashMap<>();
    /** Where a restored tab's conversation was found, looked up once: a restored conversation's file does not move. */
    private final Map<UUID, RestoredFile> restoredFiles = new HashMap<>();
    private final QuietTabs quiet = new QuietTabs(QuietTabs.DEFAULT_MAX_QUIET);
    private final Clock clock;
    private boolean started;

    /**
     * A conversation a restored tab had.
     *
     * @param agentHome the agent's directory as the saved agent used it, when known
     */
    public record RestoredConversation(Agent agent, String sessionId, Optional<Path> agentHome) {
        public RestoredConversation {
            Objects.requireNonNull(agent, "agent");
            Objects.requireNonNull(sessionId, "sessionId");
            Objects.requireNonNull(agentHome, "agentHome");
        }
    }

    /** A restored conversation's transcript or rollout, and the title its agent's store gives. */
    private record RestoredFile(Path file, Optional<String> title) {
    }

    /** What was last told about a tab; a conversation by its revision (comparing items would cost a copy). */
    private record Published(Optional<Agent> agent, Optional<Binding> binding, long revision, Optional<String> title,
            Optional<String> problem, boolean hasConversation) {
    }

    private record HeldReport(ProcessIdentity process, AgentReport report) {
    }

    /** A conversation being followed: a Codex rollout or a Claude transcript. */
    private interface Followed {
        String sessionId();

        Path file();

        Optional<Boolean> read() throws IOException;

        Conversation snapshot(Optional<String> title);
    }

    private record FollowedCodex(CodexConversation conversation, Path file) implements Followed {
        @Override
        public String sessionId() {
            return conversation.threadId();
        }

        @Override
        public Optional<Boolean> read() throws IOException {
            return conversation.read();
        }

        @Override
        public Conversation snapshot(Optional<String> title) {
            return conversation.snapshot(title);
        }
    }

    private record FollowedClaude(ClaudeConversation conversation) implements Followed {
        @Override
        public String sessionId() {
            return conversation.sessionId();
        }

        @Override
        public Path file() {
            return conversation.transcript();
        }

        @Override
        public Optional<Boolean> read() throws IOException {
            return conversation.read();
        }

        @Override
        public Conversation snapshot(Optional<String> title) {
            // The transcript carries its own title.
            return conversation.snapshot();
        }
    }

    public LiveConversations(ProcessInspector inspector, LiveSettings settings, Clock clock, Path userHome,
            ConversationListener listener) {
        this.inspector = Objects.requireNonNull(inspector, "inspector");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.clock = Objects.requireNonNull(clock, "clock");
        CodexBindingPolicy policy = new CodexBindingPolicy(settings.binding(), clock,
                new BindingMemory(settings.binding().memoryEntries()));
        this.userHome = Objects.requireNonNull(userHome, "userHome");
        this.codex = new CodexResolver(policy, new CodexRollouts(json, settings.binding(), settings.transcript()), userHome);
        ClaudeBindingPolicy claudePolicy = new ClaudeBindingPolicy(settings.binding(), settings.claude(), clock,
                new BindingMemory(settings.binding().memoryEntries()));
        this.claude = new ClaudeResolver(claudePolicy, settings.claude(),
                new ClaudeTranscriptEvidence(json, settings.binding(), settings.transcript()), inspector, json,
                settings.transcript(), userHome);
        this.origin = new ReportOrigin(detector, settings.binding().processStartTolerance());
    }

    /** Starts looking at the tracked tabs every {@link LiveSettings#pollInterval()}. */
    public void start() {
        submit(() -> {
            if (!started) {
                started = true;
                executor.scheduleWithFixedDelay(this::roundSafely, 0, settings.pollInterval().toMillis(), TimeUnit.MILLISECONDS);
            }
        });
    }

    /**
     * A restored tab's conversation: shown (panel, button, {@code ctl conversation}) at once, from its rollout or
     * transcript, while no agent runs in the tab; once one runs, that agent's own binding takes over.
     */
    public void restored(UUID panelId, RestoredConversation conversation) {
        Objects.requireNonNull(panelId, "panelId");
        Objects.requireNonNull(conversation, "conversation");
        submit(() -> restored.put(panelId, conversation));
    }

    /** Watches a tab (again: its screen and shell are read from {@code tab} from now on). */
    public void track(AgentTab tab) {
        Objects.requireNonNull(tab, "tab");
        submit(() -> tabs.put(tab.panelId(), tab));
    }

    /** A closed tab: its binding and conversation are dropped at once. */
    public void untrack(UUID panelId) {
        submit(() -> {
            tabs.remove(panelId);
            followed.remove(panelId);
            followers.remove(panelId);
            published.remove(panelId);
            reports.remove(panelId);
            restored.remove(panelId);
            restoredFiles.remove(panelId);
            quiet.forget(panelId);
            forgetAgent(panelId);
        });
    }

    private void forgetAgent(UUID panelId) {
        Agent was = agentTabs.remove(panelId);
        if (was == Agent.CODEX) {
            codex.forget(panelId);
        } else if (was == Agent.CLAUDE_CODE) {
            claude.forget(panelId);
        }
        followers.remove(panelId);
    }

    /**
     * An agent's report of its session ({@code holdfast ctl agent-session}, from its session-start hook). It is
     * used only when its reporter descends from the tab's own agent process, directly (not from a headless run or
     * an agent nested in it), and once its transcript is that session's; a later report replaces it only when its
     * source starts or switches a conversation. Completes, on the service's thread, with what became of it.
     */
    public CompletableFuture<ReportOutcome> report(UUID panelId, AgentReport report) {
        Objects.requireNonNull(panelId, "panelId");
        Objects.requireNonNull(report, "report");
        CompletableFuture<ReportOutcome> result = new CompletableFuture<>();
        try {
            executor.execute(() -> {
                try {
                    result.complete(take(panelId, report));
                } catch (RuntimeException e) {
                    result.completeExceptionally(e);
                }
            });
        } catch (RejectedExecutionException e) {
            result.completeExceptionally(new IllegalStateException("conversations are closed", e));
        }
        return result;
    }

    private ReportOutcome take(UUID panelId, AgentReport report) {
        AgentTab tab = tabs.get(panelId);
        OptionalLong shell = tab == null ? OptionalLong.empty() : tab.shellPid().get();
        if (tab == null || shell.isEmpty()) {
            return new ReportOutcome(ReportOutcome.Verdict.UNKNOWN_TAB, "Holdfast watches no tab " + panelId);
        }
        ForegroundProcesses foreground = inspector.foregroundProcesses(shell.getAsLong());
        ReportOrigin.Judgement judgement = origin.judge(report, foreground);
        if (judgement instanceof ReportOrigin.Refused refused) {
            LOG.info("Panel {}: {} report of session {} ({}) not used: {}", panelId, report.agent().displayName(),
                    report.sessionId(), report.source(), refused.detail());
            return new ReportOutcome(refused.verdict(), refused.detail());
        }
        AgentProcess agent = ((ReportOrigin.FromTabAgent) judgement).agent();
        HeldReport held = reports.get(panelId);
        if (held != null && held.process().equals(agent.identity()) && !report.source().switchesConversation()) {
            return new ReportOutcome(ReportOutcome.Verdict.EARLIER_REPORT_KEPT, "a report of source '" + report.source()
                    + "' does not switch conversations; session " + held.report().sessionId() + " stays");
        }
        HeldReport now = new HeldReport(agent.identity(), report);
        reports.put(panelId, now);
        LOG.info("Panel {}: {} reported session {} ({})", panelId, report.agent().displayName(), report.sessionId(),
                report.source());
        Map<UUID, TabConversation> states = round(Set.of());
        TabConversation state = states.getOrDefault(panelId, TabConversation.noAgent(panelId));
        if (!now.equals(reports.get(panelId))) {
            return new ReportOutcome(ReportOutcome.Verdict.TRANSCRIPT_MISMATCH, refusals.getOrDefault(panelId,
                    "its transcript is not that session's"));
        }
        if (state.binding().orElse(null) instanceof Binding.Bound bound && bound.source() == BindingSource.AGENT_REPORT
                && bound.sessionId().equals(report.sessionId())) {
            return new ReportOutcome(ReportOutcome.Verdict.BOUND, "the tab shows session " + report.sessionId());
        }
        return new ReportOutcome(ReportOutcome.Verdict.WAITING_FOR_TRANSCRIPT, "session " + report.sessionId()
                + " is shown once its transcript is written");
    }

    /** Whether the tab's conversation is read and published (its panel is open), or only its binding. */
    public void follow(UUID panelId, boolean on) {
        submit(() -> {
            if (on) {
                followed.add(panelId);
            } else {
                followed.remove(panelId);
                followers.remove(panelId);
            }
        });
    }

    /**
     * Resolves all tabs now and reads the tab's whole conversation (for {@code ctl conversation}), whether or
     * not it is followed.
     */
    public CompletableFuture<TabConversation> current(UUID panelId) {
        CompletableFuture<TabConversation> result = new CompletableFuture<>();
        try {
            executor.execute(() -> {
                try {
                    Map<UUID, TabConversation> states = round(Set.of(panelId));
                    result.complete(states.getOrDefault(panelId, TabConversation.noAgent(panelId)));
                } catch (RuntimeException e) {
                    result.completeExceptionally(e);
                }
            });
        } catch (RejectedExecutionException e) {
            result.completeExceptionally(new IllegalStateException("conversations are closed", e));
        }
        return result;
    }

    private void submit(Runnable task) {
        try {
            executor.execute(task);
        } catch (RejectedExecutionException e) {
            // Closed: nothing to do any more.
        }
    }

    private void roundSafely() {
        try {
            round(Set.of(), true);
        } catch (RuntimeException e) {
            LOG.warn("Agent conversation round failed; trying again next time", e);
        }
    }

    /**
     * One look at every tab. {@code readWhole}: tabs whose conversation is read whole for a caller, followed
     * or not.
     */
    private Map<UUID, TabConversation> round(Set<UUID> readWhole) {
        return round(readWhole, false);
    }

    /** @param periodic the poll's own round: tabs {@link QuietTabs} finds quiet are left out */
    private Map<UUID, TabConversation> round(Set<UUID> readWhole, boolean periodic) {
        Map<UUID, TabConversation> states = new LinkedHashMap<>();
        Instant now = clock.instant();
        List<CodexObservation> codexTabs = new ArrayList<>();
        List<ClaudeObservation> claudeTabs = new ArrayList<>();
        refusals.clear();
        for (AgentTab tab : List.copyOf(tabs.values())) {
            long output = tab.outputGeneration().getAsLong();
            if (periodic && !quiet.due(tab.panelId(), output, now)) {
                continue;
            }
            Optional<AgentProcess> agent = detect(tab);
            quiet.looked(tab.panelId(), output, now, agent.isEmpty() && !restored.containsKey(tab.panelId())
                    && !reports.containsKey(tab.panelId()) && !agentTabs.containsKey(tab.panelId()));
            Optional<Agent> kind = agent.map(AgentProcess::agent);
            if (agentTabs.containsKey(tab.panelId()) && !kind.equals(Optional.of(agentTabs.get(tab.panelId())))) {
                forgetAgent(tab.panelId());
            }
            if (agent.isPresent()) {
                restored.remove(tab.panelId());
                restoredFiles.remove(tab.panelId());
            } else if (restored.containsKey(tab.panelId())) {
                states.put(tab.panelId(), restoredState(tab, restored.get(tab.panelId()),
                        readWhole.contains(tab.panelId())));
                continue;
            }
            if (agent.isEmpty()) {
                reports.remove(tab.panelId());
                states.put(tab.panelId(), TabConversation.noAgent(tab.panelId()));
                continue;
            }
            agentTabs.put(tab.panelId(), agent.get().agent());
            HeldReport held = reports.get(tab.panelId());
            if (held != null && !held.process().equals(agent.get().identity())) {
                // A report holds for the process that made it only.
                reports.remove(tab.panelId());
                held = null;
            }
            Optional<AgentReport> report = Optional.ofNullable(held).map(HeldReport::report)
                    .filter(r -> r.agent() == agent.get().agent());
            Supplier<ScreenText> screen =
                    () -> tab.screen().lastLines(settings.binding().screenLines());
            if (agent.get().agent() == Agent.CODEX) {
                codexTabs.add(new CodexObservation(tab.panelId(), agent.get(), tab.environment(), screen, report));
            } else {
                claudeTabs.add(new ClaudeObservation(tab.panelId(), agent.get(), tab.environment(), screen, report));
            }
        }
        Map<UUID, CodexResolution> codexResults = codexTabs.isEmpty() ? Map.of() : codex.resolve(codexTabs);
        for (CodexResolution r : codexResults.values()) {
            r.refusedReport().ifPresent(why -> refuse(r.panelId(), why));
            states.put(r.panelId(), conversationOf(r.panelId(), Agent.CODEX, r.binding(), r.rollout(),
                    r.thread().map(CodexThread::title).filter(t -> !t.isBlank()), readWhole.contains(r.panelId())));
        }
        Map<UUID, ClaudeResolution> claudeResults = claudeTabs.isEmpty() ? Map.of() : claude.resolve(claudeTabs);
        for (ClaudeResolution r : claudeResults.values()) {
            r.refusedReport().ifPresent(why -> refuse(r.panelId(), why));
            states.put(r.panelId(), conversationOf(r.panelId(), Agent.CLAUDE_CODE, r.binding(), r.transcript(),
                    Optional.empty(), readWhole.contains(r.panelId())));
        }
        for (TabConversation state : states.values()) {
            publish(state);
        }
        return states;
    }

    /** A restored tab's conversation, read by its id from the agent's own files. */
    private TabConversation restoredState(AgentTab tab, RestoredConversation r, boolean whole) {
        Binding.Bound binding = new Binding.Bound(r.sessionId(), BindingSource.RESTORED,
                "the tab had it when Holdfast last saved; it runs nowhere now");
        RestoredFile found = restoredFiles.get(tab.panelId());
        if (found == null) {
            found = findRestored(tab, r).orElse(null);
            if (found != null) {
                restoredFiles.put(tab.panelId(), found);
            }
        }
        return conversationOf(tab.panelId(), r.agent(), binding, Optional.ofNullable(found).map(RestoredFile::file),
                Optional.ofNullable(found).flatMap(RestoredFile::title), whole);
    }

    /** Looks the restored conversation up in the agent's files; empty while it is not (or no longer) there. */
    private Optional<RestoredFile> findRestored(AgentTab tab, RestoredConversation r) {
        if (r.agent() == Agent.CLAUDE_CODE) {
            ClaudeConfig config = r.agentHome().map(ClaudeConfig::new)
                    .orElseGet(() -> ClaudeConfig.forEnvironment(Optional.empty(), tab.environment(), userHome));
            return new ClaudeProjects(config, json, settings.transcript()).byId(r.sessionId())
                    .map(t -> new RestoredFile(t.path(), Optional.empty()));
        }
        CodexHome home = r.agentHome().map(CodexHome::of)
                .orElseGet(() -> CodexHome.forEnvironment(Optional.empty(), tab.environment(), userHome));
        try {
            Optional<Path> database = home.stateDatabase();
            if (database.isPresent()) {
                try (CodexThreadStore store = CodexThreadStore.open(database.get())) {
                    return store.byId(r.sessionId()).map(t -> new RestoredFile(t.rolloutPath(),
                            Optional.ofNullable(t.title()).filter(title -> !title.isBlank())));
                }
            }
        } catch (IOException | CodexStoreException e) {
            LOG.debug("Panel {}: restored thread {} not looked up: {}", tab.panelId(), r.sessionId(), e.toString());
        }
        return Optional.empty();
    }

    private void refuse(UUID panelId, String why) {
        reports.remove(panelId);
        refusals.put(panelId, why);
    }

    private Optional<AgentProcess> detect(AgentTab tab) {
        OptionalLong pid = tab.shellPid().get();
        if (pid.isEmpty()) {
            return Optional.empty();
        }
        ForegroundProcesses foreground = inspector.foregroundProcesses(pid.getAsLong());
        return detector.detect(foreground);
    }

    /**
     * The tab's state, its conversation read when followed (or {@code whole}) and its transcript exists.
     *
     * @param title the title the agent's store gives, when it is not in the transcript itself
     */
    private TabConversation conversationOf(UUID panelId, Agent kind, Binding binding, Optional<Path> file,
            Optional<String> title, boolean whole) {
        Optional<Agent> agent = Optional.of(kind);
        String what = kind == Agent.CODEX ? "rollout" : "transcript";
        if (!(binding instanceof Binding.Bound bound)) {
            followers.remove(panelId);
            return new TabConversation(panelId, agent, Optional.of(binding), Optional.empty(), Optional.empty());
        }
        if (file.isEmpty()) {
            followers.remove(panelId);
            return new TabConversation(panelId, agent, Optional.of(binding), Optional.empty(),
                    Optional.of(kind.displayName() + " has not written this conversation's " + what + " yet"));
        }
        boolean follow = followed.contains(panelId);
        if (!follow && !whole) {
            return new TabConversation(panelId, agent, Optional.of(binding), Optional.empty(), Optional.empty());
        }
        Followed conversation = followers.get(panelId);
        if (conversation == null || !conversation.sessionId().equals(bound.sessionId())
                || !conversation.file().equals(file.get())) {
            conversation = kind == Agent.CODEX
                    ? new FollowedCodex(new CodexConversation(bound.sessionId(), file.get(), json, settings.conversation(),
                            settings.transcript()), file.get())
                    : new FollowedClaude(new ClaudeConversation(bound.sessionId(), file.get(), json, settings.conversation(),
                            settings.transcript()));
            if (follow) {
                followers.put(panelId, conversation);
            }
        }
        try {
            Optional<Boolean> more;
            do {
                more = conversation.read();
                if (more.orElse(false)) {
                    // A long transcript is shown while it is still being read.
                    publish(new TabConversation(panelId, agent, Optional.of(binding),
                            Optional.of(conversation.snapshot(title)), Optional.empty()));
                }
            } while (more.orElse(false));
            if (more.isEmpty()) {
                return new TabConversation(panelId, agent, Optional.of(binding), Optional.empty(),
                        Optional.of(kind.displayName() + " has not written this conversation's " + what + " yet (" + file.get() + ")"));
            }
            return new TabConversation(panelId, agent, Optional.of(binding), Optional.of(conversation.snapshot(title)),
                    Optional.empty());
        } catch (IOException | RuntimeException e) {
            LOG.warn("Panel {}: {} {} {} could not be read", panelId, kind.displayName(), what, file.get(), e);
            followers.remove(panelId);
            return new TabConversation(panelId, agent, Optional.of(binding), Optional.empty(),
                    Optional.of("the " + what + " " + file.get() + " could not be read: " + e.getMessage()));
        }
    }

    private void publish(TabConversation state) {
        Published now = new Published(state.agent(), state.binding(),
                state.conversation().map(Conversation::revision).orElse(-1L),
                state.conversation().flatMap(Conversation::title), state.readProblem(),
                state.conversation().isPresent());
        if (!now.equals(published.put(state.panelId(), now))) {
            try {
                listener.changed(state);
            } catch (RuntimeException e) {
                LOG.warn("Conversation listener failed for panel {}", state.panelId(), e);
            }
        }
    }

    /** Stops the thread; what it was doing is abandoned (nothing it does writes anything). */
    @Override
    public void close() {
        executor.shutdownNow();
        try {
            if (!executor.awaitTermination(CLOSE_WAIT_MS, TimeUnit.MILLISECONDS)) {
                LOG.warn("Agent conversation thread did not stop within {} ms", CLOSE_WAIT_MS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
