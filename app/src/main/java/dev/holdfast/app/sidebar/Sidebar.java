package dev.holdfast.app.sidebar;

import dev.holdfast.app.view.UiTicker;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.WeakHashMap;
import java.util.concurrent.ScheduledFuture;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The sidebar: a card per tab, sorted by Last updated (default) or tab order, with a Recent filter. A list view with
 * reusable cells, updated in place: a card that changes replaces its item, and only a change of order moves items, so
 * 50 live tabs do not flicker. One timer refreshes the "updated …" texts of the cells on screen, never a timer per
 * card, and only when one of those texts changes ({@link SidebarTicks}): "42 s ago" next second, "5 min ago" at
 * the next minute, so a sidebar of quiet tabs wakes a few times an hour instead of every second. FX thread.
 */
public final class Sidebar {
    /** Where the cards come from, and what a click does. */
    public interface Tabs {
        /** Every open tab, in tab order, with its newest card. */
        List<SidebarEntry> entries();

        /** The user clicked {@code panelId}'s card. */
        void select(UUID panelId);
    }

    /** How the sidebar is set up, remembered across restarts. */
    public record Layout(SidebarSort sort, boolean recentOnly) {
        public static final Layout DEFAULT = new Layout(SidebarSort.LAST_UPDATED, false);

        public Layout {
            Objects.requireNonNull(sort, "sort");
        }
    }

    public static final double WIDTH = 300;

    private final Tabs tabs;
    private final Clock clock;
    private final Duration recentWindow;
    private final UiTicker ticker;
    private final ObservableList<SidebarEntry> items = FXCollections.observableArrayList();
    private final ListView<SidebarEntry> list = new ListView<>(items);
    private final ToggleButton recent = new ToggleButton("Recent");
    private final ChoiceBox<SidebarSort> sort = new ChoiceBox<>(FXCollections.observableArrayList(SidebarSort.values()));
    private final Set<CardCell> cells = Collections.newSetFromMap(new WeakHashMap<>());
    private final VBox root;
    private Runnable layoutChanged = () -> { };
    private boolean showing;
    private ScheduledFuture<?> ticking;
    /** When the scheduled tick is due; null when none is. */
    private Instant tickAt;

    public Sidebar(Tabs tabs, Clock clock, ZoneId zone, String home, UiTicker ticker, Duration recentWindow) {
        this.tabs = Objects.requireNonNull(tabs, "tabs");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.recentWindow = Objects.requireNonNull(recentWindow, "recentWindow");
        this.ticker = Objects.requireNonNull(ticker, "ticker");
        list.getStyleClass().add("sidebar-list");
        list.setFocusTraversable(false);
        list.setCellFactory(view -> {
            CardCell cell = new CardCell(clock::instant, zone, home, entry -> tabs.select(entry.panelId()));
            cells.add(cell);
            return cell;
        });
        list.setPlaceholder(new Label("No tabs changed in the last " + recentWindow.toMinutes() + " min"));
        sort.setValue(SidebarSort.LAST_UPDATED);
        sort.setConverter(new StringConverter<>() {
            @Override
            public String toString(SidebarSort s) {
                return s == null ? "" : s.label();
            }

            @Override
            public SidebarSort fromString(String label) {
                return SidebarSort.LAST_UPDATED;
            }
        });
        sort.setFocusTraversable(false);
        sort.setTooltip(new Tooltip("Order of the cards"));
        recent.setFocusTraversable(false);
        recent.setTooltip(new Tooltip("Only tabs whose state changed in the last " + recentWindow.toMinutes() + " min"));
        sort.valueProperty().addListener((obs, was, is) -> {
            refresh();
            layoutChanged.run();
        });
        recent.selectedProperty().addListener((obs, was, is) -> {
            refresh();
            layoutChanged.run();
        });
        Label heading = new Label("Tabs");
        heading.getStyleClass().add("sidebar-heading");
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox bar = new HBox(6, heading, gap, recent, sort);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("sidebar-bar");
        VBox.setVgrow(list, Priority.ALWAYS);
        root = new VBox(bar, list);
        root.getStyleClass().add("sidebar");
        root.setPrefWidth(WIDTH);
        root.setMinWidth(180);
    }

    public Node node() {
        return root;
    }

    /** Told whenever the user changes the sort or the filter, so it can be remembered. */
    public void setOnLayoutChanged(Runnable listener) {
        layoutChanged = Objects.requireNonNull(listener, "listener");
    }

    public Layout layout() {
        return new Layout(sort.getValue(), recent.isSelected());
    }

    public void setLayout(Layout layout) {
        sort.setValue(layout.sort());
        recent.setSelected(layout.recentOnly());
    }

    /** The terminal font, for the cards. */
    public void setFontFamily(String family) {
        root.setStyle(family == null || family.isBlank() ? "" : "-fx-font-family: \"" + family.replace("\"", "") + "\";");
    }

    /** Starts or stops the "updated …" ticks with the sidebar's showing. */
    public void setShowing(boolean shown) {
        if (shown && !showing) {
            showing = true;
            refresh();
        } else if (!shown && showing) {
            showing = false;
            cancelTick();
        }
    }

    /** Schedules the tick for the next moment a shown text or the Recent filter changes, unless one is due sooner. */
    private void scheduleTick() {
        if (!showing) {
            return;
        }
        Instant now = clock.instant();
        Instant next = SidebarTicks.next(items, recent.isSelected() ? tabs.entries() : List.of(), now, recentWindow)
                .orElse(null);
        if (next == null || (tickAt != null && !tickAt.isAfter(next))) {
            return;
        }
        cancelTick();
        tickAt = next;
        ticking = ticker.once(Duration.between(now, next), this::tick);
    }

    private void cancelTick() {
        if (ticking != null) {
            ticking.cancel(false);
            ticking = null;
        }
        tickAt = null;
    }

    /**
     * Brings the list up to date with the tabs and their cards: the same tabs in the same order only replace the
     * items whose card changed; otherwise the items are set anew, reusing the cells.
     */
    public void refresh() {
        List<SidebarEntry> ordered = SidebarOrder.order(tabs.entries(), sort.getValue(), recent.isSelected(),
                clock.instant(), recentWindow);
        if (sameTabs(ordered)) {
            for (int i = 0; i < ordered.size(); i++) {
                if (!ordered.get(i).equals(items.get(i))) {
                    items.set(i, ordered.get(i));
                }
            }
        } else {
            items.setAll(ordered);
        }
        scheduleTick();
    }

    private boolean sameTabs(List<SidebarEntry> ordered) {
        if (ordered.size() != items.size()) {
            return false;
        }
        for (int i = 0; i < ordered.size(); i++) {
            if (!ordered.get(i).panelId().equals(items.get(i).panelId())) {
                return false;
            }
        }
        return true;
    }

    private void tick() {
        ticking = null;
        tickAt = null;
        if (!showing) {
            return;
        }
        if (recent.isSelected()) {
            refresh();
        }
        Instant now = clock.instant();
        for (CardCell cell : new ArrayList<>(cells)) {
            cell.tick(now);
        }
        scheduleTick();
    }

    /** What the list shows now, top to bottom. */
    public List<SidebarEntry> shown() {
        return List.copyOf(items);
    }

    /** Every tab in the sidebar's order, the Recent filter left out ({@code holdfast ctl cards}). */
    public List<SidebarEntry> allInOrder() {
        return SidebarOrder.order(tabs.entries(), sort.getValue(), false, clock.instant(), recentWindow);
    }
}
