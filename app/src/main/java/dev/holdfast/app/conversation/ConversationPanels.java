package dev.holdfast.app.conversation;

import dev.holdfast.app.control.AgentConversations;
import dev.holdfast.app.tabs.TerminalTab;
import dev.holdfast.app.view.TerminalView;
import dev.holdfast.app.window.MainWindow;
import dev.holdfast.app.window.TabListener;
import dev.holdfast.terminal.agent.Agent;
import dev.holdfast.terminal.agent.live.AgentTab;
import dev.holdfast.terminal.agent.live.ConversationListener;
import dev.holdfast.terminal.agent.live.LiveConversations;
import dev.holdfast.terminal.agent.live.TabConversation;
import dev.holdfast.terminal.agent.report.AgentReport;
import dev.holdfast.terminal.agent.report.ReportOutcome;
import dev.holdfast.terminal.export.PrimaryBuffers;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import javafx.geometry.Insets;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;

/**
 * The window's conversation panels, over {@link LiveConversations}: every tab is watched from the moment it opens
 * until it closes (so a binding made while no panel was open is there when one opens), a tab's conversation is
 * followed only while its panel is open, and a tab where Codex or Claude Code runs gets a button on its header that shows and
 * hides its panel, as the conversation shortcut does.
 *
 * <p>Threads: the service calls {@link #changed} on its own thread. The latest state of each tab waits in a
 * mailbox, and one task per tab at a time takes it to the FX thread, so a slow FX thread sees the newest state
 * once, never a queue of old ones. Everything else here runs on the FX thread, except {@link #agentOf} and
 * {@link #conversation}, which any thread may call.
 */
public final class ConversationPanels implements ConversationListener, AgentConversations {
    private final MainWindow window;
    private final Executor fx;
    private final ZoneId zone;
    private final PrimaryBuffers primary = new PrimaryBuffers();
    /** The newest state of each tab not yet taken to the FX thread. */
    private final Map<UUID, TabConversation> mailbox = new ConcurrentHashMap<>();
    private final Set<UUID> tracked = ConcurrentHashMap.newKeySet();
    private final Map<UUID, Agent> agents = new ConcurrentHashMap<>();
    // FX thread.
    private final Map<UUID, Entry> entries = new HashMap<>();
    private volatile LiveConversations live;

    /**
     * @param fx runs tasks on the FX thread ({@code Platform::runLater})
     * @param zone the times of turns are shown in
     */
    public ConversationPanels(MainWindow window, Executor fx, ZoneId zone) {
        this.window = Objects.requireNonNull(window, "window");
        this.fx = Objects.requireNonNull(fx, "fx");
        this.zone = Objects.requireNonNull(zone, "zone");
    }

    /**
     * Starts showing {@code service}'s conversations: watches the window's tabs (those open now and those to
     * come) and takes the conversation shortcut. The service must be the one this object listens to. FX thread.
     */
    public void connect(LiveConversations service) {
        if (live != null) {
            throw new IllegalStateException("already connected");
        }
        live = Objects.requireNonNull(service, "service");
        window.addTabListener(new TabListener() {
            @Override
            public void opened(TerminalTab tab) {
                watch(tab);
            }

            @Override
            public void closed(TerminalTab tab) {
                forget(tab);
            }
        });
        window.setToggleConversation(this::toggle);
        window.lookProperty().addListener((obs, old, look) -> {
            for (Entry entry : entries.values()) {
                entry.lookChanged(look);
            }
        });
        for (TerminalTab tab : window.tabs()) {
            watch(tab);
        }
    }

    private void watch(TerminalTab tab) {
        if (entries.containsKey(tab.panelId())) {
            return;
        }
        entries.put(tab.panelId(), new Entry(tab));
        tracked.add(tab.panelId());
        live.track(AgentTab.of(tab.session(), primary));
    }

    private void forget(TerminalTab tab) {
        UUID id = tab.panelId();
        entries.remove(id);
        tracked.remove(id);
        agents.remove(id);
        mailbox.remove(id);
        live.untrack(id);
        // The tab and its nodes are going; the entry only has to let go of them.
    }

    /** Shows the tab's panel, or hides it when it is shown. FX thread. */
    public void toggle(TerminalTab tab) {
        Entry entry = entries.get(tab.panelId());
        if (entry != null) {
            entry.toggle();
        }
    }

