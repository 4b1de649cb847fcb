package dev.holdfast.app.restore;

import dev.holdfast.app.tabs.TerminalTab;
import dev.holdfast.app.window.MainWindow;
import dev.holdfast.checkpoint.session.PanelForeground;
import dev.holdfast.checkpoint.session.PanelSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshot;
import dev.holdfast.terminal.agent.resume.Resumable;
import dev.holdfast.terminal.agent.resume.TabResume;
import dev.holdfast.terminal.replay.InertReplay;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
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

    /** What restored tabs offer to go back into, decided off the FX thread; told back per tab. */
    public interface Offers {
        /** Offers nothing: every tab comes back as it was. */
        Offers NONE = new Offers() {
            @Override
            public Map<UUID, TabResume> plan(List<PanelSnapshot> panels) {
                return Map.of();
            }

            @Override
            public void decided(PanelSnapshot panel, TabResume offer) {
            }
        };

        /** Every tab's offer (blocking: a look at the process table). */
        Map<UUID, TabResume> plan(List<PanelSnapshot> panels);

        /** A tab's offer, once decided and before its shell starts; on a replay thread. */
        void decided(PanelSnapshot panel, TabResume offer);
    }

    private final RestoreReplays replays;
    private final Path home;
    private final java.util.function.Function<PanelSnapshot, String> separatorLabel;
    private final Executor background;
    private final Offers offers;
    private final PromptTyping typing = new PromptTyping();

    /**
     * @param background where the restored tabs' shells are started
     * @param separatorLabel the text of a tab's "── restored … ──" line
     */
    public SessionRestorer(InertReplay replay, Executor background, Path home,
                           java.util.function.Function<PanelSnapshot, String> separatorLabel) {
        this(replay, background, home, separatorLabel, Offers.NONE);
    }

    /**
     * @param offers decides what each restored tab offers to go back into (its agent's conversation, tmux, ssh):
     *     its line goes above the prompt, its command is typed at it
     */
    public SessionRestorer(InertReplay replay, Executor background, Path home,
                           java.util.function.Function<PanelSnapshot, String> separatorLabel, Offers offers) {
        this(replay, background, home, separatorLabel, offers, new PendingHistories());
    }

    /**
     * @param histories where the restored tabs whose older history is still to come are kept, for the checkpoints
     *     and the quit save to ask
     */
    public SessionRestorer(InertReplay replay, Executor background, Path home,
                           java.util.function.Function<PanelSnapshot, String> separatorLabel, Offers offers,
                           PendingHistories histories) {
        this.replays = new RestoreReplays(replay, background, histories);
        this.home = home;
        this.separatorLabel = separatorLabel;
        this.background = background;
        this.offers = Objects.requireNonNull(offers, "offers");
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
            places.add(new MainWindow.TabPlace(panel.panelId(), startDirectory(panel)));
        }
        CompletableFuture<Map<UUID, TabResume>> planned = panels.isEmpty()
                ? CompletableFuture.completedFuture(Map.of())
                : CompletableFuture.supplyAsync(() -> offers.plan(panels), background);
        List<TerminalTab> tabs = window.addTabs(places);
        for (int i = 0; i < panels.size(); i++) {
            PanelSnapshot panel = panels.get(i);
            TerminalTab tab = tabs.get(i);
            tab.restoreTitles(panel.customTitle(), panel.programTitle());
            tab.persistScrollbackProperty().set(panel.persistScrollback());
            String scrollback = panel.scrollback();
            String label = separatorLabel.apply(panel);
            CompletableFuture<TabResume> offer = planned.thenApply(all -> {
                TabResume decided = all.getOrDefault(panel.panelId(), new TabResume.Nothing());
                offers.decided(panel, decided);
                return decided;
            });
            // The tab and its card are named after the conversation at once, until a program sets a title of its own.
            offer.thenAccept(decided -> conversationName(decided).ifPresent(name -> Platform.runLater(
                    () -> tab.restoreTitles(panel.customTitle(), name))));
            Runnable replay = () -> replays.replayThenStart(tab.session(), scrollback, label, offer, decided -> {
                if (decided instanceof TabResume.Offer typed) {
                    typing.typeAtPrompt(tab.session(), typed.what().command(), typed.run());
                }
            });
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

    /**
     * Whether some restored tab is still being replayed: its shell not started yet, or its older history not in
     * place yet. Any thread.
     */
    public boolean replaying() {
        return replays.replaying() || replays.historyPending();
    }

    /** Stops the replays; tabs not replayed yet stay without a shell (the window is going away). */
    @Override
    public void close() {
        replays.close();
        typing.close();
    }

    /** "Codex conversation ‘fix the flaky test’" for a tab that offers its agent's conversation. */
    static Optional<String> conversationName(TabResume decided) {
        if (decided instanceof TabResume.Offer offer && offer.what() instanceof Resumable.AgentConversation conversation) {
            return Optional.of(conversation.description());
        }
        return Optional.empty();
    }

    /**
     * Where a restored tab's shell starts: a bound agent's own directory (its resume must run there: {@code codex
     * resume} looks for the thread in the current directory), else the shell's.
     */
    static Path startDirectory(PanelSnapshot panel, Path home) {
        if (panel.foreground() instanceof PanelForeground.AgentRun run && run.bound() && run.workingDirectory() != null
                && Path.of(run.workingDirectory()).isAbsolute()) {
            return Path.of(run.workingDirectory());
        }
        return panel.workingDirectory() == null ? home : Path.of(panel.workingDirectory());
    }

    private Path startDirectory(PanelSnapshot panel) {
        return startDirectory(panel, home);
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
