package dev.holdfast.app.window;

import dev.holdfast.app.autosave.TabState;
import dev.holdfast.app.autosave.WindowState;
import dev.holdfast.app.settings.Settings;
import dev.holdfast.app.tabs.TabMenu;
import dev.holdfast.app.tabs.TerminalTab;
import dev.holdfast.app.view.FontMeasures;
import dev.holdfast.app.view.LinkOpener;
import dev.holdfast.app.view.Palette;
import dev.holdfast.app.view.PrimarySelection;
import dev.holdfast.app.view.RenderThread;
import dev.holdfast.app.view.TerminalView;
import dev.holdfast.app.view.UiTicker;
import dev.holdfast.checkpoint.session.WindowFrame;
import dev.holdfast.terminal.emulation.SessionSpec;
import dev.holdfast.terminal.emulation.TerminalSession;
import dev.holdfast.terminal.pty.ProcessInspector;
import dev.holdfast.terminal.pty.ShellCommand;
import dev.holdfast.terminal.shell.ShellIntegration;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TabPane;
import javafx.scene.image.Image;
import javafx.scene.input.KeyEvent;
import javafx.scene.text.Font;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Holdfast window, composed of its parts: the {@link TabStrip} of terminals, the {@link WindowLayout} around
 * it (notices, corner buttons, the sidebar's place), {@link CloseRequests} (closing a tab or the window while
 * a command runs asks first), {@link ShortcutDispatch} (the app's keyboard shortcuts) and {@link WindowSettings}
 * (the settings every tab is shown with). Titled after the selected tab; closing the last tab closes the window.
 */
public final class MainWindow {
    private static final Logger LOG = LoggerFactory.getLogger(MainWindow.class);
    public static final String APP_NAME = "Holdfast";

    private final Stage stage;
    private final TabStrip tabs = new TabStrip();
    private final ProcessInspector inspector;
    private final Executor background;
    private final Map<String, String> environment;
    private final Clock clock;
    private final Runnable onClosed;
    private final boolean mac;
    private final WindowCloseHook closeHook;
    private final NoticeBar notices = new NoticeBar();
    private final WindowLayout layout;
    private final CloseRequests closeRequests;
    private final WindowSettings look;
    /** Cursor blinks of this window's tabs; stopped when the window closes. */
    private final UiTicker ticker = new UiTicker("holdfast-ui-ticks");
    private final TerminalView.Services viewServices;
    private final TabMenu tabMenu = new TabMenu();
    private final TerminalMenu terminalMenu;
    private Runnable openSettings = () -> { };
    private Runnable toggleSidebar = () -> { };
    /** The installed integration scripts; new tabs load them while the shellIntegration setting is on. */
    private ShellIntegration shellIntegration = ShellIntegration.OFF;
    private Instant lastKeystrokeAt;
    private Consumer<TerminalTab> onTabGone = tab -> { };
    private Function<TerminalTab, CompletableFuture<?>> onScrollbackCleared =
            tab -> CompletableFuture.completedFuture(null);
    private final List<TabListener> tabListeners = new ArrayList<>();
    /**
     * Each open tab's session by its panel id: written on the FX thread as tabs open and close, read from any
     * thread, so that finding a tab's terminal (a {@code ctl read}) need not wait for the FX thread, which a restore
     * or a flood can hold up for a second.
     */
    private final Map<UUID, TerminalSession> sessionsById = new ConcurrentHashMap<>();
    private Consumer<TerminalTab> toggleConversation = tab -> { };
    private final ReadOnlyObjectWrapper<TerminalView.Look> currentLook = new ReadOnlyObjectWrapper<>(this, "look");
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
        this.look = new WindowSettings(settings, palette, Font::getFamilies);
        this.currentLook.set(look.look());
        this.inspector = inspector;
        this.background = background;
        this.environment = Map.copyOf(environment);
        this.clock = clock;
        this.closeHook = closeHook;
        this.onClosed = onClosed;
        this.mac = mac;
        this.viewServices = new TerminalView.Services(background, ticker, LinkOpener.platform(background),
                primarySelection, new FontMeasures(), RenderThread.forThisPipeline());
        this.terminalMenu = new TerminalMenu(mac, url -> viewServices.links().open(url), this::clearScrollback,
                this::reset);
        this.closeRequests = new CloseRequests(background, Platform::runLater, confirmation, stage);
        this.layout = new WindowLayout(notices, tabs.tabPane(), mac, this::newTabFromCurrent, () -> openSettings.run());
        ShortcutDispatch shortcuts = new ShortcutDispatch(mac, shortcutActions());

        Scene scene = new Scene(layout.root(), 960, 600);
        scene.getStylesheets().add(stylesheet());
        layout.applyChrome(palette);
        // Typing-quiet for checkpoints: any key in this window counts, shortcuts included.
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> lastKeystrokeAt = clock.instant());
        scene.addEventFilter(KeyEvent.KEY_PRESSED, shortcuts::keyPressed);
        stage.setScene(scene);
        // Decoded off the FX thread (four PNGs up to 256 px, then converted: tens of milliseconds of a launch's
        // start), and given to the window when ready; the window manager shows them from then on.
        background.execute(() -> {
            List<Image> icons = windowIcons();
            Platform.runLater(() -> stage.getIcons().setAll(icons));
        });
        stage.titleProperty().bind(tabs.windowTitle(APP_NAME));
        stage.setOnCloseRequest(e -> {
            e.consume();
            requestCloseWindow();
        });
    }

    /** Holdfast's icon in the sizes window managers and docks ask for. Any thread. */
    static List<Image> windowIcons() {
        List<Image> icons = new ArrayList<>();
        for (int size : new int[] {32, 64, 128, 256}) {
            var icon = MainWindow.class.getResource("/dev/holdfast/app/icons/holdfast-" + size + ".png");
            if (icon != null) {
                icons.add(new Image(icon.toExternalForm()));
            }
        }
        return icons;
    }

    /** The window's stylesheet, as its scene names it. */
    static String stylesheet() {
        return MainWindow.class.getResource("/dev/holdfast/app/holdfast.css").toExternalForm();
    }

    private Map<Shortcut, Runnable> shortcutActions() {
        Map<Shortcut, Runnable> actions = new EnumMap<>(Shortcut.class);
        actions.put(Shortcut.NEW_TAB, this::newTabFromCurrent);
        actions.put(Shortcut.CLOSE_TAB, () -> selectedTab().ifPresent(this::requestCloseTab));
        actions.put(Shortcut.COPY, () -> selectedTab().ifPresent(t -> t.view().copySelection()));
        actions.put(Shortcut.PASTE, () -> selectedTab().ifPresent(t -> t.view().pasteClipboard()));
        actions.put(Shortcut.SELECT_ALL, () -> selectedTab().ifPresent(t -> t.view().selectAll()));
        actions.put(Shortcut.FIND, () -> selectedTab().ifPresent(t -> t.findBar().show()));
        actions.put(Shortcut.SETTINGS, () -> openSettings.run());
        actions.put(Shortcut.NEXT_TAB, () -> tabs.selectRelative(1));
        actions.put(Shortcut.PREVIOUS_TAB, () -> tabs.selectRelative(-1));
        actions.put(Shortcut.MOVE_TAB_LEFT, () -> tabs.moveSelected(-1));
        actions.put(Shortcut.MOVE_TAB_RIGHT, () -> tabs.moveSelected(1));
        actions.put(Shortcut.ZOOM_IN, () -> zoom(() -> look.zoomBy(1)));
        actions.put(Shortcut.ZOOM_OUT, () -> zoom(() -> look.zoomBy(-1)));
        actions.put(Shortcut.ZOOM_RESET, () -> zoom(look::resetZoom));
        actions.put(Shortcut.QUIT, this::requestCloseWindow);
        actions.put(Shortcut.TOGGLE_SIDEBAR, () -> toggleSidebar.run());
        actions.put(Shortcut.PREVIOUS_PROMPT, () -> selectedTab().ifPresent(t -> t.view().jumpToPrompt(-1)));
        actions.put(Shortcut.NEXT_PROMPT, () -> selectedTab().ifPresent(t -> t.view().jumpToPrompt(1)));
        actions.put(Shortcut.CONVERSATION, () -> selectedTab().ifPresent(t -> toggleConversation.accept(t)));
        actions.put(Shortcut.CLEAR_SCROLLBACK, () -> selectedTab().ifPresent(this::clearScrollback));
        return actions;
    }

    public Stage stage() {
        return stage;
    }

    public TabPane tabPane() {
        return tabs.tabPane();
    }

    /** The open tabs' sessions; safe to read from any thread. */
    public List<TerminalSession> sessions() {
        return tabs.sessions();
    }

    /** The session of the open tab {@code panelId}, if there is one. Any thread. */
    public Optional<TerminalSession> session(UUID panelId) {
        return Optional.ofNullable(sessionsById.get(panelId));
    }

    public List<TerminalTab> tabs() {
        return tabs.tabs();
    }

    public Optional<TerminalTab> selectedTab() {
        return tabs.selected();
    }

    /** Opens a tab running the login shell in {@code directory}, selects it and starts the shell. */
    public TerminalTab openTab(Path directory) {
        TerminalTab tab = addTab(UUID.randomUUID(), directory, tabs.selectedIndex() + 1);
        tabs.select(tab);
        background.execute(tab.session()::start);
        LOG.info("Opened tab {} in {}", tab.panelId(), directory);
        return tab;
    }

    /**
     * Adds a tab whose shell is not started yet, at {@code index}: a restored tab first gets its saved
     * scrollback replayed, then its shell.
     */
    public TerminalTab addTab(UUID panelId, Path directory, int index) {
        TerminalTab tab = newTab(panelId, directory);
        tabs.insert(tab, index);
        announceOpened(List.of(tab));
        return tab;
    }

    /** A tab to add: its restart-stable id and the directory its shell starts in. */
    public record TabPlace(UUID panelId, Path directory) {
    }

    /**
     * Adds tabs whose shells are not started yet after the open ones, in one change of the tab strip: the tab
     * pane rebuilds its overflow menu of every tab on each change, so adding twenty one by one cost it twenty
     * rebuilds of up to twenty items.
     */
    public List<TerminalTab> addTabs(List<TabPlace> places) {
        List<TerminalTab> added = new ArrayList<>(places.size());
        for (TabPlace place : places) {
            added.add(newTab(place.panelId(), place.directory()));
        }
        tabs.append(added);
        announceOpened(added);
        return added;
    }

    private void announceOpened(List<TerminalTab> opened) {
        opened.forEach(tab -> sessionsById.put(tab.panelId(), tab.session()));
        for (TabListener listener : List.copyOf(tabListeners)) {
            opened.forEach(listener::opened);
        }
    }

    private TerminalTab newTab(UUID panelId, Path directory) {
        SessionSpec spec = new SessionSpec(panelId, directory, ShellCommand.loginShell(environment), environment,
                80, 24, look.settings().historyLines(),
                look.settings().shellIntegration() ? shellIntegration : ShellIntegration.OFF,
                look.settings().emulatorParser());
        TerminalTab tab = new TerminalTab(events -> new TerminalSession(spec, events, inspector, clock),
                look.look(), viewServices, this::closeTab);
        tab.persistScrollbackProperty().addListener((obs, was, keep) -> {
            if (!keep) {
                onTabGone.accept(tab);
            }
        });
        tab.tab().setOnCloseRequest(e -> {
            e.consume();
            requestCloseTab(tab);
        });
        tabMenu.attach(tab);
        terminalMenu.attach(tab);
        return tab;
    }

    /** Shows one-line notices above the tabs (what a restore skipped, why saving is off). */
    public void showNotices(List<String> lines) {
        notices.show(lines);
    }

    /**
     * Shows a notice that stays until {@link #clearNotice} with the same key (a save that fails until it works
     * again); showing it again replaces it rather than repeating it.
     */
    public void showNotice(String key, String line) {
        notices.show(key, line);
    }

    /** Takes a keyed notice away (what it reported is fixed). */
    public void clearNotice(String key) {
        notices.clear(key);
    }

    public String noticeText() {
        return notices.message();
    }

    /** Shows {@code sidebar} on the window's left, beside the tabs. */
    public void showSidebar(Node sidebar) {
        layout.showSidebar(sidebar);
    }

    public void hideSidebar() {
        layout.hideSidebar();
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
        return new WindowState(frame, states, Math.max(0, tabs.selectedIndex()));
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
        closeRequests.closeTab(tab, () -> closeTab(tab));
    }

    /** Closes a tab without asking. The last tab closes the window. */
    public void closeTab(TerminalTab tab) {
        if (!tabs.remove(tab)) {
            return;
        }
        tellClosed(tab);
        tab.view().dispose();
        background.execute(tab.session()::close);
        onTabGone.accept(tab);
        LOG.info("Closed tab {}", tab.panelId());
        if (tabs.isEmpty()) {
            closeWindow();
        }
    }

    /** Closes the window, asking first when commands run in any tab. */
    public void requestCloseWindow() {
        closeRequests.closeWindow(tabs(), this::closeWindow);
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
            tellClosed(tab);
            tab.view().dispose();
        }
        stage.hide();
        ticker.close();
        saved.whenComplete((ok, error) -> {
            for (TerminalTab tab : open) {
                background.execute(tab.session()::close);
            }
            Platform.runLater(() -> {
                tabs.clear();
                onClosed.run();
            });
        });
    }

    private void tellClosed(TerminalTab tab) {
        sessionsById.remove(tab.panelId(), tab.session());
        for (TabListener listener : List.copyOf(tabListeners)) {
            listener.closed(tab);
        }
    }

    /** Told of every tab opened from now on and of every tab closed; the tabs open now are not replayed. */
    public void addTabListener(TabListener listener) {
        tabListeners.add(listener);
    }

    /** What the conversation shortcut does to the selected tab. */
    public void setToggleConversation(Consumer<TerminalTab> action) {
        toggleConversation = action;
    }

    /** How the window's terminals look now (palette, font, zoom): side panels follow it. */
    public ReadOnlyObjectProperty<TerminalView.Look> lookProperty() {
        return currentLook.getReadOnlyProperty();
    }

    /** Whether the window follows macOS's shortcuts (Cmd) rather than Linux's (Ctrl+Shift). */
    public boolean isMac() {
        return mac;
    }

    public boolean isClosing() {
        return closing;
    }

    /** Sets the font size for this session (zoom); every tab follows. */
    public void setFontSize(double points) {
        zoom(() -> look.zoomTo(points));
    }

    private void zoom(Runnable change) {
        change.run();
        for (TerminalTab tab : tabs()) {
            tab.view().setFont(look.fontFamily(), look.fontSize());
        }
        currentLook.set(look.look());
    }

    /** Applies changed settings to every tab at once (scrollback size: new tabs). FX thread. */
    public void applySettings(Settings newSettings, Palette newPalette) {
        look.apply(newSettings, newPalette);
        layout.applyChrome(newPalette);
        TerminalView.Look now = look.look();
        for (TerminalTab tab : tabs()) {
            tab.view().apply(now);
        }
        currentLook.set(now);
    }

    /** When a key was last pressed in this window (null: not yet). */
    public Instant lastKeystrokeAt() {
        return lastKeystrokeAt;
    }

    /**
     * Told (FX thread) when a tab's scrollback was cleared and is gone from its model, so that what is on disk of it
     * goes too (a checkpoint); the future it returns ends when that is done.
     */
    public void setOnScrollbackCleared(Function<TerminalTab, CompletableFuture<?>> listener) {
        onScrollbackCleared = Objects.requireNonNull(listener, "listener");
    }

    /**
     * Empties {@code tab}'s scrollback (the screen stays), then has what is on disk of it rewritten: a cleared
     * history must not come back with the next restore. FX thread.
     *
     * @return completes on the FX thread once the history is gone from the model and from disk (or the checkpoint
     *     that was to remove it could not run, as the notice bar then says)
     */
    public CompletableFuture<Void> clearScrollback(TerminalTab tab) {
        return edit(tab, TerminalSession::clearScrollback, true);
    }

    /**
     * Resets {@code tab}'s terminal ({@link dev.holdfast.terminal.emulation.TerminalSession#reset(boolean)}): what
     * its screen showed goes into the scrollback, or with {@code clearScrollback} the scrollback goes too, from disk
     * as well, as {@link #clearScrollback(TerminalTab)} does. FX thread.
     *
     * @return completes on the FX thread once the model is reset (and, clearing, the history gone from disk)
     */
    public CompletableFuture<Void> reset(TerminalTab tab, boolean clearScrollback) {
        return edit(tab, session -> session.reset(clearScrollback), clearScrollback);
    }

    /**
     * Runs {@code edit} of {@code tab}'s model from the live screen with nothing selected (lines may go), then, when
     * it emptied the history, has what is on disk of it rewritten. Completes on the FX thread.
     */
    private CompletableFuture<Void> edit(TerminalTab tab, Function<TerminalSession, CompletableFuture<Void>> edit,
                                         boolean historyGone) {
        tab.view().clearSelection();
        tab.view().scrollTo(0);
        return edit.apply(tab.session())
                .thenComposeAsync(done -> historyGone ? onScrollbackCleared.apply(tab)
                        : CompletableFuture.completedFuture(null), Platform::runLater)
                .thenApply(written -> null);
    }

    /** Told (FX thread) when a tab closes or stops keeping its scrollback, so its checkpoint can go. */
    public void setOnScrollbackGone(Consumer<TerminalTab> listener) {
        onTabGone = listener;
    }

    public Settings settings() {
        return look.settings();
    }

    public String fontFamily() {
        return look.fontFamily();
    }

    /** What the settings button and shortcut open. */
    /** Where new tabs find the shell integration scripts. FX thread, before tabs open. */
    public void setShellIntegration(ShellIntegration installed) {
        this.shellIntegration = installed;
    }

    /** What the sidebar shortcut does. */
    public void setToggleSidebar(Runnable action) {
        toggleSidebar = action;
    }

    /** What the settings button and shortcut open. */
    public void setOpenSettings(Runnable action) {
        openSettings = action;
    }

    public double fontSize() {
        return look.fontSize();
    }
}