    // The service's thread.
    @Override
    public void changed(TabConversation state) {
        UUID id = state.panelId();
        if (!tracked.contains(id)) {
            return;
        }
        if (state.agent().isPresent()) {
            agents.put(id, state.agent().get());
        } else {
            agents.remove(id);
        }
        if (mailbox.put(id, state) == null) {
            fx.execute(() -> deliver(id));
        }
    }

    private void deliver(UUID id) {
        TabConversation state = mailbox.remove(id);
        Entry entry = entries.get(id);
        if (state != null && entry != null) {
            entry.apply(state);
        }
    }

    @Override
    public Optional<Agent> agentOf(UUID panelId) {
        return Optional.ofNullable(agents.get(panelId));
    }

    @Override
    public CompletableFuture<TabConversation> conversation(UUID panelId) {
        LiveConversations service = live;
        if (service == null) {
            return CompletableFuture.completedFuture(TabConversation.noAgent(panelId));
        }
        return service.current(panelId);
    }

    @Override
    public CompletableFuture<ReportOutcome> report(UUID panelId, AgentReport report) {
        LiveConversations service = live;
        if (service == null) {
            return CompletableFuture.completedFuture(new ReportOutcome(ReportOutcome.Verdict.UNKNOWN_TAB,
                    "conversations are not watched yet"));
        }
        return service.report(panelId, report);
    }

    /** One tab: its header button, its panel while it has one, and its latest state. FX thread. */
    private final class Entry {
        private final TerminalTab tab;
        private final ToggleButton button = new ToggleButton();
        private ConversationPanel panel;
        /** The latest state, without its conversation while the panel is closed (nothing holds it then). */
        private TabConversation latest;
        private boolean open;
        private boolean buttonShown;

        Entry(TerminalTab tab) {
            this.tab = tab;
            this.latest = TabConversation.noAgent(tab.panelId());
            button.getStyleClass().add("conversation-toggle");
            button.setFocusTraversable(false);
            HBox.setMargin(button, new Insets(0, 0, 0, 6));
            button.setOnAction(e -> {
                window.tabPane().getSelectionModel().select(tab.tab());
                toggle();
            });
        }

        void apply(TabConversation state) {
            latest = open ? state : withoutConversation(state);
            boolean agent = state.agent().isPresent();
            if (agent != buttonShown) {
                buttonShown = agent;
                tab.header().setAgentButton(agent ? button : null);
            }
            if (agent) {
                String shortcut = window.isMac() ? "⌘⇧J" : "Ctrl+Shift+J";
                button.setText(state.agent().get().displayName());
                button.setTooltip(new Tooltip("Show " + state.agent().get().displayName() + "'s conversation ("
                        + shortcut + ")"));
            }
            if (open) {
                panel.show(PanelContent.of(state, panel.showing()));
            }
        }

        private TabConversation withoutConversation(TabConversation state) {
            return state.conversation().isEmpty() ? state : new TabConversation(state.panelId(), state.agent(),
                    state.binding(), Optional.empty(), state.readProblem());
        }

        void toggle() {
            if (open) {
                hide();
            } else {
                show();
            }
        }

        private void show() {
            ConversationLook look = ConversationLook.of(window.lookProperty().get());
            if (panel == null) {
                panel = new ConversationPanel(look, zone, this::hide);
            } else {
                panel.setLook(look);
            }
            open = true;
            button.setSelected(true);
            panel.show(PanelContent.of(latest, Optional.empty()));
            tab.body().showSidePanel(panel);
            live.follow(tab.panelId(), true);
            // Read now rather than at the next poll; the answer comes back through the listener like any other.
            live.current(tab.panelId());
            tab.view().requestFocus();
        }

        private void hide() {
            if (!open) {
                return;
            }
            open = false;
            button.setSelected(false);
            live.follow(tab.panelId(), false);
            tab.body().hideSidePanel();
            // The conversation goes with the panel: a closed panel holds none of it.
            panel.show(new PanelContent.NoAgent());
            latest = withoutConversation(latest);
            tab.view().requestFocus();
        }

        void lookChanged(TerminalView.Look look) {
            if (panel != null) {
                panel.setLook(ConversationLook.of(look));
            }
        }
    }
}
