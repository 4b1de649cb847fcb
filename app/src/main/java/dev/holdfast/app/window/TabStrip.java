package dev.holdfast.app.window;

import dev.holdfast.app.tabs.TerminalTab;
import dev.holdfast.terminal.emulation.TerminalSession;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

/**
 * The window's tabs, in order: adding and removing them, selecting (the selected tab's terminal takes the
 * focus), moving them, and the title of the selected one. FX thread, except {@link #sessions}.
 */
final class TabStrip {
    private final TabPane tabPane = new TabPane();
    /** The sessions of the open tabs, republished on every change so that any thread may read them. */
    private volatile List<TerminalSession> sessions = List.of();
    /** Bumped when any tab's title changes, so the window title follows. */
    private final SimpleIntegerProperty titlesChanged = new SimpleIntegerProperty();

    TabStrip() {
        tabPane.setTabClosingPolicy(TabPane.TabClosingPolicy.ALL_TABS);
        tabPane.getTabs().addListener((ListChangeListener<Tab>) change ->
                sessions = tabs().stream().map(TerminalTab::session).toList());
        tabPane.setTabDragPolicy(TabPane.TabDragPolicy.REORDER);
        tabPane.setFocusTraversable(false);
        tabPane.getStyleClass().add("terminal-tabs");
        tabPane.getSelectionModel().selectedItemProperty().addListener((obs, old, tab) -> {
            if (tab != null) {
                Platform.runLater(() -> terminalTab(tab).view().requestFocus());
            }
        });
    }

    private static TerminalTab terminalTab(Tab tab) {
        return (TerminalTab) tab.getUserData();
    }

    TabPane tabPane() {
        return tabPane;
    }

    /** The open tabs' sessions; safe to read from any thread. */
    List<TerminalSession> sessions() {
        return sessions;
    }

    List<TerminalTab> tabs() {
        return tabPane.getTabs().stream().map(TabStrip::terminalTab).collect(Collectors.toList());
    }

    boolean isEmpty() {
        return tabPane.getTabs().isEmpty();
    }

    Optional<TerminalTab> selected() {
        return Optional.ofNullable(tabPane.getSelectionModel().getSelectedItem()).map(TabStrip::terminalTab);
    }

    int selectedIndex() {
        return tabPane.getSelectionModel().getSelectedIndex();
    }

    void select(TerminalTab tab) {
        tabPane.getSelectionModel().select(tab.tab());
    }

    /** Adds {@code tab} at {@code index} (clamped to the strip). */
    void insert(TerminalTab tab, int index) {
        followTitle(tab);
        tabPane.getTabs().add(Math.max(0, Math.min(index, tabPane.getTabs().size())), tab.tab());
    }

    /** Adds {@code added} after the open tabs, in one change. */
    void append(List<TerminalTab> added) {
        added.forEach(this::followTitle);
        tabPane.getTabs().addAll(added.stream().map(TerminalTab::tab).toList());
    }

    private void followTitle(TerminalTab tab) {
        tab.titleProperty().addListener((obs, old, t) -> titlesChanged.set(titlesChanged.get() + 1));
    }

    /** @return false when the tab was not in the strip (closed already) */
    boolean remove(TerminalTab tab) {
        return tabPane.getTabs().remove(tab.tab());
    }

    void clear() {
        tabPane.getTabs().clear();
    }

    /** Selects the tab {@code delta} places away, wrapping around. */
    void selectRelative(int delta) {
        int count = tabPane.getTabs().size();
        if (count == 0) {
            return;
        }
        tabPane.getSelectionModel().select(Math.floorMod(selectedIndex() + delta, count));
    }

    /** Moves the selected tab {@code delta} places, not past either end. */
    void moveSelected(int delta) {
        Tab tab = tabPane.getSelectionModel().getSelectedItem();
        if (tab == null) {
            return;
        }
        int from = tabPane.getTabs().indexOf(tab);
        int to = from + delta;
        if (to < 0 || to >= tabPane.getTabs().size()) {
            return;
        }
        // Removing the selected tab would close its content's focus; reinsert and reselect at once.
        tabPane.getTabs().remove(from);
        tabPane.getTabs().add(to, tab);
        tabPane.getSelectionModel().select(tab);
    }

    /** "title of the selected tab — app", or the app's name alone. */
    ObservableValue<String> windowTitle(String appName) {
        return Bindings.createStringBinding(() -> selected()
                .map(tab -> tab.titleProperty().get() + " — " + appName)
                .orElse(appName), tabPane.getSelectionModel().selectedItemProperty(), titlesChanged);
    }
}
