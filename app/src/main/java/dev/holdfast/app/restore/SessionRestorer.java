package dev.holdfast.app.restore;

import dev.holdfast.app.tabs.TerminalTab;
import dev.holdfast.app.window.MainWindow;
import dev.holdfast.checkpoint.session.PanelSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshot;
import dev.holdfast.terminal.replay.InertReplay;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import dev.holdfast.app.view.TerminalView;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.geometry.Rectangle2D;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings a saved session back into a window: the tabs in order with their ids, titles and directories, the
 * selected tab, the window's place on screen. On the FX thread it only builds the tabs; each tab's saved
 * scrollback is then replayed inertly into its model, off the FX thread and the selected tab first, before its
 * shell starts ({@link RestoreReplays}), so twenty 4,000-line replays never stall the UI. Owns the replay
 * thread: {@link #close()} stops it.
 */
public final class SessionRestorer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SessionRestorer.class);

    private final RestoreReplays replays;
    private final Path home;
    private final java.util.function.Function<PanelSnapshot, String> separatorLabel;

    /**
     * @param background where the restored tabs' shells are started
     * @param separatorLabel the text of a tab's "── restored … ──" line
     */
    public SessionRestorer(InertReplay replay, Executor background, Path home,
                           java.util.function.Function<PanelSnapshot, String> separatorLabel) {
        this.replays = new RestoreReplays(replay, background);
        this.home = home;
        this.separatorLabel = separatorLabel;
    }

    public SessionRestorer(InertReplay replay, Executor background, Path home) {
        this(replay, background, home, panel -> replay.restoredNow());
    }

    /** FX thread. Returns false when the snapshot has no tabs (the caller opens a fresh one). */
    public boolean restore(MainWindow window, SessionSnapshot snapshot, List<Rectangle2D> screens) {
        place(window.stage(), snapshot, screens);
        List<PanelSnapshot> panels = snapshot.panels();
        List<Runnable> queue = new ArrayList<>(panels.size());
        int selected = panels.isEmpty() ? 0 : Math.min(snapshot.selectedIndex(), panels.size() - 1);
        List<MainWindow.TabPlace> places = new ArrayList<>(panels.size());
        for (PanelSnapshot panel : panels) {
            places.add(new MainWindow.TabPlace(panel.panelId(),
                    panel.workingDirectory() == null ? home : Path.of(panel.workingDirectory())));
        }
        List<TerminalTab> tabs = window.addTabs(places);
        for (int i = 0; i < panels.size(); i++) {
            PanelSnapshot panel = panels.get(i);
            TerminalTab tab = tabs.get(i);
            tab.restoreTitles(panel.customTitle(), panel.programTitle());
            tab.persistScrollbackProperty().set(panel.persistScrollback());
            String scrollback = panel.scrollback();
            String label = separatorLabel.apply(panel);
            Runnable replay = () -> replays.replayThenStart(tab.session(), scrollback, label);
            // The tab the user sees first comes up first.
            queue.add(i == selected ? 0 : queue.size(), replay);
        }
        if (!panels.isEmpty()) {
            window.tabPane().getSelectionModel().select(selected);
        }
        queue.forEach(Runnable::run);
        window.selectedTab().ifPresent(tab -> reportSizeWhileReplaying(tab.view()));
        LOG.info("Restored {} tab(s); their scrollback is being replayed", panels.size());
        return !panels.isEmpty();
    }

    /**
     * Tells the replays the terminal size each time the window lays {@code view} out anew, until every tab is
     * replayed: a window's first layout need not be its last (the stage takes its saved size), and the tabs not
     * yet replayed should get the size they will be shown at. FX thread.
     */
    private void reportSizeWhileReplaying(TerminalView view) {
        InvalidationListener[] sized = new InvalidationListener[1];
        sized[0] = observable -> {
            if (!replays.replaying()) {
                view.widthProperty().removeListener(sized[0]);
                view.heightProperty().removeListener(sized[0]);
            } else if (view.getWidth() > 0 && view.getHeight() > 0) {
                // The view fits its grid in its own layout, which comes later in the same layout pass.
                Platform.runLater(() -> {
                    if (view.columns() > 0 && view.rows() > 0) {
                        replays.sizeKnown(new RestoreReplays.TabSize(view.columns(), view.rows()));
                    }
                });
            }
        };
        view.widthProperty().addListener(sized[0]);
        view.heightProperty().addListener(sized[0]);
        sized[0].invalidated(null);
    }

    /** Whether some restored tab is still being replayed (its shell not started yet). Any thread. */
    public boolean replaying() {
        return replays.replaying();
    }

    /** Stops the replays; tabs not replayed yet stay without a shell (the window is going away). */
    @Override
    public void close() {
        replays.close();
    }

    private static void place(Stage stage, SessionSnapshot snapshot, List<Rectangle2D> screens) {
        Rectangle2D bounds = WindowPlacement.clamp(snapshot.window(), screens);
        stage.setX(bounds.getMinX());
        stage.setY(bounds.getMinY());
        stage.setWidth(bounds.getWidth());
        stage.setHeight(bounds.getHeight());
        stage.setMaximized(snapshot.window().maximized());
    }
}
