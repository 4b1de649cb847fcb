package dev.holdfast.app.activity;

import dev.holdfast.app.control.ActivityView;
import dev.holdfast.app.control.CardInfo;
import dev.holdfast.app.notify.Notifier;
import dev.holdfast.app.sidebar.CardText;
import dev.holdfast.app.sidebar.SidebarOrder;
import dev.holdfast.app.sidebar.Sidebar;
import dev.holdfast.app.sidebar.SidebarEntry;
import dev.holdfast.app.tabs.TerminalTab;
import dev.holdfast.app.window.MainWindow;
import dev.holdfast.terminal.screen.TabCard;
import dev.holdfast.terminal.screen.TabState;
import dev.holdfast.terminal.shell.CommandRun;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import javafx.beans.value.ChangeListener;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Tab;

/**
 * The FX thread's side of activity: it hands every tab of the window to the watcher (a restored tab with what its
 * clocks are seeded from, a new one fresh), takes the watcher's coalesced cards onto the {@link ActivityBoard}, and
 * shows them: each tab header's state indicator, the sidebar, and desktop notifications for a tab not in front that
 * starts waiting or finishes a long command. FX thread.
 */
public final class ActivityPresenter implements Sidebar.Tabs, ActivityWatcher.Listener, ActivityView {
    private final MainWindow window;
    private final ActivityBoard board;
    private final Executor fxLater;
    private final Notifier notifier;
    private final BooleanSupplier notificationsOn;
    private final Supplier<Duration> longCommand;
    private final Clock clock;
    private final ZoneId zone;
    private final Map<UUID, ActivityWatcher.Start.Restored> restoredStarts;
    private final Map<UUID, Tracked> tracked = new HashMap<>();
    private ActivityWatcher watcher;
    private Sidebar sidebar;
    private boolean sidebarShown;
    private Runnable sidebarChanged = () -> { };

    private record Tracked(TerminalTab tab, TabStateIndicator indicator, ChangeListener<String> title) {
    }

