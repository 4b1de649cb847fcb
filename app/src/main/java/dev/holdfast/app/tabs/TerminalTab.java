package dev.holdfast.app.tabs;

import dev.holdfast.app.view.FindBar;
import dev.holdfast.app.view.Palette;
import dev.holdfast.app.view.TerminalView;
import dev.holdfast.app.view.UiTicker;
import dev.holdfast.terminal.emulation.SessionEnd;
import dev.holdfast.terminal.emulation.TerminalEvents;
import dev.holdfast.terminal.emulation.TerminalSession;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tab;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;

/**
 * One tab: its terminal session, its view, and its title. The title is the user's name for the tab when
 * they gave one (double-click to rename), else what the program set with OSC 0/2, else the shell's name.
 */
public final class TerminalTab {
    private final TerminalSession session;
    private final TerminalView view;
    private final FindBar findBar;
    private final Tab tab = new Tab();
    private final Label titleLabel = new Label();
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "");
    private final Consumer<TerminalTab> onShellExit;
    private String customTitle;
    private String programTitle = "";
    private SessionEnd end;
    private boolean restored;
    private final BooleanProperty persistScrollback =
            new SimpleBooleanProperty(this, "persistScrollback", true);

    /**
     * @param sessionFactory builds the session given the events it must report to
     * @param onShellExit called on the FX thread when the shell exits normally, so the tab can close
     */
    public TerminalTab(Function<TerminalEvents, TerminalSession> sessionFactory, Palette palette, String fontFamily,
                       double fontSize, Executor searchExecutor, UiTicker ticker, Consumer<TerminalTab> onShellExit) {
        this.onShellExit = onShellExit;
        ForwardingEvents events = new ForwardingEvents();
        this.session = sessionFactory.apply(events);
        this.view = new TerminalView(session, palette, fontFamily, fontSize, searchExecutor, ticker);
        this.findBar = new FindBar(view);
        events.attach(this);
        tab.setContent(new BorderPane(view, findBar, null, null, null));
        tab.setGraphic(titleLabel);
        tab.setUserData(this);
        titleLabel.textProperty().bind(title);
        titleLabel.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2) {
                beginRename();
                e.consume();
            }
        });
        tab.setContextMenu(contextMenu());
        tab.setOnSelectionChanged(e -> {
            if (tab.isSelected()) {
                Platform.runLater(view::requestFocus);
            }
        });
        updateTitle();
    }

    /** The session's events arrive on its reader thread; this hops to the FX thread where needed. */
    private static final class ForwardingEvents implements TerminalEvents {
        private volatile TerminalTab owner;

        void attach(TerminalTab tab) {
            owner = tab;
            tab.view.modelChanged();
        }

        @Override
        public void modelChanged() {
            TerminalTab t = owner;
            if (t != null) {
                t.view.modelChanged();
            }
        }

        @Override
        public void titleChanged(String title) {
            Platform.runLater(() -> {
                TerminalTab t = owner;
                if (t != null) {
                    t.programTitle = title;
                    t.updateTitle();
                }
            });
        }

        @Override
        public void ended(SessionEnd sessionEnd) {
            Platform.runLater(() -> {
                TerminalTab t = owner;
                if (t != null) {
                    t.ended(sessionEnd);
                }
            });
        }
    }

    private void ended(SessionEnd sessionEnd) {
        if (end != null) {
            return;
        }
        end = sessionEnd;
        if (sessionEnd instanceof SessionEnd.Exited && !sessionEnd.deservesExplanation()) {
            onShellExit.accept(this);
        } else if (sessionEnd.deservesExplanation()) {
            programTitle = "ended";
            updateTitle();
        }
    }

    private ContextMenu contextMenu() {
        MenuItem rename = new MenuItem("Rename…");
        rename.setOnAction(e -> beginRename());
        CheckMenuItem keep = new CheckMenuItem("Keep scrollback across restarts");
        keep.selectedProperty().bindBidirectional(persistScrollback);
        return new ContextMenu(rename, keep);
    }

    /** Brings back the titles a restored tab had. */
    public void restoreTitles(String savedCustomTitle, String savedProgramTitle) {
        customTitle = savedCustomTitle == null || savedCustomTitle.isBlank() ? null : savedCustomTitle;
        programTitle = savedProgramTitle == null ? "" : savedProgramTitle;
        restored = true;
        updateTitle();
    }

    /** Whether this tab came back from a saved session. */
    public boolean isRestored() {
        return restored;
    }

    /** Whether this tab's scrollback is saved (at quit and in checkpoints). */
    public BooleanProperty persistScrollbackProperty() {
        return persistScrollback;
    }

    public String programTitle() {
        return programTitle;
    }

    public void beginRename() {
        TextField field = new TextField(title.get());
        field.setPrefColumnCount(Math.max(8, title.get().length()));
        tab.setGraphic(field);
        field.requestFocus();
        field.selectAll();
        Runnable commit = () -> {
            if (tab.getGraphic() == field) {
                rename(field.getText());
                tab.setGraphic(titleLabel);
                view.requestFocus();
            }
        };
        field.setOnAction(e -> commit.run());
        field.focusedProperty().addListener((obs, was, is) -> {
            if (!is) {
                commit.run();
            }
        });
        field.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                tab.setGraphic(titleLabel);
                view.requestFocus();
                e.consume();
            }
        });
    }

    /** Sets the user's title; blank goes back to the program's title. */
    public void rename(String newTitle) {
        customTitle = newTitle == null || newTitle.isBlank() ? null : newTitle.strip();
        updateTitle();
    }

    private void updateTitle() {
        String t;
        if (customTitle != null) {
            t = customTitle;
        } else if (!programTitle.isBlank()) {
            t = programTitle;
        } else {
            t = Path.of(session.spec().command().program()).getFileName().toString();
        }
        title.set(t);
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public String customTitle() {
        return customTitle;
    }

    public UUID panelId() {
        return session.spec().panelId();
    }

    public TerminalSession session() {
        return session;
    }

    public TerminalView view() {
        return view;
    }

    public FindBar findBar() {
        return findBar;
    }

    public Tab tab() {
        return tab;
    }

    /** Whether the shell has ended (the tab stays only to show why). */
    public boolean hasEnded() {
        return end != null;
    }
}
