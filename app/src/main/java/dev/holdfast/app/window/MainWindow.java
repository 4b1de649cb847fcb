package dev.holdfast.app.window;

import dev.holdfast.app.autosave.TabState;
import dev.holdfast.app.autosave.WindowState;
import dev.holdfast.app.settings.Settings;
import dev.holdfast.app.tabs.TerminalTab;
import dev.holdfast.app.view.LinkOpener;
import dev.holdfast.app.view.Palette;
import dev.holdfast.app.view.PrimarySelection;
import dev.holdfast.app.view.UiTicker;
import dev.holdfast.checkpoint.session.WindowFrame;
import dev.holdfast.terminal.emulation.SessionSpec;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.pty.ProcessInspector;
import dev.holdfast.terminal.pty.ProcessSnapshot;
import dev.holdfast.terminal.pty.ShellCommand;
import dev.holdfast.terminal.shell.ShellIntegration;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.Tooltip;
import javafx.scene.image.Image;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Holdfast window: a tab bar of terminals. Titled after the selected tab. Closing a tab or the window
 * while a command runs asks first; closing the last tab closes the window.
 */
public final class MainWindow {
    private static final Logger LOG = LoggerFactory.getLogger(MainWindow.class);
    public static final String APP_NAME = "Holdfast";

    private final Stage stage;
    private final TabPane tabPane = new TabPane();
    private final ProcessInspector inspector;
    private final Executor background;
    private final CloseConfirmation confirmation;
    private final Map<String, String> environment;
    private final Clock clock;
    private final boolean mac;
    private final Runnable onClosed;
    private final WindowCloseHook closeHook;
    private final NoticeBar notices = new NoticeBar();
    /** The sessions of the open tabs, republished on every change so that any thread may read them. */
    private volatile List<TerminalSession> sessions = List.of();
    /** Cursor blinks of this window's tabs; stopped when the window closes. */
    private final UiTicker ticker = new UiTicker("holdfast-ui-ticks");
    private Settings settings;
    private Palette palette;
    private String fontFamily;
    private double fontSize;
    private Runnable openSettings = () -> { };
    /** The installed integration scripts; new tabs load them while the shellIntegration setting is on. */
    private ShellIntegration shellIntegration = ShellIntegration.OFF;
    private Region root;
    private Instant lastKeystrokeAt;
    private Consumer<TerminalTab> onTabGone = tab -> { };
    private final LinkOpener linkOpener;
    private final PrimarySelection primarySelection;
    private boolean closing;