    /**
     * @param restoredStarts the restored tabs' seeds by panel id, each used once, when its tab appears
     * @param fxLater runs a task on a later FX turn ({@code Platform::runLater}): a tab moved in the strip leaves and
     *     comes back within one turn, and is not a tab that closed
     * @param notificationsOn the {@code notifications} setting, read when an event arrives
     * @param longCommand the {@code longCommandSeconds} setting, read when a command finishes
     */
    public ActivityPresenter(MainWindow window, ActivityBoard board, Map<UUID, ActivityWatcher.Start.Restored> restoredStarts,
                             Executor fxLater, Notifier notifier, BooleanSupplier notificationsOn,
                             Supplier<Duration> longCommand, Clock clock, ZoneId zone) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.zone = Objects.requireNonNull(zone, "zone");
        this.longCommand = Objects.requireNonNull(longCommand, "longCommand");
        this.window = Objects.requireNonNull(window, "window");
        this.board = Objects.requireNonNull(board, "board");
        this.restoredStarts = new HashMap<>(restoredStarts);
        this.fxLater = Objects.requireNonNull(fxLater, "fxLater");
        this.notifier = Objects.requireNonNull(notifier, "notifier");
        this.notificationsOn = Objects.requireNonNull(notificationsOn, "notificationsOn");
    }

    /** Starts following the window's tabs; every tab open now, and each one added later, is watched. */
    public void start(ActivityWatcher activityWatcher, Sidebar shownIn) {
        this.watcher = Objects.requireNonNull(activityWatcher, "activityWatcher");
        this.sidebar = Objects.requireNonNull(shownIn, "shownIn");
        window.tabPane().getTabs().addListener((ListChangeListener<Tab>) change -> tabsChanged());
        tabsChanged();
    }

    private void tabsChanged() {
        Set<UUID> present = new HashSet<>();
        for (TerminalTab tab : window.tabs()) {
            present.add(tab.panelId());
            if (!tracked.containsKey(tab.panelId())) {
                track(tab);
            }
        }
        if (present.size() != tracked.size()) {
            fxLater.execute(this::dropClosedTabs);
        }
        refreshSidebar();
    }

    private void dropClosedTabs() {
        Set<UUID> present = new HashSet<>();
        for (TerminalTab tab : window.tabs()) {
            present.add(tab.panelId());
        }
        for (UUID panelId : new ArrayList<>(tracked.keySet())) {
            if (!present.contains(panelId)) {
                Tracked t = tracked.remove(panelId);
                t.tab().titleProperty().removeListener(t.title());
                t.tab().header().setBadge(null);
                watcher.unwatch(panelId);
                board.remove(panelId);
            }
        }
        refreshSidebar();
    }

    private void track(TerminalTab tab) {
        UUID panelId = tab.panelId();
        ActivityWatcher.Start start = restoredStarts.containsKey(panelId) ? restoredStarts.remove(panelId)
                : new ActivityWatcher.Start.Fresh();
        TabStateIndicator indicator = new TabStateIndicator();
        tab.header().setBadge(indicator);
        ChangeListener<String> title = (obs, was, is) -> {
            watcher.titleChanged(panelId, is);
            refreshSidebar();
        };
        tab.titleProperty().addListener(title);
        tracked.put(panelId, new Tracked(tab, indicator, title));
        board.card(panelId).ifPresent(indicator::show);
        watcher.watch(tab.session(), start, tab.titleProperty().get());
    }

    /** The watcher's batch (FX thread). */
    @Override
    public void updated(Map<UUID, TabCard> cards, List<ActivityEvent> events) {
        Map<UUID, TabCard> open = new HashMap<>();
        for (Map.Entry<UUID, TabCard> card : cards.entrySet()) {
            Tracked t = tracked.get(card.getKey());
            if (t != null) {
                open.put(card.getKey(), card.getValue());
                t.indicator().show(card.getValue());
            }
        }
        board.apply(open);
        refreshSidebar();
        for (ActivityEvent event : events) {
            Tracked t = tracked.get(event.panelId());
            if (t == null) {
                continue;
            }
            boolean inFront = t.tab().tab().isSelected() && window.stage().isFocused();
            NotificationPolicy.decide(event, notificationsOn.getAsBoolean(), inFront, longCommand.get())
                    .ifPresent(n -> notifier.notify(n.summary(), n.body()));
        }
    }

    private void refreshSidebar() {
        if (sidebar != null && sidebarShown) {
            sidebar.refresh();
        }
    }

    @Override
    public List<SidebarEntry> entries() {
        List<TerminalTab> tabs = window.tabs();
        List<SidebarEntry> entries = new ArrayList<>(tabs.size());
        for (int i = 0; i < tabs.size(); i++) {
            TerminalTab tab = tabs.get(i);
            entries.add(new SidebarEntry(tab.panelId(), i, tab.titleProperty().get(),
                    board.card(tab.panelId()).orElse(null)));
        }
        return entries;
    }

    @Override
    public void select(UUID panelId) {
        for (TerminalTab tab : window.tabs()) {
            if (tab.panelId().equals(panelId)) {
                window.tabPane().getSelectionModel().select(tab.tab());
                tab.view().requestFocus();
                return;
            }
        }
    }

    /** Shows or hides the sidebar. */
    public void setSidebarShown(boolean shown) {
        if (shown == sidebarShown) {
            return;
        }
        sidebarShown = shown;
        if (shown) {
            window.showSidebar(sidebar.node());
        } else {
            window.hideSidebar();
        }
        sidebar.setShowing(shown);
        sidebarChanged.run();
    }

    public void toggleSidebar() {
        setSidebarShown(!sidebarShown);
    }

    public boolean sidebarShown() {
        return sidebarShown;
    }

    /** Told when the sidebar is shown or hidden, or its layout changes: it is saved with the session. */
    public void setOnSidebarChanged(Runnable listener) {
        sidebarChanged = Objects.requireNonNull(listener, "listener");
        sidebar.setOnLayoutChanged(listener);
    }

    @Override
    public Optional<ActivityView.Clocks> clocks(UUID panelId) {
        return board.card(panelId).map(card -> new ActivityView.Clocks(CardText.state(card.state()), card.stateSince(),
                card.lastActivityAt()));
    }

    /** Every tab's card in the sidebar's order ({@code holdfast ctl cards}). */
    @Override
    public List<CardInfo> cards() {
        Instant now = clock.instant();
        Instant recentSince = now.minus(SidebarOrder.DEFAULT_RECENT_WINDOW);
        List<CardInfo> cards = new ArrayList<>();
        for (SidebarEntry entry : sidebar.allInOrder()) {
            TabCard card = entry.card();
            if (card == null) {
                cards.add(new CardInfo(entry.panelId(), entry.title(), null, "", CardText.state(null), null, null, "",
                        true, null, null, null, null, List.of()));
                continue;
            }
            CommandRun last = card.lastCommand();
            cards.add(new CardInfo(entry.panelId(), entry.title().isBlank() ? card.title() : entry.title(),
                    card.directory(), card.program(), CardText.state(card.state()), card.stateSince(),
                    card.lastActivityAt(), CardText.updated(card, now), !card.stateSince().isBefore(recentSince),
                    card.state() == TabState.WAITING ? card.question() : null,
                    last == null ? null : last.commandLine(), last == null ? null : last.exitStatus(),
                    last == null ? null : last.duration().toMillis(), CardText.logTail(card, now, zone)));
        }
        return cards;
    }
}
