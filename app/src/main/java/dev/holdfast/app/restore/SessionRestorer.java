package dev.holdfast.app.restore;

import dev.holdfast.app.tabs.TerminalTab;
import dev.holdfast.app.window.MainWindow;
import dev.holdfast.checkpoint.session.PanelSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshot;
import dev.holdfast.terminal.replay.InertReplay;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;
import javafx.geometry.Rectangle2D;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings a saved session back into a window: the tabs in order with their ids, titles and directories, the
 * selected tab, the window's place on screen. A tab's saved scrollback is replayed inertly into its model
 * before its shell starts, off the FX thread, so a 4,000-line replay never stalls the UI.
 */
public final class SessionRestorer {
    private static final Logger LOG = LoggerFactory.getLogger(SessionRestorer.class);

    private final InertReplay replay;
    private final Executor background;
    private final Path home;
    private final java.util.function.Function<PanelSnapshot, String> separatorLabel;

    /** @param separatorLabel the text of a tab's "── restored … ──" line */
    public SessionRestorer(InertReplay replay, Executor background, Path home,
                           java.util.function.Function<PanelSnapshot, String> separatorLabel) {
        this.replay = replay;
        this.background = background;
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
        for (int i = 0; i < panels.size(); i++) {
            PanelSnapshot panel = panels.get(i);
            Path directory = panel.workingDirectory() == null ? home : Path.of(panel.workingDirectory());
            TerminalTab tab = window.addTab(panel.panelId(), directory, i);
            tab.restoreTitles(panel.customTitle(), panel.programTitle());
            tab.persistScrollbackProperty().set(panel.persistScrollback());
            String scrollback = panel.scrollback();
            String label = separatorLabel.apply(panel);
            background.execute(() -> replayThenStart(tab, scrollback, label));
        }
        if (!panels.isEmpty()) {
            window.tabPane().getSelectionModel().select(Math.min(snapshot.selectedIndex(), panels.size() - 1));
        }
        LOG.info("Restored {} tab(s)", panels.size());
        return !panels.isEmpty();
    }

    private void replayThenStart(TerminalTab tab, String scrollback, String label) {
        try {
            if (scrollback != null && !scrollback.isEmpty()) {
                replay.replay(tab.session().terminal(), scrollback);
                replay.separator(tab.session().terminal(), label);
            }
        } catch (RuntimeException e) {
            // A replay that fails costs the tab its old scrollback, never its shell.
            LOG.warn("Panel {}: replaying saved scrollback failed; starting without it", tab.panelId(), e);
        }
        tab.session().start();
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
