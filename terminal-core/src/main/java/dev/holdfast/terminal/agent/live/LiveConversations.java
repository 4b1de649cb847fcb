package dev.holdfast.terminal.agent.live;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.AgentDetector;
import dev.holdfast.terminal.agent.AgentProcess;
import dev.holdfast.terminal.agent.binding.Binding;
import dev.holdfast.terminal.agent.binding.BindingMemory;
import dev.holdfast.terminal.agent.binding.BindingSource;
import dev.holdfast.terminal.agent.codex.CodexHome;
import dev.holdfast.terminal.agent.codex.CodexStoreException;
import dev.holdfast.terminal.agent.codex.CodexThreadStore;
import dev.holdfast.terminal.agent.codex.CodexBindingPolicy;
import dev.holdfast.terminal.agent.codex.CodexConversation;
import dev.holdfast.terminal.agent.codex.CodexObservation;
import dev.holdfast.terminal.agent.codex.CodexResolution;
import dev.holdfast.terminal.agent.codex.CodexResolver;
import dev.holdfast.terminal.agent.codex.CodexRollouts;
import dev.holdfast.terminal.agent.codex.CodexThread;
import dev.holdfast.terminal.agent.conversation.Conversation;
import dev.holdfast.terminal.pty.ForegroundProcesses;
import dev.holdfast.terminal.pty.ProcessInspector;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the tabs it is given for coding agents, binds each Codex tab to its thread, follows the bound
 * rollout of each tab whose panel is open, and tells a listener what changed.
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
    private final CodexResolver codex;
    private final Path userHome;
    private final ScheduledExecutorService executor =
            Executors.newSingleThreadScheduledExecutor(new NamedThreadFactory("holdfast-agent-conversations", true));

    // Owned by the executor's thread.
    private final Map<UUID, AgentTab> tabs = new LinkedHashMap<>();
    private final Set<UUID> followed = new HashSet<>();
    private final Map<UUID, CodexConversation> followers = new HashMap<>();
    private final Map<UUID, Published> published = new HashMap<>();
    private final Set<UUID> codexTabs = new HashSet<>();
    /** Restored tabs' conversations, until an agent runs in the tab. */
    private final Map<UUID, RestoredConversation> restored = new HashMap<>();
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

    /** What was last told about a tab; a conversation by its revision (comparing items would cost a copy). */
    private record Published(Optional<Agent> agent, Optional<Binding> binding, long revision, Optional<String> title,
            Optional<String> problem, boolean hasConversation) {
    }

    public LiveConversations(ProcessInspector inspector, LiveSettings settings, Clock clock, Path userHome,
            ConversationListener listener) {
        this.inspector = Objects.requireNonNull(inspector, "inspector");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.listener = Objects.requireNonNull(listener, "listener");
        CodexBindingPolicy policy = new CodexBindingPolicy(settings.binding(), clock,
                new BindingMemory(settings.binding().memoryEntries()));
        this.userHome = Objects.requireNonNull(userHome, "userHome");
        this.codex = new CodexResolver(policy, new CodexRollouts(json, settings.binding(), settings.transcript()), userHome);
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

    /** Watches a tab (again: its screen and shell are read from {@code tab} from now on). */
    public void track(AgentTab tab) {
        Objects.requireNonNull(tab, "tab");
        submit(() -> tabs.put(tab.panelId(), tab));
    }

    /**
     * A restored tab's conversation: shown (panel, button, {@code ctl conversation}) at once, from its rollout,
     * while no agent runs in the tab; once one runs, that agent's own binding takes over.
     */
    public void restored(UUID panelId, RestoredConversation conversation) {
        Objects.requireNonNull(panelId, "panelId");
        Objects.requireNonNull(conversation, "conversation");
        submit(() -> restored.put(panelId, conversation));
    }

    /** A closed tab: its binding and conversation are dropped at once. */
    public void untrack(UUID panelId) {
        submit(() -> {
            tabs.remove(panelId);
            followed.remove(panelId);
            followers.remove(panelId);
            published.remove(panelId);
            codexTabs.remove(panelId);
            restored.remove(panelId);
            codex.forget(panelId);
        });
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
            round(Set.of());
        } catch (RuntimeException e) {
            LOG.warn("Agent conversation round failed; trying again next time", e);
        }
    }

    /**
     * One look at every tab. {@code readWhole}: tabs whose conversation is read whole for a caller, followed
     * or not.
     */
    private Map<UUID, TabConversation> round(Set<UUID> readWhole) {
        Map<UUID, TabConversation> states = new LinkedHashMap<>();
        List<CodexObservation> observations = new ArrayList<>();
        for (AgentTab tab : List.copyOf(tabs.values())) {
            Optional<AgentProcess> agent = detect(tab);
            if (agent.isPresent()) {
                restored.remove(tab.panelId());
            } else if (restored.containsKey(tab.panelId())) {
                states.put(tab.panelId(), restoredState(tab, restored.get(tab.panelId()), readWhole.contains(tab.panelId())));
                continue;
            }
            if (agent.isEmpty() || agent.get().agent() != Agent.CODEX) {
                if (codexTabs.remove(tab.panelId())) {
                    codex.forget(tab.panelId());
                    followers.remove(tab.panelId());
                }
                TabConversation state = agent.map(a -> new TabConversation(tab.panelId(), Optional.of(a.agent()),
                        Optional.empty(), Optional.empty(), Optional.empty())).orElse(TabConversation.noAgent(tab.panelId()));
                states.put(tab.panelId(), state);
                continue;
            }
            codexTabs.add(tab.panelId());
            observations.add(new CodexObservation(tab.panelId(), agent.get(), tab.environment(),
                    () -> tab.screen().lastLines(settings.binding().screenLines())));
        }
        Map<UUID, CodexResolution> resolutions = observations.isEmpty() ? Map.of() : codex.resolve(observations);
        for (CodexResolution r : resolutions.values()) {
            states.put(r.panelId(), conversationOf(r, readWhole.contains(r.panelId())));
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
        if (r.agent() != Agent.CODEX) {
            return new TabConversation(tab.panelId(), Optional.of(r.agent()), Optional.of(binding), Optional.empty(),
                    Optional.empty());
        }
        CodexHome home = r.agentHome().map(CodexHome::of)
                .orElseGet(() -> CodexHome.forEnvironment(Optional.empty(), tab.environment(), userHome));
        Optional<CodexThread> thread = Optional.empty();
        try {
            Optional<Path> database = home.stateDatabase();
            if (database.isPresent()) {
                try (CodexThreadStore store = CodexThreadStore.open(database.get())) {
                    thread = store.byId(r.sessionId());
                }
            }
        } catch (IOException | CodexStoreException e) {
            LOG.debug("Panel {}: restored thread {} not looked up: {}", tab.panelId(), r.sessionId(), e.toString());
        }
        return conversationOf(new CodexResolution(tab.panelId(), home, binding, thread,
                thread.map(CodexThread::rolloutPath)), whole);
    }

    private Optional<AgentProcess> detect(AgentTab tab) {
        OptionalLong pid = tab.shellPid().get();
        if (pid.isEmpty()) {
            return Optional.empty();
        }
        ForegroundProcesses foreground = inspector.foregroundProcesses(pid.getAsLong());
        return detector.detect(foreground);
    }

    private TabConversation conversationOf(CodexResolution r, boolean whole) {
        Optional<Agent> agent = Optional.of(Agent.CODEX);
        if (!(r.binding() instanceof Binding.Bound bound) || r.rollout().isEmpty()) {
            followers.remove(r.panelId());
            return new TabConversation(r.panelId(), agent, Optional.of(r.binding()), Optional.empty(), Optional.empty());
        }
        boolean follow = followed.contains(r.panelId());
        if (!follow && !whole) {
            return new TabConversation(r.panelId(), agent, Optional.of(r.binding()), Optional.empty(), Optional.empty());
        }
        CodexConversation conversation = followers.get(r.panelId());
        if (conversation == null || !conversation.threadId().equals(bound.sessionId())) {
            conversation = new CodexConversation(bound.sessionId(), r.rollout().get(), json, settings.conversation(),
                    settings.transcript());
            if (follow) {
                followers.put(r.panelId(), conversation);
            }
        }
        Optional<String> title = r.thread().map(CodexThread::title).filter(t -> !t.isBlank());
        try {
            Optional<Boolean> more;
            do {
                more = conversation.read();
                if (more.orElse(false)) {
                    // A long rollout is shown while it is still being read.
                    publish(new TabConversation(r.panelId(), agent, Optional.of(r.binding()),
                            Optional.of(conversation.snapshot(title)), Optional.empty()));
                }
            } while (more.orElse(false));
            if (more.isEmpty()) {
                return new TabConversation(r.panelId(), agent, Optional.of(r.binding()), Optional.empty(),
                        Optional.of("Codex has not written this thread's rollout yet (" + r.rollout().get() + ")"));
            }
            return new TabConversation(r.panelId(), agent, Optional.of(r.binding()), Optional.of(conversation.snapshot(title)),
                    Optional.empty());
        } catch (IOException | RuntimeException e) {
            LOG.warn("Panel {}: Codex rollout {} could not be read", r.panelId(), r.rollout().get(), e);
            followers.remove(r.panelId());
            return new TabConversation(r.panelId(), agent, Optional.of(r.binding()), Optional.empty(),
                    Optional.of("the rollout " + r.rollout().get() + " could not be read: " + e.getMessage()));
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