    /**
     * @param background runs process inspection and session shutdown, which may block briefly
     * @param onClosed called on the FX thread once the window has closed and its sessions are ending
     */
    public MainWindow(Stage stage, Settings settings, Palette palette, ProcessInspector inspector, Executor background,
                      CloseConfirmation confirmation, Map<String, String> environment, Clock clock, boolean mac,
                      WindowCloseHook closeHook, PrimarySelection primarySelection,
                      Runnable onClosed) {
        this.stage = stage;
        this.settings = settings;
        this.fontFamily = settings.effectiveFontFamily(Font.getFamilies());
        this.fontSize = settings.fontSizePoints();
        this.palette = palette;
        this.inspector = inspector;
        this.background = background;
        this.confirmation = confirmation;
        this.environment = Map.copyOf(environment);
        this.clock = clock;
        this.mac = mac;
        this.closeHook = closeHook;
        this.linkOpener = LinkOpener.platform(background);
        this.primarySelection = primarySelection;
        this.onClosed = onClosed;

        tabPane.setTabClosingPolicy(TabPane.TabClosingPolicy.ALL_TABS);
        tabPane.getTabs().addListener((javafx.collections.ListChangeListener<Tab>) change ->
                sessions = tabs().stream().map(TerminalTab::session).toList());
        tabPane.setTabDragPolicy(TabPane.TabDragPolicy.REORDER);
        tabPane.setFocusTraversable(false);
        tabPane.getStyleClass().add("terminal-tabs");
        Button newTab = new Button("+");
        newTab.getStyleClass().add("new-tab-button");
        newTab.setFocusTraversable(false);
        newTab.setTooltip(new Tooltip(mac ? "New tab (⌘T)" : "New tab (Ctrl+Shift+T)"));
        newTab.setOnAction(e -> newTabFromCurrent());
        Button settingsButton = new Button("⚙");
        settingsButton.getStyleClass().add("new-tab-button");
        settingsButton.setFocusTraversable(false);
        settingsButton.setTooltip(new Tooltip(mac ? "Settings (⌘,)" : "Settings (Ctrl+Shift+,)"));
        settingsButton.setOnAction(e -> openSettings.run());
        HBox corner = new HBox(settingsButton, newTab);
        corner.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        StackPane tabsArea = new StackPane(tabPane, corner);
        StackPane.setAlignment(corner, Pos.TOP_RIGHT);
        VBox.setVgrow(tabsArea, Priority.ALWAYS);
        VBox root = new VBox(notices, tabsArea);
        root.getStyleClass().add("holdfast-root");
        this.root = root;
        applyChrome(palette);

        Scene scene = new Scene(root, 960, 600);
        scene.getStylesheets().add(MainWindow.class.getResource("/dev/holdfast/app/holdfast.css").toExternalForm());
        // Typing-quiet for checkpoints: any key in this window counts, shortcuts included.
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> lastKeystrokeAt = clock.instant());
        scene.addEventFilter(KeyEvent.KEY_PRESSED, this::onShortcut);
        stage.setScene(scene);
        for (int size : new int[] {32, 64, 128, 256}) {
            var icon = MainWindow.class.getResource("/dev/holdfast/app/icons/holdfast-" + size + ".png");
            if (icon != null) {
                stage.getIcons().add(new Image(icon.toExternalForm()));
            }
        }
        stage.titleProperty().bind(windowTitle());
        stage.setOnCloseRequest(e -> {
            e.consume();
            requestCloseWindow();
        });
        tabPane.getSelectionModel().selectedItemProperty().addListener((obs, old, tab) -> {
            if (tab != null) {
                Platform.runLater(() -> terminalTab(tab).view().requestFocus());
            }
        });
    }

    private ObservableValue<String> windowTitle() {
        return Bindings.createStringBinding(() -> {
            Tab selected = tabPane.getSelectionModel().getSelectedItem();
            return selected == null ? APP_NAME : terminalTab(selected).titleProperty().get() + " — " + APP_NAME;
        }, tabPane.getSelectionModel().selectedItemProperty(), tabTitlesChanged);
    }

    private final SimpleIntegerProperty tabTitlesChanged = new SimpleIntegerProperty();

    private static TerminalTab terminalTab(Tab tab) {
        return (TerminalTab) tab.getUserData();
    }

    public Stage stage() {
        return stage;
    }

    public TabPane tabPane() {
        return tabPane;
    }

    /** The open tabs' sessions; safe to read from any thread. */
    public List<TerminalSession> sessions() {
        return sessions;
    }

    public List<TerminalTab> tabs() {
        return tabPane.getTabs().stream().map(MainWindow::terminalTab).collect(Collectors.toList());
    }

    public Optional<TerminalTab> selectedTab() {
        return Optional.ofNullable(tabPane.getSelectionModel().getSelectedItem()).map(MainWindow::terminalTab);
    }

    /** Opens a tab running the login shell in {@code directory}, selects it and starts the shell. */
    public TerminalTab openTab(Path directory) {
        TerminalTab tab = addTab(UUID.randomUUID(), directory, tabPane.getSelectionModel().getSelectedIndex() + 1);
        tabPane.getSelectionModel().select(tab.tab());
        background.execute(tab.session()::start);
        LOG.info("Opened tab {} in {}", tab.panelId(), directory);
        return tab;
    }

    /**
     * Adds a tab whose shell is not started yet, at {@code index}: a restored tab first gets its saved
     * scrollback replayed, then its shell.
     */
    public TerminalTab addTab(UUID panelId, Path directory, int index) {
        SessionSpec spec = new SessionSpec(panelId, directory, ShellCommand.loginShell(environment), environment,
                80, 24, settings.historyLines(), settings.shellIntegration() ? shellIntegration : ShellIntegration.OFF);
        TerminalTab tab = new TerminalTab(events -> new TerminalSession(spec, events, inspector, clock),
                palette, fontFamily, fontSize, background, ticker, this::closeTab);
        tab.view().setCursorBlink(settings.cursorBlink());
        tab.view().setLinkOpener(linkOpener);
        tab.persistScrollbackProperty().addListener((obs, was, keep) -> {
            if (!keep) {
                onTabGone.accept(tab);
            }
        });
        tab.view().setPrimarySelection(primarySelection);
        tab.titleProperty().addListener((obs, old, t) -> tabTitlesChanged.set(tabTitlesChanged.get() + 1));
        tab.tab().setOnCloseRequest(e -> {
            e.consume();
            requestCloseTab(tab);
        });
        tabPane.getTabs().add(Math.max(0, Math.min(index, tabPane.getTabs().size())), tab.tab());
        return tab;
    }

    /** Shows one-line notices above the tabs (what a restore skipped, why saving is off). */
    public void showNotices(List<String> lines) {
        notices.show(lines);
    }

    public String noticeText() {
        return notices.message();
    }

    /** The window and its tabs as the session saver needs them. FX thread; cheap. */
    public WindowState windowState() {
        WindowFrame frame = new WindowFrame(stage.getX(), stage.getY(), Math.max(1, stage.getWidth()),
                Math.max(1, stage.getHeight()), stage.isMaximized());
        List<TabState> states = new ArrayList<>();
        for (TerminalTab tab : tabs()) {
            states.add(new TabState(tab.panelId(), tab.customTitle(), tab.programTitle(), tab.session(),
                    tab.persistScrollbackProperty().get()));
        }
        return new WindowState(frame, states, Math.max(0, tabPane.getSelectionModel().getSelectedIndex()));
    }

    /** A new tab in the selected tab's current directory (home when it cannot be read). */
    public void newTabFromCurrent() {
        Optional<TerminalTab> current = selectedTab();
        Path home = Path.of(environment.getOrDefault("HOME", System.getProperty("user.home")));
        if (current.isEmpty()) {
            openTab(home);
            return;
        }
        TerminalTab tab = current.get();
        background.execute(() -> {
            Path cwd = tab.session().currentDirectory().orElse(home);
            Platform.runLater(() -> openTab(cwd));
        });
    }

    /** Closes a tab, asking first when a command runs in it. */
    public void requestCloseTab(TerminalTab tab) {
        background.execute(() -> {
            ProcessSnapshot snapshot = tab.session().inspectProcess();
            Platform.runLater(() -> {
                if (snapshot.runsCommand()) {
                    confirmation.ask(stage, "Close this tab?",
                            "“" + snapshot.foregroundCommand().get() + "” is still running in it. Closing the tab ends it.",
                            () -> closeTab(tab));
                } else {
                    closeTab(tab);
                }
            });
        });
    }

    /** Closes a tab without asking. The last tab closes the window. */
    public void closeTab(TerminalTab tab) {
        if (!tabPane.getTabs().remove(tab.tab())) {
            return;
        }
        tab.view().dispose();
        background.execute(tab.session()::close);
        onTabGone.accept(tab);
        LOG.info("Closed tab {}", tab.panelId());
        if (tabPane.getTabs().isEmpty()) {
            closeWindow();
        }
    }

    /** Closes the window, asking first when commands run in any tab. */
    public void requestCloseWindow() {
        List<TerminalTab> open = tabs();
        background.execute(() -> {
            List<String> running = new ArrayList<>();
            for (TerminalTab tab : open) {
                tab.session().inspectProcess().foregroundCommand().ifPresent(running::add);
            }
            Platform.runLater(() -> {
                if (running.isEmpty()) {
                    closeWindow();
                } else {
                    String list = running.stream().map(c -> "“" + c + "”").collect(Collectors.joining(", "));
                    confirmation.ask(stage, "Close Holdfast?",
                            list + (running.size() == 1 ? " is" : " are") + " still running. Closing the window ends "
                                    + (running.size() == 1 ? "it." : "them."),
                            this::closeWindow);
                }
            });
        });
    }

    /**
     * Closes the window and every session in it, without asking. The close hook (the clean-quit save) runs
     * first, while the shells still exist; the sessions end when it is done.
     */
    public void closeWindow() {
        if (closing) {
            return;
        }
        closing = true;
        CompletableFuture<Void> saved;
        try {
            saved = closeHook.windowClosing(this);
        } catch (RuntimeException e) {
            LOG.error("Close hook failed; closing anyway", e);
            saved = CompletableFuture.completedFuture(null);
        }
        List<TerminalTab> open = tabs();
        for (TerminalTab tab : open) {
            tab.view().dispose();
        }
        stage.hide();
        ticker.close();
        saved.whenComplete((ok, error) -> {
            for (TerminalTab tab : open) {
                background.execute(tab.session()::close);
            }
            Platform.runLater(() -> {
                tabPane.getTabs().clear();
                onClosed.run();
            });
        });
    }

    public boolean isClosing() {
        return closing;
    }

    private void onShortcut(KeyEvent e) {
        Shortcut shortcut = Shortcut.match(e, mac);
        if (shortcut == null) {
            return;
        }
        e.consume();
        Optional<TerminalTab> current = selectedTab();
        switch (shortcut) {
            case NEW_TAB -> newTabFromCurrent();
            case CLOSE_TAB -> current.ifPresent(this::requestCloseTab);
            case COPY -> current.ifPresent(t -> t.view().copySelection());
            case PASTE -> current.ifPresent(t -> t.view().pasteClipboard());
            case SELECT_ALL -> current.ifPresent(t -> t.view().selectAll());
            case FIND -> current.ifPresent(t -> t.findBar().show());
            case SETTINGS -> openSettings.run();
            case NEXT_TAB -> selectRelative(1);
            case PREVIOUS_TAB -> selectRelative(-1);
            case MOVE_TAB_LEFT -> moveSelected(-1);
            case MOVE_TAB_RIGHT -> moveSelected(1);
            case ZOOM_IN -> setFontSize(fontSize + 1);
            case ZOOM_OUT -> setFontSize(fontSize - 1);
            case ZOOM_RESET -> setFontSize(settings.fontSizePoints());
            case QUIT -> requestCloseWindow();
        }
    }

    private void selectRelative(int delta) {
        int count = tabPane.getTabs().size();
        if (count == 0) {
            return;
        }
        int index = tabPane.getSelectionModel().getSelectedIndex();
        tabPane.getSelectionModel().select(Math.floorMod(index + delta, count));
    }

    private void moveSelected(int delta) {
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

    public void setFontSize(double points) {
        fontSize = Settings.clampFontSize(points);
        for (TerminalTab tab : tabs()) {
            tab.view().setFont(fontFamily, fontSize);
        }
    }

    /** Applies changed settings to every tab at once (scrollback size: new tabs). FX thread. */
    public void applySettings(Settings newSettings, Palette newPalette) {
        boolean fontChanged = !newSettings.fontFamily().equals(settings.fontFamily())
                || newSettings.fontSizePoints() != settings.fontSizePoints();
        settings = newSettings;
        palette = newPalette;
        fontFamily = newSettings.effectiveFontFamily(Font.getFamilies());
        if (fontChanged) {
            fontSize = newSettings.fontSizePoints();
        }
        applyChrome(newPalette);
        for (TerminalTab tab : tabs()) {
            tab.view().setPalette(newPalette);
            tab.view().setCursorBlink(newSettings.cursorBlink());
            tab.view().setFont(fontFamily, fontSize);
        }
    }

    /** The tab bar and bars follow the terminal's theme, so a light terminal does not sit in dark chrome. */
    private void applyChrome(Palette p) {
        if (root == null) {
            return;
        }
        root.getStyleClass().remove("light");
        if (!p.isDark()) {
            root.getStyleClass().add("light");
        }
    }

    /** When a key was last pressed in this window (null: not yet). */
    public Instant lastKeystrokeAt() {
        return lastKeystrokeAt;
    }

    /** Told (FX thread) when a tab closes or stops keeping its scrollback, so its checkpoint can go. */
    public void setOnScrollbackGone(Consumer<TerminalTab> listener) {
        onTabGone = listener;
    }

    public Settings settings() {
        return settings;
    }

    public String fontFamily() {
        return fontFamily;
    }

    /** Where new tabs find the shell integration scripts. FX thread, before tabs open. */
    public void setShellIntegration(ShellIntegration installed) {
        this.shellIntegration = installed;
    }

    /** What the settings button and shortcut open. */
    public void setOpenSettings(Runnable action) {
        openSettings = action;
    }

    public double fontSize() {
        return fontSize;
    }
}
